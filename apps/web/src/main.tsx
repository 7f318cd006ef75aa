import './app/styles/first-page';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { initI18n } from './lib/i18n';

async function start() {
  const i18n = initI18n();
  // A task of its own for the router's first navigation: the code's evaluation is one long task already.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const router = createAppRouter();
  await i18n;
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  const reactRoot = createRoot(root);
  // A transition renders in slices of a few milliseconds with the page shown once complete: the first render of a
  // page (the whole app) does not hold the main thread in one long task, which a phone would feel as a frozen page.
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
}

void start();
