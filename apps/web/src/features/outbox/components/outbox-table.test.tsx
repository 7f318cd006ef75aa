import { screen, within } from '@testing-library/react';
import type { OutboxMail } from '@vahub/shared/organization/schemas';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { OutboxMailView } from './outbox-mail';
import { OutboxTable } from './outbox-table';

const mail = (fields: Partial<OutboxMail>): OutboxMail => ({
  id: 1,
  to: 'rosa@acme.test',
  subject: 'Verify your email',
  text: 'Open https://app.test/verify',
  html: null,
  attachments: [],
  status: 'sent',
  error: null,
  attempts: 1,
  sent_at: '2026-03-02T09:00:00Z',
  created_at: '2026-03-02T08:59:00Z',
  ...fields,
});

describe('OutboxTable', () => {
  it('shows each status, the attempts, and the error of a failed or retrying mail', async () => {
    await renderWithProviders(
      <OutboxTable
        onOpen={() => {}}
        mails={[
          mail({ id: 1, status: 'queued', attempts: 0, sent_at: null }),
          mail({ id: 2, status: 'queued', attempts: 1, sent_at: null, error: '451 Try again later' }),
          mail({ id: 3, status: 'failed', attempts: 6, sent_at: null, error: '550 No such user' }),
          mail({ id: 4, status: 'sent', attempts: 2 }),
          mail({ id: 5, status: 'kept', attempts: 0, sent_at: null }),
        ]}
      />,
    );
    const rows = screen.getAllByTestId('outbox-row');
    const cells = (i: number) =>
      within(rows[i])
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(0).slice(3, 5)).toEqual(['Queued', '0']);
    expect(cells(1).slice(3, 5)).toEqual(['Queued451 Try again later', '1']);
    expect(cells(2).slice(3, 5)).toEqual(['Failed550 No such user', '6']);
    expect(cells(3).slice(3, 5)).toEqual(['Sent', '2']);
    expect(cells(4).slice(3, 5)).toEqual(['Kept', '0']);
    expect(screen.getByRole('columnheader', { name: 'Attempts' })).toBeInTheDocument();
  });

  it('the mail view shows the whole error of a failed mail', async () => {
    await renderWithProviders(
      <OutboxMailView
        mail={mail({ status: 'failed', attempts: 6, sent_at: null, error: '550 No such user' })}
      />,
    );
    expect(screen.getByText('Failed')).toBeInTheDocument();
    expect(within(screen.getByTestId('outbox-mail-error')).getByText('550 No such user')).toBeInTheDocument();
    expect(screen.getByText('Last error')).toBeInTheDocument();
  });
});
