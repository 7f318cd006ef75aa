import { screen, within } from '@testing-library/react';
import type { BackupRun } from '@vahub/shared/system/backups';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { BackupsCard, formatSize } from './backups-card';

const run = (fields: Partial<BackupRun>): BackupRun => ({
  id: 1,
  status: 'succeeded',
  started_at: '2026-03-02T03:00:00Z',
  finished_at: '2026-03-02T03:00:04Z',
  file_name: 'vahub-backup-2026-03-02T03-00-00-000Z.zip',
  size_bytes: 3_500_000,
  error: null,
  ...fields,
});

describe('BackupsCard', () => {
  it('shows the schedule and each run: status, file and size, or the error', async () => {
    await renderWithProviders(
      <BackupsCard
        overview={{
          schedule: '0 3 * * *',
          keep: 7,
          runs: [
            run({ id: 2, status: 'failed', file_name: null, size_bytes: null, error: 'the disk is full' }),
            run({ id: 1 }),
          ],
        }}
      />,
    );
    expect(screen.getByTestId('backups-schedule').textContent).toContain('0 3 * * *');
    const rows = screen.getAllByTestId('backup-run');
    expect(within(rows[0]).getByText('the disk is full')).toBeTruthy();
    expect(within(rows[1]).getByText('3.3 MB')).toBeTruthy();
  });

  it('says when scheduled backups are off and none ran', async () => {
    await renderWithProviders(<BackupsCard overview={{ schedule: null, keep: 7, runs: [] }} />);
    expect(screen.queryAllByTestId('backup-run')).toHaveLength(0);
    expect(screen.getByTestId('backups-schedule').textContent).toMatch(/BACKUP_CRON/);
  });

  it('sizes in the largest unit', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(2048)).toBe('2.0 KB');
  });
});
