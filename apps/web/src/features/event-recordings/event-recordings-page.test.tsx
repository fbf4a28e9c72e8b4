import { eventMessages, type VideoAsset } from '@studio/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { eventFixture } from '../../testing/event-fixture.ts';
import { ada, FakeSocket, json, page } from '../../testing/fake-studio-api.ts';
import { FakeHls } from '../../testing/fake-hls.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';
import { videoAsset } from '../../ui/video-asset-fixture.ts';

beforeEach(() => {
  FakeSocket.instances = [];
});

const PAGE = '/events/e-1/recordings-new';
const recording = (fields: Partial<VideoAsset>) =>
  videoAsset({
    source: 'EVENT_RECORDING',
    creation_type: 'RECORDED',
    event: 'e-1',
    created_by: null,
    ...fields,
  });
const keynote = recording({
  name: 'Keynote — recording',
  duration: 3725,
  created_at: '2031-03-01T11:00:00Z',
});
const panel = recording({
  name: 'Panel — recording',
  transcode_status: 'PROGRESSING',
  status: 'PROGRESSING',
  duration: null,
  urls: { thumbnail: null, hls: null, mp4: null },
});

/** The library as the server holds it: the recordings listed, and whether the list call fails. */
interface Library {
  videos: VideoAsset[];
  failing?: boolean;
}

function openRecordings(library: Library) {
  vi.stubGlobal('WebSocket', FakeSocket);
  return openStudio(PAGE, {
    user: ada,
    routes: (path) => {
      const [route] = path.split('?');
      if (route === '/api/event/e-1/')
        return json(200, eventFixture({ id: 'e-1', title: 'Summit', timezone: 'UTC' }));
      if (route !== '/api/core/video_assets/') return undefined;
      if (library.failing) return json(500, { message: 'Boom', code: 'SERVER_ERROR' });
      return page(library.videos);
    },
  });
}

const rowOf = async (name: string) =>
  within(await screen.findByRole('table', { name: 'Recordings' })).findByRole('row', { name });

describe("the event's Recordings page (issue 19)", () => {
  it("lists the event's recordings newest first: name, duration, status and date, with a way to the library", async () => {
    const { fetchMock } = openRecordings({ videos: [keynote, panel] });
    expect(await screen.findByRole('heading', { name: 'Recordings' })).toBeTruthy();
    const done = await rowOf(keynote.name);
    expect(within(done).getByText('01:02:05')).toBeTruthy();
    expect(within(done).getByTestId('recording-status').textContent).toBe('Completed');
    expect(within(done).getByText('Mar 1, 2031, 11:00 AM GMT')).toBeTruthy();
    const processing = await rowOf(panel.name);
    expect(within(processing).getByTestId('recording-status').textContent).toBe('Processing…');
    expect(within(processing).queryByRole('button', { name: `Play ${panel.name}` })).toBeNull();

    const query = new URL(callsTo(fetchMock, '/api/core/video_assets/')[0]!.url, 'http://x').searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      event_ids: 'e-1',
      source: 'EVENT_RECORDING',
      ordering: '-created_at',
    });
    expect(screen.getByRole('link', { name: 'Open in the video library' }).getAttribute('href')).toBe(
      '/videos?source=EVENT_RECORDING&event_ids=e-1',
    );
  });

  it('plays a processed recording in a dialog with the streaming player', async () => {
    openRecordings({ videos: [keynote] });
    await userEvent.click(await screen.findByRole('button', { name: `Play ${keynote.name}` }));
    const dialog = await screen.findByRole('dialog', { name: keynote.name });
    expect(dialog).toBeTruthy();
    await waitFor(() => expect(FakeHls.instances.map((player) => player.loaded)).toEqual([keynote.urls.hls]));
  });

  it('says that live sessions are recorded automatically when there is no recording yet', async () => {
    openRecordings({ videos: [] });
    const empty = await screen.findByRole('region', { name: 'No recordings yet' });
    expect(
      within(empty).getByText('Live sessions are recorded automatically and appear here when they end.'),
    ).toBeTruthy();
  });

  it('says so when the recordings cannot be read, and reads them again on request', async () => {
    const library: Library = { videos: [keynote], failing: true };
    openRecordings(library);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(eventMessages.errorLoadingRecordings)).toBeTruthy();
    library.failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await rowOf(keynote.name)).toBeTruthy();
  });

  it("turns a recording Completed when the library's push says it was processed", async () => {
    const library: Library = { videos: [panel] };
    openRecordings(library);
    expect(within(await rowOf(panel.name)).getByTestId('recording-status').textContent).toBe('Processing…');
    await waitFor(() => expect(FakeSocket.instances.length).toBe(1));
    const socket = FakeSocket.instances[0]!;
    act(() => socket.open());
    const processed = { ...panel, transcode_status: 'COMPLETE', status: 'COMPLETE', duration: 90 };
    library.videos = [{ ...processed, urls: keynote.urls }];
    act(() =>
      socket.push({
        type: 'video-asset-updated',
        data: {
          id: panel.id,
          workspace: null,
          transcode_status: 'COMPLETE',
          status: 'COMPLETE',
          transcoder_warnings: [],
          transcoder_errors: [],
          duration: 90,
          playable: true,
          updated_at: '2031-03-01T12:00:00Z',
        },
      }),
    );
    await waitFor(async () =>
      expect(within(await rowOf(panel.name)).getByTestId('recording-status').textContent).toBe('Completed'),
    );
    expect(within(await rowOf(panel.name)).getByRole('button', { name: `Play ${panel.name}` })).toBeTruthy();
  });
});
