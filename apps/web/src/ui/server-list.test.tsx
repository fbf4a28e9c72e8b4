import { Table } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../testing/render-widget.tsx';
import { ServerListTable } from './server-list.tsx';

type Recording = { id: string; title: string };
const defaults = { page: 1, search: '', scope: 'all', sort: '-created_at' };
const listPage = (setPage: (page: number) => void, state: Partial<typeof defaults> = {}) => ({
  state: { ...defaults, ...state },
  defaults,
  setPage,
});
const loaded = (results: Recording[], count = results.length, estimate = false) => ({
  isPending: false,
  isError: false,
  data: { count, results, ...(estimate && { count_is_estimate: true as const }) },
});

const START_HINT = 'Record an event to see it here.';

function renderTable(
  list: Parameters<typeof ServerListTable<Recording, typeof defaults>>[0]['list'],
  {
    setPage = vi.fn(),
    minWidth,
    state,
  }: { setPage?: () => void; minWidth?: number; state?: Partial<typeof defaults> } = {},
) {
  return renderWidget(
    <ServerListTable
      list={list}
      listPage={listPage(setPage, state)}
      pageSize={2}
      failure="The recordings could not be loaded."
      label="Recordings"
      startHint={START_HINT}
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

  it('says how to start an empty list, and only what found nothing when a search or filter narrows it', () => {
    const { unmount } = renderTable(loaded([]));
    expect(screen.getByText(START_HINT)).toBeTruthy();
    unmount();
    const searched = renderTable(loaded([]), { state: { search: ' fox ' } });
    expect(screen.getByText('No recordings found matching "fox"')).toBeTruthy();
    expect(screen.queryByText(START_HINT)).toBeNull();
    searched.unmount();
    renderTable(loaded([]), { state: { scope: 'mine' } });
    expect(screen.getByText('No recordings found')).toBeTruthy();
    expect(screen.queryByText(START_HINT)).toBeNull();
  });

  it('does not count a sort or a page as narrowing', () => {
    renderTable(loaded([]), { state: { sort: 'title', page: 2 } });
    expect(screen.getByText(START_HINT)).toBeTruthy();
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
      { setPage },
    );
    const table = screen.getByRole('table', { name: 'Recordings' });
    expect(table.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(screen.queryByText(/of about/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    expect(setPage).toHaveBeenCalledWith(2);
  });

  it('scrolls sideways below its minimum width instead of widening the page', () => {
    renderTable(loaded([{ id: 'a', title: 'Keynote' }]), { minWidth: 560 });
    const table = screen.getByRole('table', { name: 'Recordings' });
    const scroller = table.closest<HTMLElement>('.mantine-TableScrollContainer-scrollContainer');
    // Mantine writes the minimum in rem: 560 px is 35 rem.
    expect(scroller?.style.getPropertyValue('--table-min-width')).toContain('35rem');
  });

  it('scrolls sideways in its own space without a minimum width too (never widens the page)', () => {
    renderTable(loaded([{ id: 'a', title: 'Keynote' }]));
    const table = screen.getByRole('table', { name: 'Recordings' });
    expect(table.closest('.mantine-TableScrollContainer-scrollContainer')).not.toBeNull();
  });

  it("breaks a cell's long unbroken word at the cell's width instead of widening the table", () => {
    renderTable(loaded([{ id: 'a', title: 'N'.repeat(255) }]));
    const cell = screen.getByRole('cell', { name: 'N'.repeat(255) });
    expect([cell.style.maxWidth, cell.style.overflowWrap]).toEqual(['24rem', 'break-word']);
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
