import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureNamespace, initI18n } from '../../../lib/i18n';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { WebhooksCard } from './webhooks-card';

const BASE = '/api/v1/admin-access/webhooks';
const SECRET = 'whsec_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

const hook = (over: Record<string, unknown> = {}) => ({
  id: 5,
  url: 'https://hooks.example.com/vahub',
  description: 'Payroll',
  events: ['user.deactivated', 'attendance.started'],
  format: 'standard',
  enabled: true,
  disabled_reason: null,
  failing_since: null,
  created_at: '2026-03-02T09:00:00.000Z',
  created_by: 1,
  ...over,
});

const delivery = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  webhook_id: 5,
  event_id: `evt_${id}`,
  event: 'user.deactivated',
  status: 'succeeded',
  attempt: 1,
  response_code: 200,
  duration_ms: 42,
  error: null,
  next_retry_at: null,
  last_attempt_at: '2026-03-02T09:00:00.000Z',
  created_at: '2026-03-02T09:00:00.000Z',
  ...over,
});

beforeEach(async () => {
  await initI18n();
  await ensureNamespace('webhooks');
  await ensureNamespace('errors');
});
afterEach(() => vi.unstubAllGlobals());

describe('Settings → Webhooks', () => {
  it('shows the empty state; creating an endpoint shows its secret once, with a copy button, then never again', async () => {
    const hooks: ReturnType<typeof hook>[] = [];
    const api = mockApi((url, method, body) => {
      if (url.pathname === BASE && method === 'GET') return { data: hooks };
      if (url.pathname === BASE && method === 'POST') {
        hooks.push(hook({ ...(body as Record<string, unknown>) }));
        return { status: 201, body: { ...hook(body as Record<string, unknown>), secret: SECRET } };
      }
      return { status: 404, body: {} };
    });
    const user = userEvent.setup();
    await renderWithProviders(<WebhooksCard />);
    expect(await screen.findByTestId('webhooks-empty')).toHaveTextContent('No webhook endpoints yet');

    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook endpoint' });
    // Nothing chosen: the form says so and sends nothing.
    await user.type(within(dialog).getByRole('textbox', { name: /URL/ }), 'https://hooks.example.com/vahub');
    await user.click(within(dialog).getByRole('button', { name: 'Create endpoint' }));
    expect(await within(dialog).findByText('Choose at least one event.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.click(within(dialog).getByRole('checkbox', { name: /User deactivated/ }));
    await user.click(within(dialog).getByRole('radio', { name: 'Slack-compatible' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create endpoint' }));
    const secret = await screen.findByTestId('webhook-secret');
    expect(secret).toHaveTextContent(SECRET);
    expect(screen.getByText('Copy it now: it is shown only this once.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      url: 'https://hooks.example.com/vahub',
      description: '',
      events: ['user.deactivated'],
      format: 'slack',
    });

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('webhook-secret')).not.toBeInTheDocument();
    expect(await screen.findByText('https://hooks.example.com/vahub')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('shows a field error the server gives (a private address)', async () => {
    mockApi((url, method) => {
      if (url.pathname === BASE && method === 'GET') return { data: [] };
      return {
        status: 422,
        body: {
          type: 'about:blank',
          title: 'Unprocessable Content',
          status: 422,
          message: 'The given data was invalid.',
          errors: {
            url: [
              'This address is private, loopback or link-local, so the server will not call it (server-side request forgery).',
            ],
          },
        },
      };
    });
    const user = userEvent.setup();
    await renderWithProviders(<WebhooksCard />);
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /URL/ }), 'https://10.0.0.5/hook');
    await user.click(within(dialog).getByRole('checkbox', { name: /User deactivated/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create endpoint' }));
    expect(await within(dialog).findByText(/This address is private/)).toBeInTheDocument();
    expect(screen.queryByTestId('webhook-secret')).not.toBeInTheDocument();
  });

  it('the test button shows the result; the log shows status, code, duration, attempt, next retry, and redelivers', async () => {
    const api = mockApi((url, method) => {
      if (url.pathname === BASE && method === 'GET') return { data: [hook()] };
      if (url.pathname === `${BASE}/5/test`) return delivery(9, { event: 'ping', duration_ms: 31 });
      if (url.pathname === `${BASE}/5/deliveries`)
        return {
          data: [
            delivery(8, {
              status: 'retrying',
              attempt: 2,
              response_code: 503,
              duration_ms: 120,
              error: 'the receiver answered 503',
              next_retry_at: '2026-03-02T09:04:00.000Z',
            }),
            delivery(7),
          ],
          meta: { current_page: 1, per_page: 20, total: 2, last_page: 1 },
        };
      if (url.pathname === `${BASE}/deliveries/8/redeliver`)
        return { status: 202, body: delivery(10, { status: 'pending', attempt: 0 }) };
      return { status: 404, body: {} };
    });
    const user = userEvent.setup();
    await renderWithProviders(<WebhooksCard />);
    await user.click(await screen.findByRole('button', { name: 'Send test' }));
    expect(await screen.findByTestId('webhook-test-result')).toHaveTextContent(
      'The test event was delivered: 200 in 31 ms.',
    );

    await user.click(screen.getByRole('button', { name: 'Deliveries' }));
    const table = await screen.findByRole('table', { name: 'Deliveries' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Retrying');
    expect(rows[1]).toHaveTextContent('503');
    expect(rows[1]).toHaveTextContent('120 ms');
    expect(rows[1]).toHaveTextContent('the receiver answered 503');
    expect(within(rows[1]).getAllByRole('cell')[4]).toHaveTextContent('2');
    expect(within(rows[1]).getAllByRole('cell')[5]).not.toHaveTextContent('—');
    expect(rows[2]).toHaveTextContent('Delivered');
    expect(within(rows[2]).getAllByRole('cell')[5]).toHaveTextContent('—');

    await user.click(within(rows[1]).getByRole('button', { name: 'Redeliver user.deactivated #8' }));
    await vi.waitFor(() =>
      expect(
        api.calls.some((c) => c.method === 'POST' && c.url.pathname === `${BASE}/deliveries/8/redeliver`),
      ).toBe(true),
    );
  });

  it('shows an endpoint the server switched off for failing', async () => {
    mockApi(() => ({ data: [hook({ enabled: false, disabled_reason: 'failing' })] }));
    await renderWithProviders(<WebhooksCard />);
    expect(await screen.findByText('Off: kept failing')).toBeInTheDocument();
  });
});
