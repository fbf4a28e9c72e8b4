import { Table } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../testing/render-widget.tsx';
import { ServerListTable } from './server-list.tsx';

type Recording = { id: string; title: string };
const listPage = (setPage = vi.fn()) => ({ state: { page: 1 }, setPage });
const loaded = (results: Recording[], count = results.length, estimate = false) => ({
  isPending: false,
  isError: false,
  data: { count, results, ...(estimate && { count_is_estimate: true as const }) },
});

function renderTable(
  list: Parameters<typeof ServerListTable<Recording>>[0]['list'],
  setPage = vi.fn(),
  minWidth?: number,
) {
  renderWidget(
    <ServerListTable
      list={list}
      listPage={listPage(setPage)}
      pageSize={2}
      failure="The recordings could not be loaded."
      label="Recordings"
      columns={['Title']}
      {...(minWidth !== undefined && { minWidth })}
    >
      {(recording) => (
        <Table.Tr key={recording.id}>
          <Table.Td>{recording.title}</Table.Td>
        </Table.Tr>
      )}
    </ServerListTable>,
  );
}

describe('ServerListTable', () => {
  it('names its loading and empty states after its label', () => {
    renderTable({ isPending: true, isError: false });
    expect(screen.getByLabelText('Loading recordings')).toBeTruthy();
    renderTable(loaded([]));
    expect(screen.getByText('No recordings found')).toBeTruthy();
  });

  it('says the failure in place of the rows', () => {
    renderTable({ isPending: false, isError: true });
    expect(screen.getByRole('alert').textContent).toContain('The recordings could not be loaded.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('draws a row a result, and turns the page', async () => {
    const setPage = vi.fn();
    renderTable(
      loaded(
        [
          { id: 'a', title: 'Keynote' },
          { id: 'b', title: 'Panel' },
        ],
        3,
      ),
      setPage,
    );
    const table = screen.getByRole('table', { name: 'Recordings' });
    expect(table.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(screen.queryByText(/of about/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    expect(setPage).toHaveBeenCalledWith(2);
  });

  it('scrolls sideways below its minimum width instead of widening the page', () => {
    renderTable(loaded([{ id: 'a', title: 'Keynote' }]), vi.fn(), 560);
    const table = screen.getByRole('table', { name: 'Recordings' });
    const scroller = table.closest<HTMLElement>('.mantine-TableScrollContainer-scrollContainer');
    // Mantine writes the minimum in rem: 560 px is 35 rem.
    expect(scroller?.style.getPropertyValue('--table-min-width')).toContain('35rem');
  });

  it('says the pages are approximate when the server only estimated the total', () => {
    renderTable(
      loaded(
        [
          { id: 'a', title: 'Keynote' },
          { id: 'b', title: 'Panel' },
        ],
        1_500,
        true,
      ),
    );
    expect(screen.getByText('Showing 1–2 of about 1,500')).toBeTruthy();
  });
});
