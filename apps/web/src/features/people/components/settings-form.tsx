import {
  Button,
  Card,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { reconcilePrivacy } from '@vahub/shared/contracts/settings';
import {
  CONTRACT_DEFAULTS,
  type ContractDefaults,
  type OrganizationSettings,
  SCREENSHOT_POLICY_DEFAULTS,
  type ScreenshotPolicy,
  settingsUpdateSchema,
  TIMESHEET_POLICY_DEFAULTS,
  type TimesheetPolicy,
} from '@vahub/shared/organization/settings';
import { privacyAllowsImages } from '@vahub/shared/screenshots/privacy';
import { useTranslation } from 'react-i18next';
import {
  OnDemandSwitch,
  PrivacySelect,
  ScreenshotNoticeFields,
} from '../../../components/screenshots/privacy-fields';
import { schemaErrors, showProblem } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useUpdateSettings } from '../api/organizations';
import { LocalDate } from './bits';
import { TimezoneSelect } from './timezone-select';

interface Values {
  name: string;
  timezone: string;
  contract_defaults: ContractDefaults;
  screenshot_policy: ScreenshotPolicy;
  timesheet_policy: TimesheetPolicy;
}

// `screenshots_enabled` and `blur_screenshots` follow the privacy tier (`reconcilePrivacy`).
const SWITCHES = ['overtime_allowed', 'timesheet_approval_required'] as const;
const NUMBERS = [
  'screenshots_per_hour',
  'idle_timeout_minutes',
  'late_grace_minutes',
  'early_clock_in_minutes',
  'vacation_days_per_year',
  'sick_days_per_year',
  'max_overtime_minutes',
] as const;

/** The form's values from the server's settings (built-in values under fields it does not send yet). */
const valuesOf = (s: OrganizationSettings): Values => ({
  name: s.name,
  timezone: s.timezone,
  contract_defaults: { ...CONTRACT_DEFAULTS, ...s.contract_defaults },
  screenshot_policy: { ...SCREENSHOT_POLICY_DEFAULTS, ...s.screenshot_policy },
  timesheet_policy: { ...TIMESHEET_POLICY_DEFAULTS, ...s.timesheet_policy },
});

const POLICY = [
  ['retention_days', 1, 3650],
  ['va_delete_grace_minutes', 0, 1440],
] as const;

/**
 * Organization name, default time zone, default contract settings, the screenshot policy, the timesheet policy
 * (client sign-off and its reminder) and the subscription.
 */
