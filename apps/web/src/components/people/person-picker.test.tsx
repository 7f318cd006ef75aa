import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { PeopleMultiSelect, PersonSelect } from './person-picker';

const person = (id: number, name: string, email: string) => ({
  id,
  name,
  email,
  roles: [{ name: 'manager' }],
  status: 'active',
  timezone: 'UTC',
});

function stubPeople() {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      urls.push(new URL(String(input), 'http://localhost'));
      const data = [
        person(5, 'Maria Santos', 'maria@example.com'),
        person(6, 'Liam Turner', 'liam@example.com'),
      ];
      return new Response(JSON.stringify({ data }), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return urls;
}

afterEach(() => vi.unstubAllGlobals());

describe('person picker', () => {
  it('offers the people of a role and status, by name with email, leaving out the excluded', async () => {
    const urls = stubPeople();
    const onChange = vi.fn();
    await renderWithProviders(
      <PersonSelect
        label="Manager"
        roles={['manager']}
        status="active"
        exclude={[6]}
        withEmail
        onChange={onChange}
      />,
    );
    await waitFor(() => expect(urls).toHaveLength(1));
    expect(urls[0].pathname).toBe('/api/v1/admin-access/users');
    expect(Object.fromEntries(urls[0].searchParams)).toEqual({ roles: 'manager', status: 'active' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Manager' }));
    expect(
      await screen.findByRole('option', { name: 'Maria Santos (maria@example.com)' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Liam/ })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'Maria Santos (maria@example.com)' }));
    expect(onChange).toHaveBeenCalledWith('5', expect.anything());
  });

  it('keeps a current choice the list no longer holds, and picks several', async () => {
    stubPeople();
    function Several() {
      const [value, setValue] = useState<string[]>(['9']);
      return (
        <>
          <PeopleMultiSelect
            label="Managers"
            roles={['manager']}
            keep={[{ id: 9, name: 'Gone Person' }]}
            value={value}
            onChange={setValue}
          />
          <output data-testid="value">{value.join(',')}</output>
        </>
      );
    }
    await renderWithProviders(<Several />);
    expect((await screen.findAllByText('Gone Person')).length).toBeGreaterThan(0);
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Managers' }));
    await user.click(await screen.findByRole('option', { name: 'Liam Turner' }));
    expect(screen.getByTestId('value')).toHaveTextContent('9,6');
  });

  it('asks nothing while disabled', async () => {
    const urls = stubPeople();
    await renderWithProviders(<PersonSelect label="Client" roles={['client']} enabled={false} />);
    expect(screen.getByRole('combobox', { name: 'Client' })).toBeInTheDocument();
    expect(urls).toHaveLength(0);
  });
});
