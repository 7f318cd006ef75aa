import '@mantine/charts/styles.css';
import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A chart with its title. The drawing is one image to assistive technology, named by a sentence that says
 * what it shows; the table below it is where the numbers are read.
 */
export function ChartFrame({
  title,
  summary,
  children,
  testId,
}: {
  title: string;
  summary: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Text fw={600} size="sm" mb="xs">
        {title}
      </Text>
      <div role="img" aria-label={summary}>
        {children}
      </div>
    </Paper>
  );
}

/** A horizontal bar chart's height: a band per row, so names never overlap. */
export const barsHeight = (rows: number) => Math.max(160, rows * 34 + 70);

/** A day's short label on an axis ("Nov 20"), in the user's language; dates are calendar dates (UTC). */
export const dayLabel = (date: string, language: string) =>
  new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
