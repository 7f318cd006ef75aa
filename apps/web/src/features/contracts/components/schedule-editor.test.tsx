import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureNamespace, initI18n } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { ScheduleEditor } from './schedule-editor';
import { DEFAULT_HOUR_PX } from './week-grid/geometry';
import { firstShiftHour } from './week-grid/week-grid';

const OVERLAP = 'This block overlaps the Monday 9:00 AM–5:00 PM block of this contract.';

function problem(status: number, message: string, field = 'start_minute') {
  return new Response(
    JSON.stringify({ status, title: 'Unprocessable Content', message, errors: { [field]: [message] } }),
    {
      status,
      headers: { 'Content-Type': 'application/problem+json' },
    },
  );
}

const blocks = [
  { id: 1, weekday: 1, start_minute: 540, end_minute: 1020 },
  { id: 2, weekday: 3, start_minute: 1320, end_minute: 360 },
];

describe('ScheduleEditor', () => {
  const fetchMock = vi.fn();
  beforeEach(async () => {
    vi.stubGlobal('fetch', fetchMock);
    await initI18n();
    await ensureNamespace('contracts');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('shows blocks in 12-hour time, with the overnight one split across midnight', async () => {
    await renderWithProviders(
      <ScheduleEditor contractId={7} timezone="UTC" viewerTimezone="UTC" blocks={blocks} area="admin" />,
    );
    expect(screen.getByRole('button', { name: 'Monday 9:00 AM – 5:00 PM' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Wednesday 10:00 PM – 6:00 AM' })).toBeInTheDocument();
    const thursday = document.querySelector('[data-weekday="4"]') as HTMLElement;
    expect(thursday.querySelector('[data-part="tail"]')).not.toBeNull();
  });

  it("shows the server's overlap message on the new block that caused it, keeping it", async () => {
    fetchMock.mockResolvedValueOnce(problem(422, OVERLAP));
    const saved = vi.fn(async () => undefined);
    await renderWithProviders(
      <ScheduleEditor
        contractId={7}
        timezone="UTC"
        viewerTimezone="UTC"
        blocks={[blocks[1]]}
        area="admin"
        onSaved={saved}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add block' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(OVERLAP);
    const block = alert.closest('[data-block]') as HTMLElement;
    expect(block).toHaveAttribute('data-error');
    expect(within(block).getByRole('button', { name: 'Monday 9:00 AM – 5:00 PM' })).toBeInTheDocument();
    // The other block is untouched.
    const other = screen
      .getByRole('button', { name: 'Wednesday 10:00 PM – 6:00 AM' })
      .closest('[data-block]');
    expect(other).not.toHaveAttribute('data-error');
    expect(saved).not.toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/admin-access/schedules');
    expect(JSON.parse(init.body)).toEqual({
      contract_id: 7,
      weekday: 1,
      start_minute: 540,
      end_minute: 1020,
    });
  });

  it('keeps a refused move where the user put it, with the error on that block', async () => {
    fetchMock.mockResolvedValueOnce(problem(422, OVERLAP));
    await renderWithProviders(
      <ScheduleEditor contractId={7} timezone="UTC" viewerTimezone="UTC" blocks={blocks} area="admin" />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Wednesday 10:00 PM – 6:00 AM' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Weekday' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Monday' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(OVERLAP);
    expect(within(alert.closest('[data-block]') as HTMLElement).getByRole('button')).toHaveAccessibleName(
      'Monday 10:00 PM – 6:00 AM',
    );
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/admin-access/schedules/2');
    expect(init.method).toBe('PATCH');
    // The Monday 9–5 block stays as it was, without an error.
    expect(
      screen.getByRole('button', { name: 'Monday 9:00 AM – 5:00 PM' }).closest('[data-block]'),
    ).not.toHaveAttribute('data-error');
  });

  it("labels the hours in the contract's zone and the viewer's, and is read-only without an area", async () => {
    await renderWithProviders(
      <ScheduleEditor
        contractId={7}
        timezone="America/Los_Angeles"
        viewerTimezone="Asia/Manila"
        blocks={blocks}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Add block' })).toBeNull();
    expect(screen.getByText(/Times in the contract's zone \(America\/Los_Angeles\)/)).toBeInTheDocument();
    expect(screen.getAllByText(/^You: /).length).toBeGreaterThan(0);
  });

  it('puts a refused move back as saved when the change is undone, and the error goes with it', async () => {
    fetchMock.mockResolvedValueOnce(problem(422, OVERLAP));
    await renderWithProviders(
      <ScheduleEditor contractId={7} timezone="UTC" viewerTimezone="UTC" blocks={blocks} area="admin" />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Wednesday 10:00 PM – 6:00 AM' }));
    let dialog = await screen.findByRole('dialog');
    // A saved block without a refused change has nothing to undo.
    expect(within(dialog).queryByRole('button', { name: 'Undo the change' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Weekday' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Monday' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(OVERLAP);

    await userEvent.click(screen.getByRole('button', { name: 'Monday 10:00 PM – 6:00 AM' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(OVERLAP)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Undo the change' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(
      screen.getByRole('button', { name: 'Wednesday 10:00 PM – 6:00 AM' }).closest('[data-block]'),
    ).not.toHaveAttribute('data-error');
    expect(document.querySelectorAll('[data-error]')).toHaveLength(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('drops the error once the refused block is fixed: first in the dialog, then on the grid when saved', async () => {
    fetchMock.mockResolvedValueOnce(problem(422, OVERLAP)).mockResolvedValueOnce(
      new Response(
        JSON.stringify({
          id: 3,
          contract_id: 7,
          weekday: 2,
          start_minute: 540,
          end_minute: 1020,
          overnight: false,
          duration_minutes: 480,
          effective_from: null,
          effective_to: null,
          created_at: '2026-01-01T00:00:00Z',
          updated_at: '2026-01-01T00:00:00Z',
        }),
        { status: 201, headers: { 'Content-Type': 'application/json' } },
      ),
    );
    const saved = vi.fn(async () => undefined);
    await renderWithProviders(
      <ScheduleEditor
        contractId={7}
        timezone="UTC"
        viewerTimezone="UTC"
        blocks={[blocks[0]]}
        area="admin"
        onSaved={saved}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add block' }));
    const alert = await screen.findByRole('alert');
    await userEvent.click(within(alert.closest('[data-block]') as HTMLElement).getByRole('button'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(OVERLAP)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Weekday' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Tuesday' }));
    // Changed: the refusal was about the old values.
    expect(within(dialog).queryByText(OVERLAP)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(saved).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelectorAll('[data-error]')).toHaveLength(0);
  });

  it('opens at the first shift of the week: a VA on US hours from Manila starts in the evening', async () => {
    expect(firstShiftHour([])).toBe(7);
    expect(firstShiftHour([{ start_minute: 21 * 60 + 30 }, { start_minute: 22 * 60 }])).toBe(21);
    expect(firstShiftHour([{ start_minute: 22 * 60 }, { start_minute: 5 * 60 }])).toBe(5);
    await renderWithProviders(
      <ScheduleEditor
        contractId={7}
        timezone="Asia/Manila"
        viewerTimezone="Asia/Manila"
        blocks={[{ id: 9, weekday: 1, start_minute: 21 * 60, end_minute: 5 * 60 }]}
      />,
    );
    const scroller = (document.querySelector('[data-weekday="1"]') as HTMLElement).closest(
      'div[class*="scroller"]',
    ) as HTMLElement;
    expect(scroller.scrollTop).toBe(21 * DEFAULT_HOUR_PX - 12);
  });
});
