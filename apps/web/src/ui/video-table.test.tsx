import { videoLibraryMessages, type VideoAsset, type VideoOrdering } from '@studio/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { onPhone, onWideScreen } from '../testing/narrow-screen.ts';
import { renderWidget } from '../testing/render-widget.tsx';
import { videoAsset } from './video-asset-fixture.ts';
import { VideoRowActions } from './video-row-actions.tsx';
import { VideoTable, type VideoTableProps } from './video-table.tsx';
import {
  nextOrdering,
  selectionDisabled,
  toggleSelection,
  tooltipSide,
  warningLevel,
} from './video-table-rules.ts';

function renderTable(videos: VideoAsset[], props: Partial<VideoTableProps> = {}) {
  const handlers = { onPreview: vi.fn(), onDownload: vi.fn(), onRename: vi.fn(), onDelete: vi.fn() };
  const view = renderWidget(
    <VideoTable
      videos={videos}
      ordering="-created_at"
      onOrderingChange={() => undefined}
      showSource
      sourceLabel={(source) => `label:${source}`}
      showWorkspace={false}
      renderActions={(video, position) => (
        <VideoRowActions
          video={video}
          tooltipPosition={position}
          context={{
            isSelected: props.selection?.selected.includes(video.id) ?? false,
            legacyMode: false,
            assetLibraryVariant: false,
          }}
          {...handlers}
        />
      )}
      {...props}
    />,
  );
  return { ...view, handlers };
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('video library table (spec 000 §2, §4)', () => {
  it('labels every status as spec 000 §4 does, with the PROCESSING_HD tooltip and a spinner while in progress', async () => {
    renderTable([
      videoAsset({ name: 'Pending one', transcode_status: 'SUBMITTED' }),
      videoAsset({
        name: 'Clip in progress',
        source: 'CLIP',
        creation_type: 'CLIP',
        transcode_status: 'PROGRESSING',
      }),
      videoAsset({ name: 'Upload in progress', transcode_status: 'PROGRESSING' }),
      videoAsset({ name: 'Finished', transcode_status: 'COMPLETE' }),
      videoAsset({ name: 'Broken', transcode_status: 'ERROR' }),
      videoAsset({ name: 'Odd', transcode_status: 'SOMETHING' }),
    ]);
    const status = (name: string) => within(rowOf(name)).getByTestId('video-status').textContent;
    expect(
      ['Pending one', 'Clip in progress', 'Upload in progress', 'Finished', 'Broken', 'Odd'].map(status),
    ).toEqual(['Pending', 'Processing', 'Processing', 'Completed', 'Error', 'Unknown']);
    expect(within(rowOf('Pending one')).getByLabelText('Processing')).toBeTruthy();
    expect(within(rowOf('Finished')).queryByLabelText('Processing')).toBeNull();
    await userEvent.hover(within(rowOf('Upload in progress')).getByTestId('video-status'));
    expect(await screen.findByText(videoLibraryMessages.processingHdTooltip)).toBeTruthy();
  });

  it('dims READY_TO_PUBLISH rows: no actions and not selectable', () => {
    const onChange = vi.fn();
    renderTable(
      [
        videoAsset({ name: 'Ready clip', source: 'CLIP', transcode_status: 'READY_TO_PUBLISH' }),
        videoAsset({ name: 'Plain' }),
      ],
      {
        selection: { mode: 'multiple', selected: [], onChange },
      },
    );
    const row = rowOf('Ready clip');
    expect(row.getAttribute('data-dimmed')).toBe('true');
    expect(within(row).getByTestId('video-status').textContent).toBe('Ready to be Published');
    expect(within(row).queryByRole('button', { name: 'Preview' })).toBeNull();
    expect(within(row).getByRole<HTMLInputElement>('checkbox', { name: 'Select Ready clip' }).disabled).toBe(
      true,
    );
    expect(
      within(rowOf('Plain')).getByRole<HTMLInputElement>('checkbox', { name: 'Select Plain' }).disabled,
    ).toBe(false);
  });

  it('shows durations as HH:mm:ss without a 00 hour, and - when unknown', () => {
    renderTable([
      videoAsset({ name: 'Short', duration: 65 }),
      videoAsset({ name: 'Long', duration: 3725 }),
      videoAsset({ name: 'Unknown length', duration: null }),
    ]);
    expect(within(rowOf('Short')).getByLabelText('Duration').textContent).toBe('01:05');
    expect(within(rowOf('Long')).getByLabelText('Duration').textContent).toBe('01:02:05');
    expect(within(rowOf('Unknown length')).getByLabelText('Duration').textContent).toBe('-');
  });

  it('names the recorder for RECORDED assets without a creator, and the source by its label', () => {
    renderTable([
      videoAsset({
        name: 'Recorded',
        source: 'EVENT_RECORDING',
        creation_type: 'RECORDED',
        created_by: null,
        createdBy: null,
      }),
    ]);
    const row = rowOf('Recorded');
    expect(within(row).getByText('Recorder')).toBeTruthy();
    expect(within(row).getByText('label:EVENT_RECORDING')).toBeTruthy();
  });

  it('shows a red icon for errors and an amber one for warnings only, listing the messages on hover', async () => {
    renderTable([
      videoAsset({
        name: 'Has errors',
        transcode_status: 'ERROR',
        errors: ["This video can't be played. No video stream detected."],
        transcoder_errors: ["This video can't be played. No video stream detected."],
      }),
      videoAsset({
        name: 'Has warnings',
        warnings: ['No audio stream detected.'],
        transcoder_warnings: ['No audio stream detected.'],
      }),
      videoAsset({ name: 'Clean' }),
    ]);
    const errors = within(rowOf('Has errors')).getByRole('button', { name: 'Errors of Has errors' });
    expect(errors.getAttribute('data-level')).toBe('error');
    const warnings = within(rowOf('Has warnings')).getByRole('button', { name: 'Warnings of Has warnings' });
    expect(warnings.getAttribute('data-level')).toBe('warning');
    expect(within(rowOf('Clean')).queryByRole('button', { name: /^Warnings of/ })).toBeNull();
    await userEvent.hover(warnings);
    expect(await screen.findByText('No audio stream detected.')).toBeTruthy();
  });

  it('opens the messages with a click or a tap too (a phone has no hover), closing them with another', async () => {
    const onRowClick = vi.fn();
    renderTable(
      [
        videoAsset({
          name: 'Has warnings',
          warnings: ['No audio stream detected.'],
          transcoder_warnings: [],
        }),
      ],
      { onRowClick },
    );
    const warnings = screen.getByRole('button', { name: 'Warnings of Has warnings' });
    // Mantine's `md` icon button: 28 px, over WCAG 2.2's 24 px target minimum.
    expect(warnings.dataset.size).toBe('md');
    fireEvent.click(warnings);
    expect(await screen.findByText('No audio stream detected.')).toBeTruthy();
    expect(warnings.getAttribute('aria-expanded')).toBe('true');
    expect(onRowClick).not.toHaveBeenCalled();
    fireEvent.click(warnings);
    await waitFor(() => expect(warnings.getAttribute('aria-expanded')).toBe('false'));
  });

  it('hides the select column unless selectable, and the Source column when told', () => {
    renderTable([videoAsset({ name: 'Plain' })], { showSource: false });
    expect(screen.queryByRole('columnheader', { name: 'Source' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByRole('columnheader', { name: /Title/ })).toBeTruthy();
  });

  it('disables delete while selected or processing, with the spec reasons, and rename until ready', () => {
    const selected = videoAsset({ name: 'Picked' });
    renderTable(
      [
        selected,
        videoAsset({
          name: 'Busy clip',
          source: 'CLIP',
          creation_type: 'CLIP',
          transcode_status: 'PROGRESSING',
          urls: { thumbnail: null, hls: null, mp4: null },
        }),
      ],
      {
        selection: { mode: 'multiple', selected: [selected.id], onChange: () => undefined },
      },
    );
    const pickedDelete = within(rowOf('Picked')).getByRole('button', { name: 'Delete' });
    expect(pickedDelete.getAttribute('data-disabled-reason')).toBe(
      videoLibraryMessages.deselectBeforeDeleteReason,
    );
    const busy = rowOf('Busy clip');
    expect(within(busy).getByRole('button', { name: 'Delete' }).getAttribute('data-disabled-reason')).toBe(
      videoLibraryMessages.notReadyReason,
    );
    expect(within(busy).getByRole('button', { name: 'Rename' }).getAttribute('data-disabled-reason')).toBe(
      videoLibraryMessages.notReadyReason,
    );
    expect(within(busy).getByRole<HTMLButtonElement>('button', { name: 'Preview' }).disabled).toBe(true);
    expect(within(busy).getByRole<HTMLButtonElement>('button', { name: 'Download' }).disabled).toBe(true);
  });

  it('lets a library upload in PROCESSING_HD be previewed once its HLS exists (instant playback)', async () => {
    const video = videoAsset({ name: 'Fresh upload', source: 'UPLOAD', transcode_status: 'PROCESSING_HD' });
    const { handlers } = renderTable([video]);
    const row = rowOf('Fresh upload');
    expect(within(row).getByText('Processing')).toBeTruthy();
    const preview = within(row).getByRole<HTMLButtonElement>('button', { name: 'Preview' });
    expect(preview.disabled).toBe(false);
    await userEvent.click(preview);
    expect(handlers.onPreview).toHaveBeenCalledWith(video);
  });

  it('hides delete for event and studio recordings', () => {
    renderTable([
      videoAsset({ name: 'Event rec', source: 'EVENT_RECORDING', creation_type: 'RECORDED' }),
      videoAsset({ name: 'Studio rec', source: 'DIRECT_RECORDING', creation_type: 'RECORDED' }),
    ]);
    expect(within(rowOf('Event rec')).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(rowOf('Studio rec')).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(rowOf('Studio rec')).getByRole('button', { name: 'Rename' })).toBeTruthy();
  });

  it('runs the actions without opening the row, and opens the row on a click elsewhere', async () => {
    const onRowClick = vi.fn();
    const video = videoAsset({ name: 'Clickable' });
    const { handlers } = renderTable([video], { onRowClick });
    await userEvent.click(within(rowOf('Clickable')).getByRole('button', { name: 'Preview' }));
    expect(handlers.onPreview).toHaveBeenCalledWith(video);
    expect(onRowClick).not.toHaveBeenCalled();
    await userEvent.click(within(rowOf('Clickable')).getByText('Clickable'));
    expect(onRowClick).toHaveBeenCalledTimes(1);
  });

  it('prefetches a row only after the pointer rested on it for 500 ms', () => {
    vi.useFakeTimers();
    const onRowPrefetch = vi.fn();
    const video = videoAsset({ name: 'Hovered' });
    renderTable([video], { onRowPrefetch });
    fireEvent.mouseEnter(rowOf('Hovered'));
    vi.advanceTimersByTime(499);
    fireEvent.mouseLeave(rowOf('Hovered'));
    vi.advanceTimersByTime(1000);
    expect(onRowPrefetch).not.toHaveBeenCalled();
    fireEvent.mouseEnter(rowOf('Hovered'));
    vi.advanceTimersByTime(500);
    expect(onRowPrefetch).toHaveBeenCalledWith(video);
    vi.useRealTimers();
  });

  it('sorts by Title and Created At from the headers', async () => {
    const onOrderingChange = vi.fn<(ordering: VideoOrdering) => void>();
    renderTable([videoAsset()], { onOrderingChange, ordering: '-created_at' });
    await userEvent.click(screen.getByRole('button', { name: /Created At/ }));
    await userEvent.click(screen.getByRole('button', { name: /Title/ }));
    expect(onOrderingChange.mock.calls.map(([ordering]) => ordering)).toEqual(['created_at', '-name']);
    expect(screen.getByRole('columnheader', { name: /Created At/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
  });

  it('gives the sort buttons a target of 24 px or more', () => {
    renderTable([videoAsset()]);
    expect(screen.getByRole('button', { name: /Title/ }).getAttribute('style')).toContain(
      'min-height: calc(1.5rem * var(--mantine-scale))',
    );
  });

  it("folds a row's actions into one menu named for the video on a phone, so the title keeps the width", async () => {
    onPhone();
    try {
      const onRowClick = vi.fn();
      const video = videoAsset({ name: 'Spring Product Launch', transcode_status: 'COMPLETE' });
      const { handlers } = renderTable([video], { onRowClick });
      const row = rowOf('Spring Product Launch');
      expect(within(row).queryByRole('button', { name: 'Preview' })).toBeNull();
      expect(within(row).getByTestId('video-name').getAttribute('style')).toContain('--text-line-clamp: 3');
      const menu = within(row).getByRole('button', { name: 'Actions for Spring Product Launch' });
      expect(menu.dataset.size).toBe('md');
      await userEvent.click(menu);
      const items = await screen.findAllByRole('menuitem');
      expect(items.map((item) => item.textContent)).toEqual(['Preview', 'Download', 'Rename', 'Delete']);
      await userEvent.click(items[0]!);
      expect(handlers.onPreview).toHaveBeenCalledWith(video);
      expect(onRowClick).not.toHaveBeenCalled();
    } finally {
      onWideScreen();
    }
  });

  it("shows the Team Workspace column with the team's name the server answers, the organization's for a shared video", () => {
    renderTable(
      [
        videoAsset({ name: 'Team video', workspace: 'ws-1', workspace_name: 'Marketing' }),
        videoAsset({ name: 'Shared video', workspace: null, workspace_name: null }),
      ],
      { showWorkspace: true },
    );
    expect(screen.getByRole('columnheader', { name: 'Team Workspace' })).toBeTruthy();
    expect(within(rowOf('Team video')).getByRole('cell', { name: 'Marketing' })).toBeTruthy();
    expect(within(rowOf('Shared video')).getByRole('cell', { name: 'Organization' })).toBeTruthy();
  });
});

describe('selection rules (spec 000 §4 "Selection")', () => {
  const a = videoAsset({ id: 'a' });
  const b = videoAsset({ id: 'b' });
  const c = videoAsset({ id: 'c' });
  const broken = videoAsset({ id: 'x', source: 'CL_UPLOAD', transcode_status: 'ERROR' });

  it('disables the others once the maximum is reached, and what cannot be picked', () => {
    const rules = { mode: 'multiple' as const, max: 2 };
    expect(selectionDisabled(c, ['a', 'b'], rules)).toBe(true);
    expect(selectionDisabled(a, ['a', 'b'], rules)).toBe(false);
    expect(selectionDisabled(c, ['a'], rules)).toBe(false);
    expect(selectionDisabled(broken, [], rules)).toBe(true);
    expect(toggleSelection('c', ['a', 'b'], rules)).toEqual(['a', 'b']);
    expect(toggleSelection('a', ['a', 'b'], rules)).toEqual(['b']);
    expect(selectionDisabled(b, ['a', 'c'], { mode: 'multiple' })).toBe(false);
  });

  it('is radio-style in single mode', () => {
    expect(toggleSelection('b', ['a'], { mode: 'single' })).toEqual(['b']);
  });

  it('flips tooltips upwards when fewer than 3 rows remain', () => {
    expect([0, 6, 7, 8, 9].map((index) => tooltipSide(index, 10))).toEqual([
      'bottom',
      'bottom',
      'top',
      'top',
      'top',
    ]);
  });

  it('orders: another header starts descending, the same one flips', () => {
    expect(nextOrdering('-created_at', 'name')).toBe('-name');
    expect(nextOrdering('-name', 'name')).toBe('name');
    expect(nextOrdering('name', 'name')).toBe('-name');
  });

  it('colours errors over warnings', () => {
    expect(warningLevel(videoAsset({ errors: ['e'], warnings: ['w'] }))).toBe('error');
    expect(warningLevel(videoAsset({ warnings: ['w'], transcoder_warnings: ['w'] }))).toBe('warning');
    expect(warningLevel(videoAsset())).toBeNull();
  });
});

describe('video table by keyboard (issue 13 lists)', () => {
  it('reaches each row action by Tab, each an icon button named by its action, and opens a row with Enter', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    const video = videoAsset({ name: 'Keynote', transcode_status: 'COMPLETE' });
    const { handlers } = renderTable([video], { onRowClick });
    const row = rowOf('Keynote');
    for (const name of ['Preview', 'Download', 'Rename', 'Delete']) {
      const button = within(row).getByRole('button', { name });
      expect(button.querySelector('svg')).not.toBeNull();
    }
    row.focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenCalledWith(video, expect.anything());
    const preview = within(row).getByRole('button', { name: 'Preview' });
    for (let step = 0; step < 5 && document.activeElement !== preview; step += 1) await user.tab();
    expect(document.activeElement).toBe(preview);
    await user.keyboard('{Enter}');
    expect(handlers.onPreview).toHaveBeenCalledWith(video);
    expect(onRowClick).toHaveBeenCalledTimes(1);
  });
});
