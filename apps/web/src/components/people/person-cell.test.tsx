import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { PersonCell, PersonLink } from './person-cell';

describe('person cell', () => {
  it('shows initials without an avatar, and the email below the name', async () => {
    await renderWithProviders(<PersonCell name="Ann Lee" email="ann@example.com" />);
    expect(screen.getByText('AL')).toBeInTheDocument();
    expect(screen.getByText('Ann Lee')).toBeInTheDocument();
    expect(screen.getByText('ann@example.com')).toBeInTheDocument();
  });

  it('links the name to the person’s page', async () => {
    await renderWithProviders(
      <PersonLink name="Ann Lee" email="ann@example.com" to="/admin-dashboard/users/7" />,
    );
    expect(screen.getByRole('link', { name: 'Ann Lee' })).toHaveAttribute('href', '/admin-dashboard/users/7');
  });
});
