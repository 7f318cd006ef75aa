import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ActivityBar, activityColor } from './activity-bar';
import { formatSeconds, formatWorkedOf } from './duration';
import { presenceOf } from './presence';
import { PresenceDot } from './presence-dot';
import { AttendanceStatusBadge } from './status-badge';
import { sameWallClock, ZonedTime } from './zoned-time';

describe('formatSeconds', () => {
  it("reads as the spec's '2 h 30 min'", () => {
    expect(formatSeconds(9000)).toBe('2 h 30 min');
    expect(formatSeconds(7200)).toBe('2 h');
    expect(formatSeconds(1500)).toBe('25 min');
    expect(formatWorkedOf(9000, 28800)).toBe('2 h 30 min / 8 h');
  });

  it('counts whole minutes only (59 s is not a minute) and never goes negative', () => {
    expect(formatSeconds(59)).toBe('0 min');
    expect(formatSeconds(119)).toBe('1 min');
    expect(formatSeconds(-30)).toBe('0 min');
  });
});

describe('presenceOf', () => {
  it('idle wins over online, and neither is offline', () => {
    expect(presenceOf({ online: true, idle: true })).toBe('idle');
    expect(presenceOf({ online: true, idle: false })).toBe('online');
    expect(presenceOf({ online: false, idle: false })).toBe('offline');
  });
});

describe('AttendanceStatusBadge', () => {
  it('names the status, and lateness beside it', async () => {
    await renderWithProviders(
      <>
        <AttendanceStatusBadge status="on_leave" />
        <AttendanceStatusBadge status="completed" late />
      </>,
    );
    expect(screen.getByText('On leave')).toBeInTheDocument();
    expect(screen.getByText('Completed · late')).toBeInTheDocument();
  });
});

describe('PresenceDot', () => {
  it('says the presence in words, not only in colour', async () => {
    await renderWithProviders(<PresenceDot presence="idle" />);
    const dot = screen.getByTestId('presence');
    expect(dot).toHaveAttribute('data-presence', 'idle');
    expect(within(dot).getByText('Idle')).toBeVisible();
  });

  it('keeps the words for screen readers when compact', async () => {
    await renderWithProviders(<PresenceDot presence="offline" compact />);
    expect(screen.getByText('Offline')).toHaveClass('visually-hidden');
    expect(screen.getByTestId('presence')).toHaveAttribute('title', 'Offline');
  });
});

describe('ActivityBar', () => {
  it('shows the share, clamped to 0–100, with a colour by level', async () => {
    await renderWithProviders(<ActivityBar percent={140} />);
    expect(screen.getByRole('progressbar', { name: 'Activity 100 %' })).toBeInTheDocument();
    expect(activityColor(75)).toBe('green');
    expect(activityColor(45)).toBe('yellow');
    expect(activityColor(10)).toBe('red');
  });

  it('shows a dash before any ping', async () => {
    await renderWithProviders(<ActivityBar percent={null} />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText('No activity yet')).toHaveClass('visually-hidden');
  });
});

describe('ZonedTime', () => {
  const instant = '2026-03-10T13:00:00.000Z';

  it("shows the viewer's time, and the shift's zone (flag, named time) when its clock differs", async () => {
    await renderWithProviders(
      <ZonedTime value={instant} viewerTimezone="America/New_York" shiftTimezone="Asia/Manila" />,
    );
    // 13:00 UTC is 9:00 in New York (EDT since 8 March) and 21:00 in Manila.
    expect(screen.getByText(/^9:00\sAM$/)).toHaveAttribute('dateTime', instant);
    expect(screen.getByRole('button', { name: /9:00\sPM in Asia\/Manila/ })).toBeInTheDocument();
    // The flag is that of the zone the time shown is in: New York's (US), not Manila's.
    expect(screen.getByRole('img', { name: 'United States' })).toBeInTheDocument();
  });

  it('a Manila viewer sees the Philippines flag beside Manila times of a New York shift', async () => {
    await renderWithProviders(
      <ZonedTime value={instant} viewerTimezone="Asia/Manila" shiftTimezone="America/New_York" />,
    );
    expect(screen.getByText(/^9:00\sPM$/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Philippines' })).toBeInTheDocument();
  });

  it('shows no second zone when both read the same wall clock', async () => {
    await renderWithProviders(
      <ZonedTime value={instant} viewerTimezone="Asia/Manila" shiftTimezone="Asia/Shanghai" />,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(sameWallClock(new Date(instant), 'Asia/Manila', 'Asia/Shanghai')).toBe(true);
    expect(sameWallClock(new Date(instant), 'Asia/Manila', 'UTC')).toBe(false);
  });

  it('stays in the line of running text when inline', async () => {
    await renderWithProviders(
      <ZonedTime value={instant} viewerTimezone="America/New_York" shiftTimezone="Asia/Manila" inline />,
    );
    expect(screen.getByText(/^9:00\sAM$/).parentElement?.tagName).toBe('SPAN');
  });

  it('shows a dash for a time not reached yet', async () => {
    await renderWithProviders(<ZonedTime value={null} viewerTimezone="UTC" />);
    expect(screen.getByText('Not yet')).toHaveClass('visually-hidden');
  });
});