export function SettingsForm({ settings }: { settings: OrganizationSettings }) {
  const { t } = useTranslation('people');
  const { t: tc } = useTranslation('common');
  const update = useUpdateSettings();
  const form = useForm<Values>({
    initialValues: valuesOf(settings),
    validate: (values) => schemaErrors(settingsUpdateSchema, values, tc),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      const defaults = values.contract_defaults;
      // The spec's two booleans say what the tier says.
      const contract_defaults = reconcilePrivacy(defaults, {
        screenshot_privacy: defaults.screenshot_privacy,
      });
      const saved = await update.mutateAsync({ ...values, contract_defaults });
      form.setInitialValues(valuesOf(saved));
      notify('green', t('settings.saved'));
    } catch (err) {
      showProblem(tc, form, err);
    }
  });

  const sub = settings.subscription;
  const privacy = form.values.contract_defaults.screenshot_privacy;
  return (
    <form onSubmit={submit} noValidate aria-label={t('settings.title')}>
      <Stack gap="md" maw={880}>
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb="md">
            {t('settings.organization')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('settings.name')} withAsterisk {...form.getInputProps('name')} />
            <TimezoneSelect label={t('settings.timezone')} {...form.getInputProps('timezone')} />
          </SimpleGrid>
        </Card>
        <Card withBorder padding="lg">
          <Group justify="space-between" mb="md">
            <div>
              <Title order={2} size="h4">
                {t('settings.contractDefaults')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('settings.contractDefaultsText')}
              </Text>
            </div>
            <Button
              variant="default"
              size="xs"
              onClick={() => form.setFieldValue('contract_defaults', { ...CONTRACT_DEFAULTS })}
            >
              {t('settings.resetDefaults')}
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
            {NUMBERS.map((key) => (
              <NumberInput
                clampBehavior="none"
                key={key}
                label={t(`settings.fields.${key}`)}
                description={t('settings.defaultIs', { value: CONTRACT_DEFAULTS[key] })}
                min={0}
                disabled={key === 'screenshots_per_hour' && !privacyAllowsImages(privacy)}
                {...form.getInputProps(`contract_defaults.${key}`)}
              />
            ))}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="md">
            <PrivacySelect
              value={privacy}
              onChange={(tier) => form.setFieldValue('contract_defaults.screenshot_privacy', tier)}
              error={form.errors['contract_defaults.screenshot_privacy']}
            />
            <OnDemandSwitch
              privacy={privacy}
              checked={form.values.contract_defaults.screenshots_on_demand}
              onChange={(on) => form.setFieldValue('contract_defaults.screenshots_on_demand', on)}
            />
            <ScreenshotNoticeFields
              privacy={privacy}
              notice={form.values.contract_defaults.screenshot_notice}
              mayMute={form.values.contract_defaults.va_may_mute_screenshot_notice}
              onNotice={(n) => form.setFieldValue('contract_defaults.screenshot_notice', n)}
              onMayMute={(on) => form.setFieldValue('contract_defaults.va_may_mute_screenshot_notice', on)}
              error={form.errors['contract_defaults.screenshot_notice']}
            />
          </SimpleGrid>
          <Stack gap="xs" mt="md">
            {SWITCHES.map((key) => (
              <Switch
                key={key}
                label={t(`settings.fields.${key}`)}
                {...form.getInputProps(`contract_defaults.${key}`, { type: 'checkbox' })}
              />
            ))}
          </Stack>
        </Card>
        <Card withBorder padding="lg">
          <Title order={2} size="h4">
            {t('settings.screenshots')}
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {t('settings.screenshotsText')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {POLICY.map(([key, min, max]) => (
              <NumberInput
                clampBehavior="none"
                key={key}
                label={t(`settings.policy.${key}`)}
                description={t(`settings.policy.${key}Hint`, { value: SCREENSHOT_POLICY_DEFAULTS[key] })}
                min={min}
                max={max}
                {...form.getInputProps(`screenshot_policy.${key}`)}
              />
            ))}
          </SimpleGrid>
        </Card>
        <Card withBorder padding="lg">
          <Title order={2} size="h4">
            {t('settings.timesheets')}
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {t('settings.timesheetsText')}
          </Text>
          <Stack gap="sm">
            <Switch
              label={t('settings.timesheetPolicy.client_sign_off')}
              description={t('settings.timesheetPolicy.client_sign_offHint')}
              {...form.getInputProps('timesheet_policy.client_sign_off', { type: 'checkbox' })}
            />
            <NumberInput
              clampBehavior="none"
              label={t('settings.timesheetPolicy.sign_off_reminder_days')}
              description={t('settings.timesheetPolicy.sign_off_reminder_daysHint', {
                value: TIMESHEET_POLICY_DEFAULTS.sign_off_reminder_days,
              })}
              min={1}
              max={30}
              maw={320}
              // Reminders are about sign-off: without it there is nothing to remind of.
              disabled={!form.values.timesheet_policy.client_sign_off}
              {...form.getInputProps('timesheet_policy.sign_off_reminder_days')}
            />
          </Stack>
        </Card>
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb="md">
            {t('settings.subscription')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t('orgs.plan')}
              </Text>
              <Text size="sm">{sub.plan_name ?? tc('none')}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t('settings.expires')}
              </Text>
              <Text size="sm" data-testid="subscription-expiry">
                <LocalDate value={sub.plan_valid_until} />
              </Text>
            </div>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {tc('status')}
              </Text>
              <Text size="sm">{t(sub.active ? 'orgs.active' : 'orgs.inactive')}</Text>
            </div>
          </SimpleGrid>
        </Card>
        <Group>
          <Button type="submit" loading={update.isPending}>
            {tc('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
