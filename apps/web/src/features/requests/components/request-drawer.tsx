import { Divider, Drawer, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/load-error';
import type { RequestArea } from '../api/areas';
import { useRequest } from '../api/get-request';
import { DecisionPanel } from './decision-panel';
import { RequestDetails } from './request-details';

/** A request of the queue in a side drawer: its details and effect, then the decision. */
export function RequestDrawer({
  area,
  id,
  onClose,
}: {
  area: RequestArea;
  id: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('requests');
  const detail = useRequest(area, id);
  const r = detail.data;
  return (
    <Drawer
      opened={Boolean(id)}
      onClose={onClose}
      position="right"
      size="lg"
      title={r ? t('drawer.title', { name: r.va.name, type: t(`types.${r.type}`) }) : t('drawer.loading')}
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      {detail.isPending && id ? <Loader aria-label={t('common:loading')} /> : null}
      {detail.isError && (
        <LoadError ns="requests" error={detail.error} onRetry={() => void detail.refetch()} />
      )}
      {r && (
        <Stack gap="md">
          <RequestDetails request={r} withVa />
          <Divider />
          <DecisionPanel key={`${r.id}-${r.status}`} request={r} area={area} onDeleted={onClose} />
        </Stack>
      )}
    </Drawer>
  );
}
