import { Notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONTRACT_DEFAULTS, type OrganizationSettings } from '@vahub/shared/organization/settings';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { SettingsForm } from './settings-form';
import { loadPeopleTexts, mockApi } from './test-utils';

const SETTINGS: OrganizationSettings = {
  id: 1,
  name: 'Acme VAs',
  timezone: 'Asia/Manila',
  contract_defaults: { ...CONTRACT_DEFAULTS },
  screenshot_policy: { retention_days: 180, va_delete_grace_minutes: 10 },
  timesheet_policy: { client_sign_off: true, sign_off_reminder_days: 3 },
  subscription: { plan_name: null, plan_valid_until: null, status: 1, active: true },
};

beforeEach(loadPeopleTexts);
afterEach(() => vi.unstubAllGlobals());

describe('organization settings: screenshots', () => {
  it('saves the privacy tier (with the two booleans it implies), on-demand, and the screenshot policy', async () => {
    const { calls } = mockApi((_url, init) => ({ ...SETTINGS, ...JSON.parse(String(init?.body ?? '{}')) }));
    await renderWithProviders(
      <>
        <Notifications />
        <SettingsForm settings={SETTINGS} />
      </>,
    );
    const user = userEvent.setup();
    const onDemand = screen.getByRole('switch', { name: /^Allow on-demand screenshots/ });
    expect(onDemand).toBeChecked();

    await user.click(screen.getByRole('combobox', { name: /^Screenshot privacy/ }));
    await user.click(await screen.findByRole('option', { name: /^Activity only/ }));
    // Without images there is nothing to ask for on demand.
    expect(screen.getByRole('combobox', { name: /^Screenshot privacy/ })).toHaveAccessibleDescription(
      /No images: keyboard and mouse activity/,
    );
    expect(onDemand).toBeDisabled();

    await user.click(screen.getByRole('combobox', { name: /^Screenshot privacy/ }));
    await user.click(await screen.findByRole('option', { name: /^Blurred/ }));
    expect(onDemand).toBeEnabled();
    await user.click(onDemand);
    const retention = screen.getByRole('textbox', { name: 'Keep images (days)' });
    await user.clear(retention);
    await user.type(retention, '30');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH' || c.method === 'PUT')).toBeDefined());
    const sent = calls.find((c) => c.method === 'PATCH' || c.method === 'PUT')?.body as Record<
      string,
      Record<string, unknown>
    >;
    expect(sent.contract_defaults).toMatchObject({
      screenshot_privacy: 'blurred',
      screenshots_enabled: true,
      blur_screenshots: true,
      screenshots_on_demand: false,
    });
    expect(sent.screenshot_policy).toEqual({ retention_days: 30, va_delete_grace_minutes: 10 });
  }, 20_000);
});

describe('organization settings: timesheets', () => {
  const patchOf = (calls: { method: string; body: unknown }[]) =>
    calls.find((c) => c.method === 'PATCH' || c.method === 'PUT')?.body as
      | Record<string, Record<string, unknown>>
      | undefined;

  it('turns client sign-off off and on and saves the reminder days', async () => {
    const { calls } = mockApi((_url, init) => ({ ...SETTINGS, ...JSON.parse(String(init?.body ?? '{}')) }));
    await renderWithProviders(
      <>
        <Notifications />
        <SettingsForm settings={SETTINGS} />
      </>,
    );
    const user = userEvent.setup();
    const signOff = screen.getByRole('switch', { name: /^Client sign-off/ });
    const reminder = screen.getByRole('textbox', { name: 'Remind clients after (days)' });
    expect(signOff).toBeChecked();
    expect(reminder).toHaveValue('3');
    // Without sign-off there is nothing to remind of.
    await user.click(signOff);
    expect(reminder).toBeDisabled();
    await user.click(signOff);
    expect(reminder).toBeEnabled();
    await user.clear(reminder);
    await user.type(reminder, '7');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(patchOf(calls)).toBeDefined());
    expect(patchOf(calls)?.timesheet_policy).toEqual({ client_sign_off: true, sign_off_reminder_days: 7 });
  }, 20_000);

  it('refuses reminder days beyond 1–30 on the field, as typed, and saves nothing (never a silent 30)', async () => {
    const { calls } = mockApi((_url, init) => ({ ...SETTINGS, ...JSON.parse(String(init?.body ?? '{}')) }));
    await renderWithProviders(<SettingsForm settings={SETTINGS} />);
    const user = userEvent.setup();
    const reminder = screen.getByRole('textbox', { name: 'Remind clients after (days)' });
    await user.clear(reminder);
    await user.type(reminder, '45');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be at most 30')).toBeInTheDocument();
    expect(reminder).toHaveValue('45');
    expect(patchOf(calls)).toBeUndefined();
  }, 20_000);
});
