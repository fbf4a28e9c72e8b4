import { resultCountLabel } from '@studio/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AssetPickerDialog, isNearBottom, type AssetPickerQuery } from './asset-picker-dialog.tsx';
import { renderWithData } from '../testing/render-widget.tsx';
import { librarySource, openSelectVideos } from './select-videos-fixture.tsx';
import { videoAsset } from './video-asset-fixture.ts';

interface Asset {
  id: string;
  title: string;
}
const assets = (count: number): Asset[] =>
  Array.from({ length: count }, (_, index) => ({ id: `a${index + 1}`, title: `Asset ${index + 1}` }));

function picker(all: Asset[], props: Partial<Parameters<typeof AssetPickerDialog<Asset>>[0]> = {}) {
  const loadPage = vi.fn(({ search, offset, limit }: AssetPickerQuery) => {
    const matching = all.filter((asset) => asset.title.toLowerCase().includes(search.toLowerCase()));
    return Promise.resolve({ count: matching.length, results: matching.slice(offset, offset + limit) });
  });
  const onSave = vi.fn(() => Promise.resolve());
  renderWithData(
    <AssetPickerDialog<Asset>
      opened
      title="Pick assets"
      listKey={['test']}
      loadPage={loadPage}
      getId={(asset) => asset.id}
      renderItem={(asset) => <span>{asset.title}</span>}
      onCancel={() => undefined}
      onSave={onSave}
      {...props}
    />,
  );
  return { loadPage, onSave };
}

describe('asset picker dialog (spec 000 §2)', () => {
  it("counts results: 'No results', '1 result', 'N results'", () => {
    expect([0, 1, 2, 20, 12_345].map(resultCountLabel)).toEqual([
      'No results',
      '1 result',
      '2 results',
      '20 results',
      '12.3K results',
    ]);
  });

  it('loads pages of 20 and searches 200 ms after typing stops', async () => {
    const { loadPage } = picker(assets(45));
    expect(await screen.findByText('45 results')).toBeTruthy();
    expect(loadPage).toHaveBeenLastCalledWith({ search: '', offset: 0, limit: 20 });
    expect(screen.getAllByRole('listitem')).toHaveLength(20);

    const searchBox = screen.getByRole('textbox', { name: 'Search' });
    const searches = () =>
      loadPage.mock.calls.filter(([query]) => query.search !== '').map(([query]) => query.search);
    /**
     * Types `text` after what the box holds, a key every 50 ms of a clock that moves only when
     * the test says so (however busy the machine is), then waits 200 ms more on that clock.
     */
    const typeThenPause = async (text: string) => {
      vi.useFakeTimers();
      try {
        for (const key of text) {
          fireEvent.change(searchBox, { target: { value: (searchBox as HTMLInputElement).value + key } });
          await act(() => vi.advanceTimersByTimeAsync(50));
        }
        await act(() => vi.advanceTimersByTimeAsync(149));
        const before = searches();
        await act(() => vi.advanceTimersByTimeAsync(1));
        const after = searches();
        // Let the page arrive (the query library and React schedule their updates on timers too).
        await act(() => vi.advanceTimersByTimeAsync(1000));
        return { before, after };
      } finally {
        vi.useRealTimers();
      }
    };

    expect(await typeThenPause('Asset 4')).toEqual({ before: [], after: ['Asset 4'] });
    await waitFor(() => expect(screen.getByTestId('result-count').textContent).toBe('7 results'));
    fireEvent.change(searchBox, { target: { value: '' } });
    expect((await typeThenPause('Asset 33')).after).toEqual(['Asset 4', 'Asset 33']);
    expect(await screen.findByText('1 result')).toBeTruthy();
    expect((await typeThenPause('3')).after).toEqual(['Asset 4', 'Asset 33', 'Asset 333']);
    expect(await screen.findByText('No results')).toBeTruthy();
  });

  it('loads the next page within 150 px of the bottom, 500 ms after scrolling', async () => {
    const { loadPage } = picker(assets(45));
    await screen.findByText('45 results');
    const viewport = screen
      .getByTestId('asset-picker-scroll')
      .querySelector('.mantine-ScrollArea-viewport') as HTMLDivElement;
    Object.defineProperties(viewport, {
      scrollHeight: { value: 1000, configurable: true },
      clientHeight: { value: 400, configurable: true },
      scrollTop: { value: 0, writable: true, configurable: true },
    });
    // The clock moves only when the test says so, however busy the machine is.
    vi.useFakeTimers();
    viewport.scrollTop = 300;
    fireEvent.scroll(viewport);
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(loadPage).toHaveBeenCalledTimes(1);
    viewport.scrollTop = 460;
    fireEvent.scroll(viewport);
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(loadPage).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    // Let the page arrive (the query library schedules its updates on timers too).
    await act(() => vi.advanceTimersByTimeAsync(100));
    vi.useRealTimers();
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(40));
    expect(loadPage).toHaveBeenLastCalledWith({ search: '', offset: 20, limit: 20 });
    expect(isNearBottom({ scrollTop: 449, clientHeight: 400, scrollHeight: 1000 })).toBe(false);
    expect(isNearBottom({ scrollTop: 450, clientHeight: 400, scrollHeight: 1000 })).toBe(true);
  });

  it('picks one with radios when the maximum is 1', async () => {
    const { onSave } = picker(assets(3), { maxSelections: 1 });
    await screen.findByText('3 results');
    await userEvent.click(screen.getByRole('radio', { name: 'Select a1' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Select a2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith([{ id: 'a2', title: 'Asset 2' }]);
  });

  it('disables the others at the maximum and reads Saving... while saving', async () => {
    let finish: () => void = () => undefined;
    const onSave = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    picker(assets(4), { maxSelections: 2, onSave });
    await screen.findByText('4 results');
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
    expect(save.disabled).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select a1' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select a3' }));
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select a2' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select a1' }).disabled).toBe(false);
    await userEvent.click(save);
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeTruthy();
    expect(onSave).toHaveBeenCalledWith([
      { id: 'a1', title: 'Asset 1' },
      { id: 'a3', title: 'Asset 3' },
    ]);
    act(() => finish());
    expect(await screen.findByRole('button', { name: 'Save' })).toBeTruthy();
  });
});

