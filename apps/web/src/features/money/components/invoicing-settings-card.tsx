import {
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Skeleton,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { InvoicingSettings } from '@vahub/shared/money/schemas';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showProblem } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useInvoicingSettings, useUpdateInvoicingSettings } from '../api/money';
import { LogoField } from './logo-field';

/**
 * Settings → Invoicing: number prefix, next number, payment terms, default tax, footer, managers' access, the
 * logo (`logoUrl`: the organization's, which the page reads).
 */
export function InvoicingSettingsCard({ logoUrl }: { logoUrl: string | null }) {
  const { t } = useTranslation('money');
  const settings = useInvoicingSettings();
  const save = useUpdateInvoicingSettings();
  const form = useForm<InvoicingSettings>({
    initialValues: {
      prefix: '',
      next_number: 1,
      payment_terms_days: 14,
      tax_rate: 0,
      footer: '',
      managers_handle_invoices: false,
      managers_see_pay: false,
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form follows the server's values once loaded
  useEffect(() => {
    if (settings.data) form.setValues({ ...settings.data, footer: settings.data.footer ?? '' });
  }, [settings.data]);
  const submit = form.onSubmit(async (v) => {
    try {
      await save.mutateAsync({ ...v, footer: v.footer || null });
      notify('green', t('settings.saved'));
    } catch (err) {
      showProblem(t, form, err);
    }
  });
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} data-testid="invoicing-settings">
      <Title order={4}>{t('settings.title')}</Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('settings.text')}
      </Text>
      {!settings.data ? (
        <Skeleton height={120} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('settings.prefix')}
              description={t('settings.prefixHint')}
              {...form.getInputProps('prefix')}
            />
            <NumberInput label={t('settings.nextNumber')} min={1} {...form.getInputProps('next_number')} />
            <NumberInput
              label={t('settings.terms')}
              min={0}
              max={365}
              {...form.getInputProps('payment_terms_days')}
            />
            <NumberInput
              label={t('settings.tax')}
              min={0}
              max={100}
              decimalScale={2}
              {...form.getInputProps('tax_rate')}
            />
          </SimpleGrid>
          <LogoField url={logoUrl} />
          <Textarea label={t('settings.footer')} mt="sm" minRows={2} {...form.getInputProps('footer')} />
          <Switch
            mt="sm"
            label={t('settings.managers')}
            {...form.getInputProps('managers_handle_invoices', { type: 'checkbox' })}
          />
          <Switch
            mt="sm"
            label={t('settings.managersSeePay')}
            description={t('settings.managersSeePayHint')}
            {...form.getInputProps('managers_see_pay', { type: 'checkbox' })}
          />
          <Group justify="flex-end" mt="sm">
            <Button type="submit" loading={save.isPending}>
              {t('settings.save')}
            </Button>
          </Group>
        </>
      )}
    </Paper>
  );
}
