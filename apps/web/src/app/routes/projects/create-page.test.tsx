import { configure, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACME, type Call, loadTexts, ME, mockApi, project } from '../../../features/projects/test-utils';
import { renderWithProviders } from '../../../test/render';
import { CreateProjectPage } from './create-page';

const MANAGER = '/api/v1/manager-access';

const clientRow = {
  id: ACME.id,
  email: ACME.email,
  first_name: 'Claire',
  last_name: 'Whitman',
  name: ACME.name,
  company_name: ACME.company_name,
  contact_person: null,
  timezone: 'Asia/Manila',
  phone: null,
  status: 'active',
  created_at: '2026-01-01T00:00:00Z',
  managers: [],
};

function api() {
  return mockApi((url, method, body) => {
    if (url.pathname === '/api/v1/me') return ME;
    if (url.pathname === `${MANAGER}/clients`)
      return {
        data: [clientRow],
        meta: { current_page: 1, per_page: 100, total: 1, last_page: 1 },
        counts: { all: 1, active: 1, inactive: 0, onhold: 0 },
      };
    if (method === 'POST' && url.pathname.endsWith('/projects'))
      return { status: 201, body: project(42, (body as { name: string }).name) };
    return { status: 404, body: { message: 'Not found' } };
  });
}
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');

async function mount(route: string) {
  await renderWithProviders(
    <Routes>
      <Route path="/:dashboard/projects/create" element={<CreateProjectPage />} />
      <Route path="/:dashboard/projects/:id/board" element={<p>Board page</p>} />
    </Routes>,
    { route },
  );
  return userEvent.setup();
}

/** Types by pasting: one input event instead of one per key (the tests check what is sent, not typing). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

// A loaded machine renders slowly; waiting longer for what must appear changes no assertion.
configure({ asyncUtilTimeout: 10_000 });

beforeEach(loadTexts);
afterEach(() => vi.unstubAllGlobals());

describe('creating a project', { timeout: 20_000 }, () => {
  it('asks for a name, a client and a colour written #RRGGBB before it posts anything', async () => {
    const { calls } = api();
    const user = await mount('/manager-dashboard/projects/create');
    const color = screen.getByRole('textbox', { name: 'Colour' });
    await user.clear(color);
    await fill(user, color, 'purple');
    await user.click(screen.getByRole('button', { name: 'Create project' }));

    expect(await screen.findByText('Give the project a name')).toBeInTheDocument();
    expect(screen.getByText('Choose the client this project is for')).toBeInTheDocument();
    expect(screen.getByText('A colour is written #RRGGBB')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  it("posts the manager's project for the chosen client and opens its board", async () => {
    const { calls } = api();
    const user = await mount('/manager-dashboard/projects/create');
    await user.click(screen.getByRole('combobox', { name: 'Client' }));
    await user.click(await screen.findByRole('option', { name: 'Acme Dental (Claire Whitman)' }));
    await fill(user, screen.getByRole('textbox', { name: 'Name' }), 'Website relaunch');
    await fill(user, screen.getByRole('textbox', { name: 'Description' }), 'Pages for **spring**');
    const color = screen.getByRole('textbox', { name: 'Colour' });
    fireEvent.change(color, { target: { value: '#12B886' } });
    await user.click(screen.getByRole('button', { name: 'Create project' }));

    expect(await screen.findByText('Board page')).toBeInTheDocument();
    expect(posts(calls)[0].url.pathname).toBe(`${MANAGER}/projects`);
    expect(posts(calls)[0].body).toEqual({
      client_id: ACME.id,
      name: 'Website relaunch',
      description: 'Pages for **spring**',
      color: '#12B886',
    });
  });

  it('shows the description as rendered markdown in the preview, before it is saved', async () => {
    api();
    const user = await mount('/client-dashboard/projects/create');
    await fill(user, screen.getByRole('textbox', { name: 'Description' }), '**Spring** launch');
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview of Description' });
    expect(preview.querySelector('strong')).toHaveTextContent('Spring');
  });

  it("posts a client's own project without a client field", async () => {
    const { calls } = api();
    const user = await mount('/client-dashboard/projects/create');
    expect(screen.queryByRole('combobox', { name: 'Client' })).not.toBeInTheDocument();
    await fill(user, screen.getByRole('textbox', { name: 'Name' }), 'Bookkeeping');
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    await screen.findByText('Board page');
    expect(posts(calls)[0].url.pathname).toBe('/api/v1/client-access/projects');
    expect(posts(calls)[0].body).toEqual({ name: 'Bookkeeping', description: '', color: '#7950f2' });
  });
});
