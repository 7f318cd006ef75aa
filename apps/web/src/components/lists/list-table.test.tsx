import { Table } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ListTable, TableRows } from './list-table';

const table = (props: { pending: boolean; rows: string[]; busy?: boolean }) => (
  <ListTable minWidth={400} caption="Fruit" busy={props.busy} headers={['Name', 'Colour']}>
    <TableRows columns={2} pending={props.pending} rows={props.rows} empty="No fruit yet." skeletonRows={3}>
      {(row) => (
        <Table.Tr key={row} data-testid="row">
          <Table.Td>{row}</Table.Td>
          <Table.Td>-</Table.Td>
        </Table.Tr>
      )}
    </TableRows>
  </ListTable>
);

describe('list table', () => {
  it('names itself and its columns for screen readers', async () => {
    await renderWithProviders(table({ pending: false, rows: ['Apple'], busy: true }));
    const grid = screen.getByRole('table', { name: 'Fruit' });
    expect(grid).toHaveAttribute('aria-busy', 'true');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Name', 'Colour']);
    expect(screen.getAllByTestId('row')).toHaveLength(1);
  });

  it('shows grey rows while the first page loads', async () => {
    await renderWithProviders(table({ pending: true, rows: [] }));
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(3);
    expect(screen.queryByTestId('empty-state')).toBeNull();
  });

  it('says so when there is nothing', async () => {
    await renderWithProviders(table({ pending: false, rows: [] }));
    expect(screen.queryByTestId('skeleton-row')).toBeNull();
    expect(screen.getByTestId('empty-state')).toHaveTextContent('No fruit yet.');
  });
});
