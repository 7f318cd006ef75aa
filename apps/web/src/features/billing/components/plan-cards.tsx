import { Button, Card, List, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Plan } from '@vahub/shared/organization/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ToneBadge } from '../../../components/ui/tone-badge';
import { formatPrice, intervalsOf } from './billing-state';

export interface PlanCardsProps {
  plans: Plan[];
  /** The organization's plan, marked. */
  currentPlanId: number | null;
  /** Billing is on (else nothing can be bought). */
  canChoose: boolean;
  onChoose: (plan: Plan) => void;
}

/** The plans as cards: monthly or yearly where both exist, seats, price in the plan's currency. */
export function PlanCards({ plans, currentPlanId, canChoose, onChoose }: PlanCardsProps) {
  const { t, i18n } = useTranslation();
  const intervals = intervalsOf(plans);
  const [interval, setInterval] = useState<'month' | 'year'>(intervals[0] ?? 'month');
  if (plans.length === 0) return <EmptyState>{t('subscription.empty')}</EmptyState>;
  const shown = plans.filter((p) => p.interval === interval);
  return (
    <Stack gap="md">
      {intervals.length > 1 && (
        <SegmentedControl
          aria-label={t('subscription.interval')}
          w="fit-content"
          value={interval}
          onChange={(v) => setInterval(v === 'year' ? 'year' : 'month')}
          data={[
            { value: 'month', label: t('subscription.monthly') },
            { value: 'year', label: t('subscription.yearly') },
          ]}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: Math.min(shown.length, 2) }} spacing="md">
        {shown.map((plan) => {
          const current = plan.id === currentPlanId;
          const buyable = canChoose && plan.price_id !== null;
          return (
            <Card key={plan.id} withBorder radius="md" padding="md" data-testid="plan-card">
              <Stack gap="xs" h="100%">
                <Title order={2} size="h4">
                  {plan.name} {current && <ToneBadge color="green">{t('subscription.current')}</ToneBadge>}
                </Title>
                <Text fz="xl" fw={700}>
                  {formatPrice(plan.price_cents, plan.currency, i18n.language)}{' '}
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
                {canChoose && plan.price_id === null && (
                  <Text size="xs" c="dimmed">
                    {t('subscription.notBuyable')}
                  </Text>
                )}
                <Button
                  mt="auto"
                  disabled={!buyable}
                  onClick={() => onChoose(plan)}
                  aria-label={`${t('subscription.choose')} ${plan.name}`}
                >
                  {t('subscription.choose')}
                </Button>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
