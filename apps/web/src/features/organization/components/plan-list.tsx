import { Badge, Button, Card, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Plan } from '@vahub/shared/organization/schemas';
import { useTranslation } from 'react-i18next';

export interface PlanListProps {
  plans: Plan[];
  canChoose: boolean;
  pendingId: number | null;
  onChoose: (plan: Plan) => void;
}

const price = (plan: Plan, locale: string): string =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: plan.currency.toUpperCase() }).format(
    plan.price_cents / 100,
  );

export function PlanList({ plans, canChoose, pendingId, onChoose }: PlanListProps) {
  const { t, i18n } = useTranslation();
  if (plans.length === 0) return <Text c="dimmed">{t('subscription.empty')}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: Math.min(plans.length, 2) }} spacing="md">
      {plans.map((plan) => (
        <Card key={plan.id} withBorder radius="md" padding="md">
          <Stack gap="xs" h="100%">
            <Title order={2} size="h4">
              {plan.name} {plan.is_default && <Badge variant="light">★</Badge>}
            </Title>
            <Text fz="xl" fw={700}>
              {price(plan, i18n.language)}{' '}
              <Text span size="sm" c="dimmed">
                {plan.interval === 'year' ? t('subscription.perYear') : t('subscription.perMonth')}
              </Text>
            </Text>
            <Text size="sm" c="dimmed">
              {plan.description}
            </Text>
            <Text size="sm">{t('subscription.users', { count: plan.max_users })}</Text>
            {plan.features.length > 0 && (
              <List size="sm" spacing={2}>
                {plan.features.map((f) => (
                  <List.Item key={f}>{f}</List.Item>
                ))}
              </List>
            )}
            <Button
              mt="auto"
              disabled={!canChoose}
              loading={pendingId === plan.id}
              onClick={() => onChoose(plan)}
              aria-label={`${t('subscription.choose')} ${plan.name}`}
            >
              {t('subscription.choose')}
            </Button>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
