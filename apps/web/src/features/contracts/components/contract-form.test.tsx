import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Contract } from '@vahub/shared/contracts/schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureNamespace, initI18n } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { ContractForm } from './contract-form';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

// jsdom has no `document.fonts`, which Mantine's autosizing textarea (the description) listens to.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });

// A loaded machine renders slowly; waiting longer for what must appear changes no assertion.
configure({ asyncUtilTimeout: 10_000 });

// Out of range is refused with the field's message, never clamped or cut (issue 23, item 15): the form keeps
// what was typed, says why, and sends nothing.
describe('ContractForm', { timeout: 30_000 }, () => {
  const fetchMock = vi.fn();
  beforeEach(async () => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (url: string) => {
      if (url.startsWith('/api/v1/admin-access/users')) return json({ data: [] });
      if (url.includes('settings')) return json({ contract_defaults: {} });
      return json({ message: 'Not found' }, 404);
    });
    await initI18n();
    await ensureNamespace('contracts');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('keeps a negative rate and 999 screenshots an hour as typed, and says why on each field', async () => {
    await renderWithProviders(<ContractForm fixed={{ va_id: 1, client_id: 2 }} onCreated={() => {}} />);
    const user = userEvent.setup();
    const rate = await screen.findByLabelText('Hourly rate');
    await user.type(rate, '-5');
    const perHour = screen.getByLabelText('Screenshots per hour');
    await user.clear(perHour);
    await user.type(perHour, '999');
    await user.type(screen.getByLabelText(/^Title/), 'Inbox');
    await user.click(screen.getByRole('button', { name: 'Create draft' }));
    // Blurred and submitted: nothing clamped to 0 or 60.
    expect(rate).toHaveValue('-5');
    expect(perHour).toHaveValue('999');
    expect(await screen.findByText('The rate cannot be negative')).toBeInTheDocument();
    expect(screen.getByText('At most 60')).toBeInTheDocument();
    await waitFor(() => expect(rate).toHaveAttribute('aria-invalid', 'true'));
    expect(perHour).toHaveAttribute('aria-invalid', 'true');
    expect(
      fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'POST'),
    ).toBe(false);
  });

  it("offers a pay currency beside the pay rate, the contract's by default, and sends the one chosen", async () => {
    const contract = {
      id: 7,
      va_id: 1,
      client_id: 2,
      title: 'Inbox',
      description: null,
      status: 'draft',
      start_date: '2026-03-02',
      end_date: null,
      timezone: 'UTC',
      hourly_rate: 25,
      currency: 'USD',
      pay_rate: 10,
      pay_overtime_multiplier: 1.5,
      settings: null,
    } as unknown as Contract;
    const bodies: Array<Record<string, unknown>> = [];
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PATCH') {
        bodies.push(JSON.parse(String(init.body)));
        return json({ ...contract, pay_currency: 'PHP' });
      }
      if (url.startsWith('/api/v1/admin-access/users')) return json({ data: [] });
      if (url.includes('settings')) return json({ contract_defaults: {} });
      return json({ message: 'Not found' }, 404);
    });
    await renderWithProviders(<ContractForm contract={contract} onCreated={() => {}} />);
    const user = userEvent.setup();
    // The select's input (Mantine keeps a hidden one beside it for forms).
    const pay = (await screen.findAllByLabelText('Pay currency')).find(
      (el) => el.getAttribute('type') !== 'hidden',
    )!;
    expect(pay).toHaveValue('USD');
    await user.click(pay);
    await user.click(await screen.findByRole('option', { name: 'PHP' }));
    expect(pay).toHaveValue('PHP');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ pay_rate: 10, pay_currency: 'PHP', currency: 'USD' });
  });
  it('sets how the VA is told of screenshots, with its help text, and whether the VA may turn that off', async () => {
    const posts: Array<Record<string, unknown>> = [];
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        return json({ id: 9 }, 201);
      }
      if (url.startsWith('/api/v1/admin-access/users')) return json({ data: [] });
      if (url.includes('settings')) return json({ contract_defaults: {} });
      return json({ message: 'Not found' }, 404);
    });
    await renderWithProviders(<ContractForm fixed={{ va_id: 1, client_id: 2 }} onCreated={() => {}} />);
    const user = userEvent.setup();
    const notice = (await screen.findAllByLabelText("Screenshot notices on the VA's computer")).find(
      (el) => el.getAttribute('type') !== 'hidden',
    )!;
    expect(notice).toHaveValue('One notice per screenshot');
    expect(
      screen.getByText('The desktop agent tells the VA each time it takes a screenshot.'),
    ).toBeInTheDocument();
    await user.click(notice);
    await user.click(await screen.findByRole('option', { name: 'A count per hour' }));
    expect(
      screen.getByText('The desktop agent tells the VA once an hour how many screenshots it took.'),
    ).toBeInTheDocument();
    const mayMute = screen.getByLabelText(/^The VA may turn screenshot notices off/);
    expect(mayMute).not.toBeChecked();
    expect(
      screen.getByText(
        'Notices that recording started or stopped, and of screenshots asked for on demand, always stay.',
      ),
    ).toBeInTheDocument();
    await user.click(mayMute);
    await user.type(screen.getByLabelText(/^Title/), 'Inbox');
    await user.click(screen.getByRole('button', { name: 'Create draft' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].settings).toMatchObject({
      screenshot_notice: 'hourly',
      va_may_mute_screenshot_notice: true,
    });
  });
});
