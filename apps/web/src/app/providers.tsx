import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { useFirstPageShown } from '../lib/first-page';
import { queryClient } from '../lib/query-client';
import { colorSchemeManager, cssVariablesResolver, theme } from '../lib/theme';

const Overlays = lazy(() => import('./overlays').then((m) => ({ default: m.Overlays })));

export function AppProviders({ children }: { children: ReactNode }) {
  // The overlays load once the first page is shown (the store of each queues what comes before).
  const firstPageShown = useFirstPageShown();
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
      cssVariablesResolver={cssVariablesResolver}
    >
      <QueryClientProvider client={queryClient}>
        {children}
        {firstPageShown && (
          <Suspense fallback={null}>
            <Overlays />
          </Suspense>
        )}
      </QueryClientProvider>
    </MantineProvider>
  );
}
