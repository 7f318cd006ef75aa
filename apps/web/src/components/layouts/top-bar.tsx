import { Anchor, Box, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ColorSchemeToggle } from '../ui/color-scheme-toggle';
import { LanguageSelect } from '../ui/language-select';

/** The brand links home; its name is its visible text (axe's label-content-name-mismatch, WCAG 2.5.3). */
export function Brand() {
  return (
    <Anchor component={Link} to="/" underline="never" c="inherit" fw={800} fz="lg">
      <Text span c="var(--mantine-color-anchor)" fw={800} fz="lg" inherit>
        VA
      </Text>{' '}
      Hub
    </Anchor>
  );
}

/** Header of the public layouts: brand, optional links, language and colour scheme. */
export function TopBar({ children }: { children?: ReactNode }) {
  return (
    <Box
      component="header"
      px="md"
      py="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Brand />
        <Group gap="sm" wrap="wrap">
          {children}
          <LanguageSelect />
          <ColorSchemeToggle />
        </Group>
      </Group>
    </Box>
  );
}

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a href="#main" className="skip-link">
      {t('common:skipToContent')}
    </a>
  );
}
