import { Anchor, Button, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { type ReactNode, Suspense, use, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dashboardPath } from '../../../config/paths';
import { ensureNamespace, i18n } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import type { ScreenshotArea } from '../api/filters';
import { useScreenshotDetail } from '../api/queries';
import { useTakeScreenshot } from '../api/take';
import { CaptureBadges } from './badges';
import { ShotImage } from './shot-image';

type Va = { id: number; name: string };

/** The capture that just arrived, in a dialog, with the way to the viewer. */
function ResultDialog({
  area,
  va,
  id,
  onClose,
}: {
  area: ScreenshotArea;
  va: Va;
  id: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('screenshots');
  const detail = useScreenshotDetail(area, id);
  return (
    <Modal opened onClose={onClose} size="xl" title={t('take.arrived', { name: va.name })}>
      {detail.data ? (
        <Stack gap="sm">
          <ShotImage
            shot={detail.data}
            alt={t('image.altNamed', { name: va.name })}
            full
            onBroken={() => void detail.refetch()}
          />
          <CaptureBadges shot={detail.data} />
          <Anchor component={Link} to={dashboardPath(area, `screenshots/${id}`)} onClick={onClose}>
            {t('take.openViewer')}
          </Anchor>
        </Stack>
      ) : detail.isError ? (
        <Text c="red">{t('errors.title')}</Text>
      ) : (
        <Loader aria-label={t('common:loading')} />
      )}
    </Modal>
  );
}

function TakeButton({ area, va, compact }: { area: ScreenshotArea; va: Va; compact?: boolean }) {
  const { t } = useTranslation('screenshots');
  const { state, start, reset } = useTakeScreenshot(area);
  const pending = state.status === 'pending';
  useEffect(() => {
    if (state.status !== 'failed') return;
    notify('warning', state.message, t('take.failed', { name: va.name }));
    reset();
  }, [state, reset, t, va.name]);
  return (
    <>
      <Button
        size={compact ? 'xs' : 'sm'}
        variant="light"
        leftSection={<IconCamera size={compact ? 14 : 16} aria-hidden />}
        loading={pending}
        loaderProps={{ type: 'dots' }}
        aria-label={t('take.labelOf', { name: va.name })}
        onClick={() => void start(va.id)}
        data-testid="take-screenshot"
      >
        {t('take.button')}
      </Button>
      <span className="visually-hidden" role="status" aria-live="polite">
        {pending ? t('take.waiting', { name: va.name }) : ''}
      </span>
      {state.status === 'done' && (
        <ResultDialog area={area} va={va} id={state.screenshotId} onClose={reset} />
      )}
    </>
  );
}

// Other features' pages (the online list) render this button without the screenshots texts: load them once.
let texts: Promise<void> | undefined;
function Texts({ children }: { children: ReactNode }) {
  if (!i18n.hasResourceBundle('en', 'screenshots')) {
    texts ??= ensureNamespace('screenshots');
    use(texts);
  }
  return <>{children}</>;
}

/**
 * "Take screenshot" of a VA now: pending while their tracker captures, then the image in a dialog; the
 * reason in a notification when it fails (no shift, a contract that forbids it, no tracker able to capture,
 * no answer in time).
 */
export function TakeScreenshotButton(props: { area: ScreenshotArea; va: Va; compact?: boolean }) {
  return (
    <Suspense fallback={<Loader size="xs" aria-label="Loading" />}>
      <Texts>
        <TakeButton {...props} />
      </Texts>
    </Suspense>
  );
}
