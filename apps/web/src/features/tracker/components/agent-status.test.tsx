import { screen, within } from '@testing-library/react';
import { currentShift } from '@vahub/tracker-core/test-helpers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureNamespace, initI18n } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import en from '../locales/en.json';
import { AgentStatus } from './agent-status';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const WINDOWS = 'https://downloads.example.test/vahub-agent-win-x64.zip';
const LINUX = 'https://downloads.example.test/vahub-agent-linux-x64.tar.gz';

describe('AgentStatus', () => {
  const fetchMock = vi.fn();
  // The server's answers: the VA's current shift (with agent_connected) and the configured download links.
  type Links = { windows: string | null; mac: string | null; linux: string | null };
  const serve = (agentConnected: boolean, links: Links = { windows: WINDOWS, mac: null, linux: LINUX }) =>
    fetchMock.mockImplementation(async (url: string) =>
      url.endsWith('/attendance/current/user')
        ? json(currentShift(null, { agent_connected: agentConnected }))
        : url.endsWith('/config/app-download-links')
          ? json(links)
          : new Response(null, { status: 404 }),
    );
  const calledPaths = () => fetchMock.mock.calls.map(([url]) => String(url));

  beforeEach(async () => {
    vi.stubGlobal('fetch', fetchMock);
    await initI18n();
    await ensureNamespace('tracker');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('offers the configured downloads while the agent is not connected', async () => {
    serve(false);
    await renderWithProviders(<AgentStatus connected={false} />);
    const status = await screen.findByTestId('agent-status');
    expect(status).toHaveAttribute('data-connected', 'false');
    expect(await within(status).findByText(en.agent.notConnectedDownload)).toBeInTheDocument();
    expect(within(status).getByRole('link', { name: 'Windows' })).toHaveAttribute('href', WINDOWS);
    expect(within(status).getByRole('link', { name: 'Linux' })).toHaveAttribute('href', LINUX);
    // No macOS build is configured (none exists): no link to nowhere.
    expect(within(status).queryByRole('link', { name: 'macOS' })).toBeNull();
    expect(within(status).getByText(en.webLimits)).toBeInTheDocument();
  });

  it('says whom to ask when the operator configured no download', async () => {
    serve(false, { windows: null, mac: null, linux: null });
    await renderWithProviders(<AgentStatus connected={false} />);
    expect(await screen.findByText(en.agent.noLinks)).toBeInTheDocument();
    expect(screen.getByText(en.agent.notConnected)).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it("follows the server's answer: connected once the agent's socket is open, without asking for links", async () => {
    serve(true);
    await renderWithProviders(<AgentStatus connected={false} />);
    expect(await screen.findByText(en.agent.connected)).toBeInTheDocument();
    expect(screen.getByTestId('agent-status')).toHaveAttribute('data-connected', 'true');
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText(en.webLimits)).toBeNull();
    expect(calledPaths().some((p) => p.endsWith('/attendance/current/user'))).toBe(true);
  });
});
