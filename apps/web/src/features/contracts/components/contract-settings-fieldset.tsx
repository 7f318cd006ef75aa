import { Checkbox, Fieldset, NumberInput, SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { privacyAllowsImages } from '@vahub/shared/screenshots/privacy';
import { useTranslation } from 'react-i18next';
import {
  OnDemandSwitch,
  PrivacySelect,
  ScreenshotNoticeFields,
} from '../../../components/screenshots/privacy-fields';
import type { ContractFormValues } from './contract-form-values';

// `screenshots_enabled` and `blur_screenshots` follow the privacy tier (`reconcilePrivacy`): no fields of their own.
const BOOLEAN_SETTINGS = ['overtime_allowed', 'timesheet_approval_required'] as const;
const NUMBER_SETTINGS = [
  ['screenshots_per_hour', 1, 60],
  ['idle_timeout_minutes', 1, 240],
  ['late_grace_minutes', 0, 240],
  ['early_clock_in_minutes', 0, 240],
  ['vacation_days_per_year', 0, 365],
  ['sick_days_per_year', 0, 365],
  ['max_overtime_minutes', 0, 1440],
] as const;

/** The contract's tracking and leave settings, a part of the contract form. */
export function ContractSettingsFieldset({ form }: { form: UseFormReturnType<ContractFormValues> }) {
  const { t } = useTranslation('contracts');
  return (
    <Fieldset legend={t('form.settings')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mb="sm">
        <PrivacySelect
          value={form.values.settings.screenshot_privacy}
          onChange={(tier) => form.setFieldValue('settings.screenshot_privacy', tier)}
          error={form.errors['settings.screenshot_privacy']}
        />
        <OnDemandSwitch
          privacy={form.values.settings.screenshot_privacy}
          checked={form.values.settings.screenshots_on_demand}
          onChange={(on) => form.setFieldValue('settings.screenshots_on_demand', on)}
        />
        <ScreenshotNoticeFields
          privacy={form.values.settings.screenshot_privacy}
          notice={form.values.settings.screenshot_notice}
          mayMute={form.values.settings.va_may_mute_screenshot_notice}
          onNotice={(n) => form.setFieldValue('settings.screenshot_notice', n)}
          onMayMute={(on) => form.setFieldValue('settings.va_may_mute_screenshot_notice', on)}
          error={form.errors['settings.screenshot_notice']}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {BOOLEAN_SETTINGS.map((key) => (
          <Checkbox
            key={key}
            label={t(`settings.${key}`)}
            {...form.getInputProps(`settings.${key}`, { type: 'checkbox' })}
          />
        ))}
        {NUMBER_SETTINGS.map(([key, min, max]) => (
          <NumberInput
            key={key}
            label={t(`settings.${key}`)}
            min={min}
            max={max}
            clampBehavior="none"
            disabled={
              key === 'screenshots_per_hour' && !privacyAllowsImages(form.values.settings.screenshot_privacy)
            }
            {...form.getInputProps(`settings.${key}`)}
          />
        ))}
      </SimpleGrid>
    </Fieldset>
  );
}
