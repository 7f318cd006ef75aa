import { screen, within } from '@testing-library/react';
import type { OnlineItem } from '@vahub/shared/attendance/schemas';
import { attendance } from '@vahub/tracker-core/test-helpers';
import { beforeEach, describe, expect, it } from 'vitest';
import { ensureNamespace, initI18n } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { OnlineTable } from './online-table';

const person = (id: number, name: string) => ({
  id,
  name,
  first_name: name.split(' ')[0] ?? name,
  last_name: name.split(' ')[1] ?? '',
  email: `${name.split(' ')[0]?.toLowerCase()}@example.test`,
  timezone: 'UTC',
  avatar_url: null,
  company_name: null,
});

const row = (vaId: number, name: string, agentConnected: boolean): OnlineItem => ({
  va: person(vaId, name),
  client: person(99, 'Acme Client'),
  attendance: attendance({ id: vaId * 10, status: 'ongoing', started_at: '2026-03-02T01:00:00.000Z' }),
  contract: { id: 1, title: 'Inbox support' },
  online: true,
  idle: false,
  last_ping_at: '2026-03-02T01:30:00.000Z',
  active_window: null,
  recent_activity_percent: 50,
  agent_connected: agentConnected,
});

describe('OnlineTable', () => {
  beforeEach(async () => {
    await initI18n();
    await ensureNamespace('attendance');
  });

  it('badges the VAs whose desktop agent is connected, and only them', async () => {
    await renderWithProviders(
      <OnlineTable
        rows={[row(1, 'Ana Cruz', true), row(2, 'Ben Reyes', false)]}
        pending={false}
        viewerTimezone="UTC"
        empty="Nobody"
      />,
    );
    const [ana, ben] = screen.getAllByTestId('online-row');
    expect(within(ana as HTMLElement).getByTestId('online-agent')).toHaveTextContent('Agent');
    expect(within(ana as HTMLElement).getByLabelText('Desktop agent connected')).toBeInTheDocument();
    expect(within(ben as HTMLElement).queryByTestId('online-agent')).toBeNull();
  });
});
