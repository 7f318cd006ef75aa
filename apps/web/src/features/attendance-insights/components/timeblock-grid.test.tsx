import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { dayBounds } from './insights-math';
import { block, loadInsightsTexts } from './test-utils';
import { TimeblockGrid } from './timeblock-grid';

beforeEach(loadInsightsTexts);

const day = dayBounds('2026-11-26', 'UTC');
const blocks = [
  block('2026-11-26T09:00:00Z', 90),
  block('2026-11-26T09:10:00Z', 60),
  block('2026-11-26T09:20:00Z', 30),
  block('2026-11-26T09:30:00Z', 10),
  block('2026-11-26T09:40:00Z', 0, 0),
];

function renderGrid() {
  return renderWithProviders(
    <TimeblockGrid
      {...day}
      timeZone="UTC"
      blocks={blocks}
      scheduled={[{ start: '2026-11-26T09:00:00Z', end: '2026-11-26T11:00:00Z' }]}
      label="Activity of Vince on 2026-11-26"
    />,
  );
}

// Cells come row by row: the ":00" slot of every hour, then the ":10" slot, and so on.
const cellAt = (hour: number, slot: number) =>
  screen.getAllByTestId('timeblock-cell')[slot * 24 + hour] as HTMLElement;

describe('timeblock grid', () => {
  it('colours each 10-minute cell by its activity share, hatching scheduled time without activity', async () => {
    await renderGrid();
    expect(screen.getByRole('grid', { name: 'Activity of Vince on 2026-11-26' })).toBeInTheDocument();
    expect(screen.getAllByTestId('timeblock-cell')).toHaveLength(144);
    expect([0, 1, 2, 3, 4].map((slot) => cellAt(9, slot).dataset.level)).toEqual(['4', '3', '2', '1', '0']);
    expect(cellAt(9, 4)).toHaveAttribute('data-scheduled');
    expect(cellAt(10, 5)).toHaveAttribute('data-scheduled');
    expect(cellAt(11, 0)).not.toHaveAttribute('data-scheduled');
    expect(cellAt(8, 0).dataset.level).toBe('0');
  });

  it('has one tab stop; arrow keys move between cells and the figures follow the focus', async () => {
    await renderGrid();
    const user = userEvent.setup();
    const focusable = screen.getAllByTestId('timeblock-cell').filter((c) => c.tabIndex === 0);
    // The tab stop starts on the first block with activity.
    expect(focusable).toEqual([cellAt(9, 0)]);
    await user.tab();
    expect(cellAt(9, 0)).toHaveFocus();
    const details = screen.getByTestId('timeblock-details');
    expect(details).toHaveTextContent(
      '9:00 AM – 9:10 AM: 90 % active · 10 min tracked · 9 min active · 1 min idle',
    );

    await user.keyboard('{ArrowDown}');
    expect(cellAt(9, 1)).toHaveFocus();
    expect(details).toHaveTextContent('9:10 AM – 9:20 AM: 60 % active');

    await user.keyboard('{ArrowRight}');
    expect(cellAt(10, 1)).toHaveFocus();
    expect(details).toHaveTextContent('10:10 AM – 10:20 AM: scheduled, nothing tracked');
    expect(cellAt(10, 1).tabIndex).toBe(0);
    expect(cellAt(9, 0).tabIndex).toBe(-1);

    await user.keyboard('{End}');
    expect(cellAt(23, 1)).toHaveFocus();
    expect(details).toHaveTextContent('11:10 PM – 11:20 PM: nothing tracked');
    await user.keyboard('{Home}{ArrowUp}');
    expect(cellAt(0, 0)).toHaveFocus();
    // The edges hold.
    await user.keyboard('{ArrowUp}{ArrowLeft}');
    expect(cellAt(0, 0)).toHaveFocus();
  });

  it('names each cell with its figures for screen readers, and shows them on hover', async () => {
    await renderGrid();
    expect(cellAt(9, 2)).toHaveAccessibleName(
      '9:20 AM – 9:30 AM: 30 % active · 10 min tracked · 3 min active · 7 min idle',
    );
    fireEvent.mouseEnter(cellAt(9, 3));
    expect(screen.getByTestId('timeblock-details')).toHaveTextContent('9:30 AM – 9:40 AM: 10 % active');
  });
});
