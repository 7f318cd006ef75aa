import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureNamespace, initI18n } from '../../../lib/i18n';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { DataExportSection } from './data-export-card';
import { EraseUserSection } from './erase-user-section';

const job = (fields: object) => ({
  id: '7b1c4a2e-1111-4222-8333-444455556666',
  scope: 'va',
  status: 'queued',
  steps_done: 0,
  steps_total: 14,
  progress: 0,
  file_name: 'my-data_2026-03-02.zip',
  url: null,
  error: null,
  created_at: '2026-03-02T09:00:00Z',
  finished_at: null,
  ...fields,
});

describe('data rights', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await initI18n();
    await ensureNamespace('data-rights');
    await ensureNamespace('errors');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a VA starts "Download my data", sees the progress, then the download link', async () => {
    let polls = 0;
    mockApi((url, method) => {
      if (url.pathname === '/api/v1/va-access/exports/me' && method === 'POST')
        return { status: 202, body: job({}) };
      polls += 1;
      return {
        body:
          polls < 2
            ? job({ status: 'running', steps_done: 7, progress: 50 })
            : job({ status: 'done', progress: 100, url: '/api/files/signed/x' }),
      };
    });
    await renderWithProviders(<DataExportSection area="va" />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Preparing the export… 50 %')).toBeInTheDocument();
    const link = await screen.findByRole(
      'link',
      { name: 'Download my-data_2026-03-02.zip' },
      { timeout: 5000 },
    );
    expect(link).toHaveAttribute('href', '/api/files/signed/x');
  });

  it('erasing a person waits for their typed name, then sends it', async () => {
    const { calls } = mockApi((url, method) =>
      url.pathname === '/api/v1/admin-access/user/12/erase' && method === 'POST'
        ? {
            body: {
              id: 12,
              alias: 'Erased person 3fa2c1',
              erased_at: '2026-03-02T09:00:00Z',
              screenshots_removed: 3,
              attachments_removed: 0,
              sessions_ended: 1,
            },
          }
        : { body: {} },
    );
    await renderWithProviders(<EraseUserSection user={{ id: 12, name: 'Ana Reyes' }} />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Erase personal data' }));
    const input = await screen.findByLabelText('Type Ana Reyes to confirm');
    const confirm = screen.getByRole('button', { name: 'Erase for good' });
    await user.type(input, 'Ana Reye');
    expect(confirm).toBeDisabled();
    await user.type(input, 's');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ confirm_name: 'Ana Reyes' });
  });
});
