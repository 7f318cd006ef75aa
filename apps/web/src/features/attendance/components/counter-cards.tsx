import { Card, Group, SimpleGrid, Skeleton, Text, UnstyledButton } from '@mantine/core';
import type { Counters } from '@vahub/shared/attendance/schemas';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatSeconds } from '../../../components/attendance/duration';
import { PRESENCE_COLORS } from '../../../components/attendance/presence';

/** A counter of the dashboard; `to` makes the card a link to the list it counts. */
export type CounterCard = { key: keyof Counters; to?: string; color?: string };

const value = (counters: Counters, key: keyof Counters): string => {
  const v = counters[key];
  return typeof v === 'number' && key.startsWith('worked_seconds') ? formatSeconds(v) : String(v);
};

/**
 * The default cards and where each leads, for a dashboard whose lists live under `href`: presence to the
 * online (or idle) list, today's figures to the attendance list filtered to today (`date`, the viewer's).
 */
export function counterCards(
  href: (sub: string) => string,
  { idle, date }: { idle: boolean; date?: string },
): CounterCard[] {
  const today = date ? `?from=${date}&to=${date}` : '';
  return [
    { key: 'online', to: href('virtual-assistants/online'), color: PRESENCE_COLORS.online },
    { key: 'idle', to: idle ? href('virtual-assistants/idle') : undefined, color: PRESENCE_COLORS.idle },
    { key: 'offline_on_shift', to: href('virtual-assistants/online') },
    { key: 'late_today', to: href(`attendance${today}`), color: 'orange' },
    { key: 'absent_today', to: href(`attendance${today}${today ? '&' : '?'}status=absent`), color: 'red' },
    { key: 'scheduled_today', to: href(`attendance${today}`) },
    { key: 'worked_seconds_today' },
    { key: 'worked_seconds_week' },
  ];
}

/** One card: its label, its value (a skeleton until the first answer), a link when it has a list. */
function CounterCardView({ card, counters }: { card: CounterCard; counters: Counters | undefined }) {
  const { t } = useTranslation('attendance');
  const body = (
    <Card withBorder radius="md" padding="sm" h="100%">
      <Group gap={6} wrap="nowrap">
        {card.color && (
          <span
            aria-hidden
            style={{
              width: 8,
              height: 8,
              borderRadius: '50%',
              background: `var(--mantine-color-${card.color}-6)`,
              flexShrink: 0,
            }}
          />
        )}
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          {t(`counters.${card.key}`)}
        </Text>
      </Group>
      {counters ? (
        <Text fz={26} fw={700} data-testid={`counter-${card.key}`}>
          {value(counters, card.key)}
        </Text>
      ) : (
        <Skeleton height={30} mt={4} width="50%" />
      )}
    </Card>
  );
  if (!card.to) return body;
  return (
    <UnstyledButton component={Link} to={card.to} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
      {body}
    </UnstyledButton>
  );
}

/** Live counters as cards (each a link to its filtered list). */
export function CounterCards({ counters, cards }: { counters: Counters | undefined; cards: CounterCard[] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="counters">
      {cards.map((card) => (
        <CounterCardView key={card.key} card={card} counters={counters} />
      ))}
    </SimpleGrid>
  );
}
