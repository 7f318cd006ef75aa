import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ListPagination } from './list-pagination';

const meta = (current_page: number, total: number, per_page = 20) => ({
  current_page,
  per_page,
  total,
  last_page: Math.max(1, Math.ceil(total / per_page)),
});

describe('list pagination', () => {
  it('says the range shown and moves between pages by named controls', async () => {
    const onPage = vi.fn();
    await renderWithProviders(<ListPagination meta={meta(2, 45)} onPage={onPage} />);
    expect(screen.getByTestId('list-range')).toHaveTextContent('21–40 of 45');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPage).toHaveBeenCalledWith(3);
    await userEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(onPage).toHaveBeenCalledWith(1);
  });

  it('has no page buttons for one page', async () => {
    await renderWithProviders(<ListPagination meta={meta(1, 7)} onPage={() => {}} />);
    expect(screen.getByTestId('list-range')).toHaveTextContent('1–7 of 7');
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
  });

  it('shows nothing for an empty list, and only the buttons without the range', async () => {
    const empty = await renderWithProviders(<ListPagination meta={meta(1, 0)} onPage={() => {}} />);
    expect(screen.queryByTestId('list-range')).toBeNull();
    empty.unmount();
    await renderWithProviders(<ListPagination meta={meta(1, 60)} onPage={() => {}} withRange={false} />);
    expect(screen.queryByTestId('list-range')).toBeNull();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeInTheDocument();
  });
});
