import { Select, type SelectProps, Stack, Switch, Text } from '@mantine/core';
import { SCREENSHOT_NOTICES, type ScreenshotNoticeMode } from '@vahub/shared/contracts/settings';
import {
  privacyAllowsImages,
  SCREENSHOT_PRIVACY,
  type ScreenshotPrivacy,
} from '@vahub/shared/screenshots/privacy';
import { useTranslation } from 'react-i18next';

type Field<T> = { value: T; onChange: (value: T) => void; error?: unknown };

/**
 * A contract's screenshot privacy (the contract form and the organization's defaults): the tier, with what
 * each means, and whether a supervisor may ask for a screenshot now. The texts are the shell's
 * (`screenshotPrivacy.*`), since two features use these fields. Screenshots per hour and on demand mean
 * nothing without images: the caller disables them when `privacyAllowsImages` says so.
 */
export function PrivacySelect({
  value,
  onChange,
  error,
  ...rest
}: Field<ScreenshotPrivacy> & Omit<SelectProps, 'value' | 'onChange' | 'error' | 'data'>) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('screenshotPrivacy.label')}
      description={t(`screenshotPrivacy.explain.${value}`)}
      data={SCREENSHOT_PRIVACY.map((p) => ({ value: p, label: t(`screenshotPrivacy.tier.${p}`) }))}
      value={value}
      onChange={(v) => v && onChange(v as ScreenshotPrivacy)}
      allowDeselect={false}
      error={error as string | undefined}
      renderOption={({ option }) => (
        <Stack gap={0}>
          <Text size="sm">{option.label}</Text>
          <Text size="xs" c="dimmed">
            {t(`screenshotPrivacy.explain.${option.value}`)}
          </Text>
        </Stack>
      )}
      {...rest}
    />
  );
}

/** "Allow on-demand screenshots", off and disabled while the tier takes no images. */
export function OnDemandSwitch({
  privacy,
  checked,
  onChange,
}: {
  privacy: ScreenshotPrivacy;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  const images = privacyAllowsImages(privacy);
  return (
    <Switch
      label={t('screenshotPrivacy.onDemand')}
      description={t(images ? 'screenshotPrivacy.onDemandHint' : 'screenshotPrivacy.onDemandNoImages')}
      checked={images && checked}
      disabled={!images}
      onChange={(e) => onChange(e.currentTarget.checked)}
    />
  );
}

/**
 * How the desktop agent tells the VA of scheduled screenshots (issue 32): one notice each or a count per hour,
 * and whether the VA may turn those notices off (recording started/stopped and on-demand screenshots are always
 * said). Meaningless without images: disabled then, like the on-demand switch.
 */
export function ScreenshotNoticeFields({
  privacy,
  notice,
  mayMute,
  onNotice,
  onMayMute,
  error,
}: {
  privacy: ScreenshotPrivacy;
  notice: ScreenshotNoticeMode;
  mayMute: boolean;
  onNotice: (notice: ScreenshotNoticeMode) => void;
  onMayMute: (mayMute: boolean) => void;
  error?: unknown;
}) {
  const { t } = useTranslation();
  const images = privacyAllowsImages(privacy);
  return (
    <>
      <Select
        label={t('screenshotPrivacy.notice')}
        description={t(
          images ? `screenshotPrivacy.noticeExplain.${notice}` : 'screenshotPrivacy.noticeNoImages',
        )}
        data={SCREENSHOT_NOTICES.map((n) => ({ value: n, label: t(`screenshotPrivacy.noticeMode.${n}`) }))}
        value={notice}
        onChange={(v) => v && onNotice(v as ScreenshotNoticeMode)}
        allowDeselect={false}
        disabled={!images}
        error={error as string | undefined}
      />
      <Switch
        label={t('screenshotPrivacy.mayMute')}
        description={t('screenshotPrivacy.mayMuteHint')}
        checked={mayMute}
        disabled={!images}
        onChange={(e) => onMayMute(e.currentTarget.checked)}
      />
    </>
  );
}
