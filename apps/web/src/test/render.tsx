import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { initI18n } from '../lib/i18n';
import { theme } from '../lib/theme';

export const testTheme = { ...theme, respectReducedMotion: true };

/** Renders inside the app's providers (Mantine in test mode, a fresh query client, a memory router, English). */
export async function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  await initI18n();
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return {
    client,
    ...render(
      <MantineProvider theme={testTheme} env="test">
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    ),
  };
}
