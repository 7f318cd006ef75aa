import { Alert, Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { ERASE_AFTER_DAYS } from '@vahub/shared/data-rights/schemas';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemFieldErrors, problemMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useDataRightsSettings, useUpdateDataRightsSettings } from '../api/data-rights';
import { DataExportSection } from './data-export-card';
import { WithDataRightsTexts } from './data-rights-texts';

/** Settings: how many days after a deactivation the daily job erases the person's data. */
function ErasurePeriodCard() {
  const { t } = useTranslation('data-rights');
  const settings = useDataRightsSettings();
  const update = useUpdateDataRightsSettings();
  const [days, setDays] = useState<number | string>(ERASE_AFTER_DAYS.default);
  useEffect(() => {
    if (settings.data) setDays(settings.data.erase_after_days);
  }, [settings.data]);
  const valid =
    typeof days === 'number' &&
    Number.isInteger(days) &&
    days >= ERASE_AFTER_DAYS.min &&
    days <= ERASE_AFTER_DAYS.max;
  const fieldError = update.isError ? problemFieldErrors(t, update.error).erase_after_days : undefined;
  return (
    <Card withBorder maw={880} mt="md" data-testid="erasure-period">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!valid) return;
          update.mutate(
            { erase_after_days: days as number },
            { onSuccess: () => notify('green', t('period.saved')) },
          );
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('period.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('period.text')}
          </Text>
          <NumberInput
            label={t('period.label')}
            min={ERASE_AFTER_DAYS.min}
            max={ERASE_AFTER_DAYS.max}
            allowDecimal={false}
            value={days}
            onChange={setDays}
            maw={240}
            error={
              !valid
                ? t('period.invalid', { min: ERASE_AFTER_DAYS.min, max: ERASE_AFTER_DAYS.max })
                : fieldError
            }
          />
          {update.isError && !fieldError && (
            <Alert color="red" role="alert">
              {problemMessage(t, update.error)}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={update.isPending} disabled={!valid || settings.isLoading}>
              {t('period.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** Settings → data: the organization's export and the erasure period. */
export function DataRightsSettingsSection() {
  return (
    <WithDataRightsTexts>
      <DataExportSection area="admin" />
      <ErasurePeriodCard />
    </WithDataRightsTexts>
  );
}
