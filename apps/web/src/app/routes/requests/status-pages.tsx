import { Anchor, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { REQUEST_STATUSES, REQUEST_TYPES } from '@vahub/shared/requests/schemas';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FilterSelect } from '../../../components/lists/filter-fields';
import { ListPagination } from '../../../components/lists/list-pagination';
import { PageTitle } from '../../../components/ui/page-title';
import { useCancelRequest } from '../../../features/requests/api/cancel-request';
import { ownFiltersOf } from '../../../features/requests/api/filters';
import { useMyRequest } from '../../../features/requests/api/get-my-request';
import { useMyRequests } from '../../../features/requests/api/list-my-requests';
import { requestProblemMessage } from '../../../features/requests/components/messages';
import { MyRequestsTable } from '../../../features/requests/components/my-requests-table';
import { formHref, NewRequestMenu } from '../../../features/requests/components/new-request-menu';
import { RequestDetails } from '../../../features/requests/components/request-details';
import { FORM_KINDS } from '../../../features/requests/components/request-form/kinds';
import { confirmDialog } from '../../../lib/confirm';
import { notify } from '../../../lib/notify';
import { useUrlParams } from '../../../lib/url-params';
import { LoadError, myRequestHref, myRequestsHref, validId } from './shared';

/** Nothing asked yet: say so, and offer each form. */
function FirstRequest() {
  const { t } = useTranslation('requests');
  return (
    <Paper withBorder radius="md" p="xl" data-testid="empty-state">
      <Stack align="center" gap="sm">
        <IconInbox size={32} stroke={1.4} aria-hidden />
        <Text c="dimmed" ta="center">
          {t('mine.empty')}
        </Text>
        <Group justify="center" gap="xs">
          {FORM_KINDS.map((kind) => (
            <Button key={kind} component={Link} to={formHref(kind)} variant="light" size="xs">
              {t(`kinds.${kind}.menu`)}
            </Button>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}

/** `requests/status`: the VA's requests and where they stand (filters status and type in the URL). */
export function MyRequestsPage() {
  const { t } = useTranslation('requests');
  const { params, update } = useUrlParams();
  const filters = useMemo(() => ownFiltersOf(params), [params]);
  const list = useMyRequests(filters);
  const narrowed = Boolean(filters.status || filters.type);
  const nothingYet = list.isSuccess && list.data.meta.total === 0 && !narrowed && filters.page === 1;
  return (
    <>
      <PageTitle title={t('mine.title')} text={t('mine.text')} actions={<NewRequestMenu />} />
      {list.isError && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
      {nothingYet ? (
        <FirstRequest />
      ) : (
        <>
          <Group gap="sm" align="flex-end" wrap="wrap" mb="md">
            <FilterSelect
              label={t('filters.status')}
              all={t('filters.all')}
              data={REQUEST_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              value={filters.status ?? null}
              onChange={(status) => update({ status })}
            />
            <FilterSelect
              label={t('filters.type')}
              all={t('filters.all')}
              data={REQUEST_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
              value={filters.type ?? null}
              onChange={(type) => update({ type })}
            />
          </Group>
          <MyRequestsTable
            rows={list.data?.data ?? []}
            pending={list.isPending}
            busy={list.isFetching}
            hrefOf={(r) => myRequestHref(r.id)}
          />
          <ListPagination meta={list.data?.meta} onPage={(page) => update({ page })} />
        </>
      )}
    </>
  );
}

/** `requests/status/:id`: one request of the VA, and Cancel while it is pending (after a confirmation). */
export function MyRequestPage() {
  const { t } = useTranslation('requests');
  const id = validId(useParams().id) ?? 0;
  const detail = useMyRequest(id);
  const cancel = useCancelRequest();
  const back = (
    <Anchor component={Link} to={myRequestsHref} size="sm">
      {t('detail.back')}
    </Anchor>
  );
  if (detail.isPending) return <Loader aria-label={t('common:loading')} />;
  if (detail.isError)
    return (
      <>
        <PageTitle title={t('detail.title')} text={back} />
        <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
      </>
    );
  const r = detail.data;
  const askCancel = () =>
    confirmDialog({
      title: t('detail.cancelTitle'),
      message: t('detail.cancelText'),
      confirmLabel: t('detail.cancel'),
      cancelLabel: t('detail.keep'),
      color: 'red',
      action: async () => {
        try {
          await cancel.mutateAsync(r.id);
          // The page stays: it refetches and shows the request cancelled.
          notify('green', t('detail.cancelled'));
        } catch (error) {
          notify('warning', requestProblemMessage(t, error));
          throw error;
        }
      },
    });
  return (
    <>
      <PageTitle
        title={t(`types.${r.type}`)}
        text={back}
        actions={
          r.status === 'pending' ? (
            <Button color="red" variant="light" onClick={() => void askCancel()}>
              {t('detail.cancel')}
            </Button>
          ) : undefined
        }
      />
      <Paper withBorder radius="md" p="md" maw={820}>
        <RequestDetails request={r} />
      </Paper>
    </>
  );
}
