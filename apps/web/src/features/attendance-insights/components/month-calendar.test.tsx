import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import type { CalendarDay } from '../api/insights';
import { MonthCalendar } from './month-calendar';
import { loadInsightsTexts } from './test-utils';

beforeEach(loadInsightsTexts);

const day = (date: string, figures: Partial<CalendarDay>): CalendarDay => ({
  date,
  upcoming: 0,
  ongoing: 0,
  completed: 0,
  absent: 0,
  on_leave: 0,
  late: 0,
  worked_seconds: 0,
  scheduled_seconds: 0,
  ...figures,
});

const cellOf = (date: string) => document.querySelector(`[data-date="${date}"]`) as HTMLElement;
const counts = (date: string) =>
  Object.fromEntries(
    [...cellOf(date).querySelectorAll<HTMLElement>('[data-count]')].map((el) => [
      el.dataset.count,
      el.textContent,
    ]),
  );

describe('month calendar', () => {
  it('starts weeks on Sunday and counts each day on time, late, absent, on leave and upcoming', async () => {
    await renderWithProviders(
      <MonthCalendar
        month="2026-01"
        today="2026-01-05"
        dayHref={(d) => `/timeblocks?date=${d}`}
        days={[
          day('2026-01-02', {
            completed: 4,
            ongoing: 1,
            late: 2,
            absent: 1,
            on_leave: 1,
            worked_seconds: 9000,
            scheduled_seconds: 36000,
          }),
          day('2026-01-05', { upcoming: 3, scheduled_seconds: 28800 }),
        ]}
      />,
    );
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers[0]).toBe('Sun');
    expect(headers[6]).toBe('Sat');
    // January 2026 starts on a Thursday.
    const firstRow = screen.getAllByRole('row')[1] as HTMLElement;
    expect(within(firstRow).getAllByRole('cell')[4]).toHaveAttribute('data-date', '2026-01-01');

    expect(counts('2026-01-02')).toEqual({
      onTime: '3 On time',
      late: '2 Late',
      absent: '1 Absent',
      onLeave: '1 On leave',
    });
    expect(cellOf('2026-01-02')).toHaveTextContent('2 h 30 min of 10 h');
    expect(counts('2026-01-05')).toEqual({ upcoming: '3 Upcoming' });
    expect(cellOf('2026-01-05')).toHaveAttribute('aria-current', 'date');
    expect(counts('2026-01-03')).toEqual({});

    const link = within(cellOf('2026-01-02')).getByRole('link');
    expect(link).toHaveAttribute('href', '/timeblocks?date=2026-01-02');
    expect(link).toHaveAccessibleName('Friday, January 2, 2026: open the timeblocks');
  });
});
