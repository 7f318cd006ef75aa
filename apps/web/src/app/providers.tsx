import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { useFirstPageShown } from '../lib/first-page';
import { queryClient } from '../lib/query-client';
import { colorSchemeManager, cssVariablesResolver, theme } from '../lib/theme';

const Overlays = lazy(() => import('./overlays').then((m) => ({ default: m.Overlays })));

/**
 * The overlays, loaded once the first page is shown (the store of each queues what comes before). A component of its
 * own: the first page's showing re-renders it alone, not the providers, whose new render would re-render every
 * Mantine part of the page (the theme's context) in one task right after the page's first commit.
 */
function LateOverlays() {
  const firstPageShown = useFirstPageShown();
  if (!firstPageShown) return null;
  return (
    <Suspense fallback={null}>
      <Overlays />
    </Suspense>
  );
}

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
        <LateOverlays />
      </QueryClientProvider>
    </MantineProvider>
  );
}
