import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './tone-badge.module.css';

/** A light badge whose text keeps WCAG AA contrast in both colour schemes (Mantine's light green does not). */
export function ToneBadge({
  color,
  children,
  ...rest
}: { color: string; children: ReactNode } & Record<`data-${string}`, string>) {
  return (
    <Badge
      variant="light"
      color={color}
      classNames={{ label: classes.label }}
      style={{
        flexShrink: 0,
        overflow: 'visible',
        minWidth: 'max-content',
        ['--tone-fg-light' as string]: `color-mix(in srgb, var(--mantine-color-${color}-9), black 35%)`,
        ['--tone-fg-dark' as string]: `var(--mantine-color-${color}-2)`,
      }}
      {...rest}
    >
      {children}
    </Badge>
  );
}