describe("'Select Videos' dialog (spec 000 §2, 002 §2.6)", () => {
  it('lists 25 newest first, with the maximum, item actions, Upload Video and Save', async () => {
    const videos = Array.from({ length: 30 }, (_, index) => videoAsset({ name: `Talk ${index + 1}` }));
    const library = librarySource(videos);
    const onSave = vi.fn(() => Promise.resolve());
    openSelectVideos(library, { maxSelections: 2, onSave });
    const dialog = await screen.findByRole('dialog', { name: 'Select Videos' });
    await within(dialog).findByText('Talk 1');
    expect(library.list).toHaveBeenCalledWith({
      search: '',
      offset: 0,
      limit: 25,
      ordering: '-created_at',
      workspace: '',
    });
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(25);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Select Talk 1' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Select Talk 2' }));
    expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Select Talk 3' }).disabled).toBe(
      true,
    );
    expect(within(dialog).getByText('2 of 2 selected')).toBeTruthy();
    const row = within(dialog).getByText('Talk 1').closest('tr') as HTMLElement;
    expect(within(row).getByRole('button', { name: 'Delete' }).getAttribute('data-disabled-reason')).toBe(
      'Please deselect this video before deleting it from the library.',
    );
    await userEvent.click(within(row).getByRole('button', { name: 'Preview' }));
    expect(library.onPreview).toHaveBeenCalledWith(videos[0]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload Video' }));
    expect(library.onUpload).toHaveBeenCalled();
    expect(within(dialog).getByRole('navigation', { name: 'Pages' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith([videos[0], videos[1]]);
  });

  it('keeps to the event’s workspace and hides the workspace filter there', async () => {
    const library = librarySource([videoAsset({ name: 'Team talk' })], {
      workspaces: [{ value: 'w-1', label: 'Marketing' }],
    });
    openSelectVideos(library, { maxSelections: 1, restrictToWorkspace: 'w-1' });
    const dialog = await screen.findByRole('dialog', { name: 'Select Videos' });
    await within(dialog).findByText('Team talk');
    expect(library.list).toHaveBeenCalledWith(expect.objectContaining({ workspace: 'w-1' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Team workspace' })).toBeNull();
    expect(within(dialog).getByRole('radio', { name: 'Select Team talk' })).toBeTruthy();
  });

  it('uses the asset-library list for the EU variant', async () => {
    const library = librarySource([
      videoAsset({ name: 'EU talk' }),
      videoAsset({ name: 'Recorded talk', creation_type: 'RECORDED', source: 'EVENT_RECORDING' }),
    ]);
    openSelectVideos(library, { variant: 'asset-library' });
    const dialog = await screen.findByRole('dialog', { name: 'Select Videos' });
    expect(await within(dialog).findByText('2 results')).toBeTruthy();
    const recorded = within(dialog).getByText('Recorded talk').closest('[role=listitem]') as HTMLElement;
    // Rename and delete are hidden for RECORDED assets in the asset-library variant (spec 000 §5).
    expect(within(recorded).queryByRole('button', { name: 'Rename' })).toBeNull();
    expect(within(recorded).queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
