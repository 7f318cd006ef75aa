import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Plan } from '@vahub/shared/organization/schemas';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { PlanCards } from './plan-cards';

const plan = (over: Partial<Plan>): Plan => ({
  id: 1,
  name: 'Team',
  description: 'For teams',
  price_cents: 9900,
  currency: 'usd',
  interval: 'month',
  max_users: 25,
  price_id: 'price_team',
  provider_price_id: 'price_team',
  features: ['Projects'],
  is_default: true,
  ...over,
});

const PLANS = [
  plan({}),
  plan({ id: 2, name: 'Starter', price_cents: 2900, max_users: 5, price_id: null, provider_price_id: null }),
  plan({ id: 3, name: 'Team yearly', interval: 'year', price_cents: 99000, price_id: 'price_team_year' }),
];

describe('the plan cards', () => {
  it('shows one interval at a time, marks the current plan, and offers only plans with a price', async () => {
    const onChoose = vi.fn();
    await renderWithProviders(<PlanCards plans={PLANS} currentPlanId={1} canChoose onChoose={onChoose} />);
    const cards = screen.getAllByTestId('plan-card');
    expect(cards.map((c) => within(c).getByRole('heading').textContent?.trim())).toEqual([
      'Team Current plan',
      'Starter',
    ]);
    expect(cards[0]).toHaveTextContent('$99.00');
    expect(within(cards[1]).getByRole('button', { name: 'Choose Starter' })).toBeDisabled();
    expect(cards[1]).toHaveTextContent('Not available for purchase yet.');
    await userEvent.click(within(cards[0]).getByRole('button', { name: 'Choose Team' }));
    expect(onChoose).toHaveBeenCalledWith(PLANS[0]);

    await userEvent.click(screen.getByRole('radio', { name: 'Yearly' }));
    const yearly = screen.getAllByTestId('plan-card');
    expect(yearly).toHaveLength(1);
    expect(yearly[0]).toHaveTextContent('Team yearly');
    expect(yearly[0]).toHaveTextContent('$990.00');
  });

  it('offers nothing with billing off, and says so when there is no plan', async () => {
    const { unmount } = await renderWithProviders(
      <PlanCards plans={PLANS.slice(0, 1)} currentPlanId={null} canChoose={false} onChoose={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Choose Team' })).toBeDisabled();
    expect(screen.queryByRole('radio')).toBeNull();
    unmount();
    await renderWithProviders(<PlanCards plans={[]} currentPlanId={null} canChoose onChoose={vi.fn()} />);
    expect(screen.getByTestId('empty-state')).toHaveTextContent('No plans are available.');
  });
});
