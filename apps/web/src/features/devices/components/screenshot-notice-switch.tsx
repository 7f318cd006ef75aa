import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { problemMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useScreenshotNotice, useSetScreenshotNotice } from '../api/devices';

/**
 * The VA's profile, "Connected computers": "Notify me of each scheduled screenshot" (issue 32). On means the
 * contract's notices; off (only where a contract allows it, else disabled with the reason) silences the
 * scheduled-screenshot notices on all the VA's computers. Start/stop and on-demand notices always stay.
 */
export function ScreenshotNoticeSwitch() {
  const { t } = useTranslation();
  const pref = useScreenshotNotice();
  const save = useSetScreenshotNotice();
  if (!pref.data) return null;
  const { muted, allowed } = pref.data;
  // A VA who muted while allowed may always turn the notices back on.
  const disabled = save.isPending || (!allowed && !muted);
  return (
    <Switch
      label={t('device.noticeLabel')}
      description={
        allowed ? `${t('device.noticeHint')} ${t('device.noticeAllowedSome')}` : t('device.noticeNotAllowed')
      }
      checked={!muted}
      disabled={disabled}
      onChange={(e) => {
        const next = !e.currentTarget.checked;
        save.mutate(next, {
          onSuccess: () => notify('green', t('device.noticeSaved')),
          onError: (err) => notify('warning', problemMessage(t, err)),
        });
      }}
    />
  );
}
