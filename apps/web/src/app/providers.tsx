import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { queryClient } from '../lib/query-client';
import { colorSchemeManager, cssVariablesResolver, theme } from '../lib/theme';

const Overlays = lazy(() => import('./overlays').then((m) => ({ default: m.Overlays })));

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
      cssVariablesResolver={cssVariablesResolver}
    >
      <QueryClientProvider client={queryClient}>
        {children}
        <Suspense fallback={null}>
          <Overlays />
        </Suspense>
      </QueryClientProvider>
    </MantineProvider>
  );
}
