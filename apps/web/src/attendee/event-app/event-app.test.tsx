import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { eventAppMessages, timeRangeText, timezoneLabel, type StageSource } from '@studio/domain';
import { bufferSource, eventAppEvent, fakeEventAppApi, noTracks } from '../../testing/event-app-fixture.ts';
import { FakeHls } from '../../testing/fake-hls.ts';
import type { EventAppApi } from './event-app-api.ts';
import { EventApp } from './event-app.tsx';

const event = eventAppEvent({
  tabs: [
    { tab: 'stage', title: 'Stage' },
    { tab: 'agenda', title: 'Agenda' },
    { tab: 'booths', title: 'Expo' },
    { tab: 'speakers', title: 'Voices' },
  ],
});
const buffer = bufferSource;
/** Nothing plays: before anything is on, or once the event is over. */
const nothingOnStage = (kind: 'none' | 'ended'): StageSource => ({
  kind,
  session: null,
  video: null,
  hls_url: null,
  offset_seconds: 0,
  until: null,
});
/** Session s-1's pre-recorded video, 30 s in. */
const sessionVideo: StageSource = {
  kind: 'session_video',
  session: 's-1',
  video: 'v-1',
  hls_url: 'http://studio.test/api/media/v1/master.m3u8',
  offset_seconds: 30,
  until: null,
};

const fakeApi = (overrides: Partial<EventAppApi> = {}) => fakeEventAppApi(event, overrides);

describe('the event app', () => {
  it('shows the tabs the event sets, titled as set, and opens agenda and speakers', async () => {
    const onAddToCalendar = vi.fn();
    window.__studioHooks = { onAddToCalendar };
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(<EventApp api={fakeApi().api} />);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Stage', 'Agenda', 'Expo', 'Voices']);
    fireEvent.click(screen.getByRole('tab', { name: 'Agenda' }));
    const session = await screen.findByRole('group', { name: 'Add to Calendar: Keynote' });
    // Its times name the attendee's own zone, labelled as every zone is ('GMT-5', never 'EST').
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(session.closest('li')?.querySelector('.muted')?.textContent).toContain(
      `M ${timezoneLabel(zone, new Date('2031-05-01T14:00:00Z'))}`,
    );
    fireEvent.click(within(session).getByRole('button', { name: 'Google' }));
    expect(onAddToCalendar).toHaveBeenCalledWith('Keynote', 's-1', 'google');
    expect(open).toHaveBeenCalledWith(
      expect.stringContaining('calendar.google.com'),
      '_blank',
      'noopener,noreferrer',
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Voices' }));
    const bio = await screen.findByText('Wrote the first program.');
    // The name, the role under it and the bio are one block, beside the photo when there is one.
    const about = bio.parentElement!;
    expect(about.parentElement?.className).toBe('person');
    expect(within(about).getByText('Ada Lovelace').tagName).toBe('STRONG');
    expect(within(about).getByText('Countess').className).toBe('muted');
  });

  it('shows the stage’s calls to action: the organiser’s link, and a demo request kept then confirmed (002 §5.3)', async () => {
    const demo = {
      text: 'Get Demo',
      title: 'Demo request sent!',
      message: 'Your request was successfully saved. Thanks for requesting a demo with us',
      url: null,
    };
    const { api } = fakeApi({
      event: () =>
        Promise.resolve({
          ...event,
          stage_cta: { text: 'Pricing', url: 'https://acme.example/pricing' },
          demo_cta: demo,
        }),
    });
    render(<EventApp api={api} />);
    const link = await screen.findByRole('link', { name: 'Pricing' });
    expect(link.getAttribute('href')).toBe('https://acme.example/pricing');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.queryByText(demo.title)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Get Demo' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain(demo.title);
    expect(status.textContent).toContain(demo.message);
    // A popup on the stage, in the Stage Popups colours (event-app.css `.stage-popup`).
    expect(status.classList).toContain('stage-popup');
    expect(api.requestDemo).toHaveBeenCalledTimes(1);
  });

  it('shows the screen saver on the stage while nothing plays', async () => {
    render(
      <EventApp api={fakeApi({ stage: () => Promise.resolve(noTracks(nothingOnStage('none'))) }).api} />,
    );
    const screenSaver = await screen.findByText('Nothing is playing on the stage right now.');
    // In the screen-saver colours (event-app.css `.screen-saver`).
    expect(screenSaver.classList).toContain('screen-saver');
  });

  it('says the event has ended over its on-demand videos, but not for a recording, which never ran', async () => {
    const stage = () => Promise.resolve(noTracks(nothingOnStage('ended')));
    const { unmount } = render(<EventApp api={fakeApi({ stage }).api} />);
    const over = await screen.findByRole('region', { name: 'Watch on demand' });
    expect(within(over).getByText(eventAppMessages.stageEnded)).toBeTruthy();
    unmount();
    const recording = eventAppEvent({ scheduled: false });
    render(<EventApp api={fakeEventAppApi(recording, { stage }).api} />);
    const onDemand = await screen.findByRole('region', { name: 'Watch on demand' });
    expect(within(onDemand).queryByText(eventAppMessages.stageEnded)).toBeNull();
  });

  it('counts the attendee on the stage: a stage visit leaves in the beacon when the page goes', async () => {
    const beacon = vi.fn((_url: string, _body: string) => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    render(<EventApp api={fakeApi().api} />);
    await screen.findAllByRole('tab');
    // The tabs can be on the page before the app's effects ran (its pagehide listener among them):
    // the page goes until the beacon leaves.
    await waitFor(() => {
      window.dispatchEvent(new Event('pagehide'));
      const sent = beacon.mock.calls.filter(([url]) => url === `/e/${event.id}/api/analytics`);
      expect(sent.flatMap(([, body]) => (JSON.parse(body) as { actions: unknown[] }).actions)).toContainEqual(
        {
          action: 'stage_visit',
        },
      );
    });
  });

  it('re-reads the event once per event-updated push and shows its new title and times in the heading', async () => {
    const heading = document.createElement('header');
    heading.innerHTML = '<h1 data-event-title>Old title</h1><p class="muted" data-event-times>old times</p>';
    document.body.append(heading);
    const moved = {
      ...event,
      title: 'Launch, moved',
      start_time: '2031-05-02T15:00:00Z',
      end_time: '2031-05-02T16:00:00Z',
    };
    const read = vi.fn().mockResolvedValueOnce(event).mockResolvedValue(moved);
    const fake = fakeApi({ event: read });
    render(<EventApp api={fake.api} />);
    await screen.findAllByRole('tab');
    // The shell's effects (the heading and the push listener, one commit) may run after the tabs show.
    await waitFor(() => expect(heading.querySelector('h1')?.textContent).toBe(event.title));
    fake.push(buffer);
    expect(read).toHaveBeenCalledTimes(1);
    fake.pushEventUpdated();
    await waitFor(() => expect(heading.querySelector('h1')?.textContent).toBe('Launch, moved'));
    expect(read).toHaveBeenCalledTimes(2);
    expect(heading.querySelector('p')?.textContent).toBe(
      timeRangeText(new Date(moved.start_time), new Date(moved.end_time), moved.timezone),
    );
    heading.remove();
  });

  it('offers no call to action when the event sets none', async () => {
    render(<EventApp api={fakeApi().api} />);
    await screen.findAllByRole('tab');
    expect(screen.queryByRole('button', { name: 'Get Demo' })).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it("pages the People tab from the server's pages", async () => {
    const tabs = [...event.tabs, { tab: 'people' as const, title: 'People' }];
    const { api } = fakeApi({ event: () => Promise.resolve({ ...event, tabs }) });
    render(<EventApp api={api} />);
    fireEvent.click(await screen.findByRole('tab', { name: 'People' }));
    expect(await screen.findByText('Bea Hopper')).toBeTruthy();
    expect(screen.queryByText('Carla Hopper')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Carla Hopper')).toBeTruthy();
    expect(screen.getAllByText('Engineer, Navy')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('runs the tech check with each outcome in words, and records it', async () => {
    const getUserMedia = vi.fn((constraints: MediaStreamConstraints) =>
      constraints.video
        ? Promise.reject(new DOMException('denied', 'NotAllowedError'))
        : Promise.resolve({ getTracks: () => [{ stop: vi.fn() }] }),
    );
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia, enumerateDevices: () => Promise.resolve([{ kind: 'audiooutput' }]) },
    });
    const { api } = fakeApi({ event: () => Promise.resolve({ ...event, enable_tech_check: true }) });
    render(<EventApp api={api} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Start tech check' }));
    // A watch-only attendee learns a missing camera keeps them from nothing.
    expect(
      await screen.findByText(
        /No camera, or access was refused: you can still watch, chat and ask questions/,
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Microphone works/)).toBeTruthy();
    expect(screen.getByText(/Speakers work/)).toBeTruthy();
    expect(screen.getByText(/Network works/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Enter event' }));
    expect(await screen.findByRole('tab', { name: 'Stage' })).toBeTruthy();
    expect(api.saveTechCheck).toHaveBeenCalledWith({
      camera: 'failed',
      microphone: 'passed',
      speakers: 'passed',
      network: 'passed',
    });
  });

  it('fills the tech check’s main action in the button colour (Start tech check), the other outlined in it', async () => {
    const { api } = fakeApi({ event: () => Promise.resolve({ ...event, enable_tech_check: true }) });
    render(<EventApp api={api} />);
    const start = await screen.findByRole('button', { name: 'Start tech check' });
    // `.button`: the button colour filled; `.button.secondary`: its edge (event-app.css).
    expect([...start.classList]).toEqual(['button']);
    expect([...screen.getByRole('button', { name: 'Skip for now' }).classList]).toEqual([
      'button',
      'secondary',
    ]);
  });

  it('lets a watch-only attendee skip the tech check: no device is asked for, nothing is recorded', async () => {
    const getUserMedia = vi.fn(() => Promise.resolve({ getTracks: () => [] }));
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia, enumerateDevices: () => Promise.resolve([]) },
    });
    const { api } = fakeApi({ event: () => Promise.resolve({ ...event, enable_tech_check: true }) });
    render(<EventApp api={api} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Skip for now' }));
    expect(await screen.findByRole('tab', { name: 'Stage' })).toBeTruthy();
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(api.saveTechCheck).not.toHaveBeenCalled();
  });

  it('remembers a skipped tech check for the event: a reload goes straight to the stage, another event still asks', async () => {
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: vi.fn(), enumerateDevices: () => Promise.resolve([]) },
    });
    const checking = { ...event, enable_tech_check: true };
    const first = render(<EventApp api={fakeApi({ event: () => Promise.resolve(checking) }).api} />);
    await user.click(await screen.findByRole('button', { name: 'Skip for now' }));
    expect(await screen.findByRole('tab', { name: 'Stage' })).toBeTruthy();
    first.unmount();

    // The page reloaded: the same event and person.
    const { api } = fakeApi({ event: () => Promise.resolve(checking) });
    const again = render(<EventApp api={api} />);
    expect(await screen.findByRole('tab', { name: 'Stage' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Skip for now' })).toBeNull();
    // Nothing was recorded: the server (readiness) still knows the check as not done.
    expect(api.saveTechCheck).not.toHaveBeenCalled();
    again.unmount();

    const other = { ...checking, id: 'another-event' };
    render(<EventApp api={fakeEventAppApi(other).api} />);
    expect(await screen.findByRole('button', { name: 'Skip for now' })).toBeTruthy();
  });

  it('plays the buffer, switches on a stage push, ignores a push for the same source', async () => {
    FakeHls.instances = [];
    const { api, push } = fakeApi();
    const { container } = render(<EventApp api={api} />);
    await screen.findByRole('tab', { name: 'Stage' });
    await vi.waitFor(() => expect(FakeHls.instances.at(-1)?.loaded).toBe(buffer.hls_url));
    expect(container.querySelector('video')?.loop).toBe(true);
    // A screen reader names the player by what it shows: the buffer, then the session on stage.
    expect(screen.getByLabelText(eventAppMessages.stageStartingSoon).tagName).toBe('VIDEO');
    push({ ...buffer, until: null });
    expect(FakeHls.instances).toHaveLength(1);

    push(sessionVideo);
    await vi.waitFor(() => expect(FakeHls.instances.at(-1)?.loaded).toBe(sessionVideo.hls_url));
    expect(FakeHls.instances[0]?.destroyed).toBe(true);
    expect(container.querySelector('video')?.loop).toBe(false);
    expect(screen.getByLabelText('Keynote').tagName).toBe('VIDEO');

    const player = FakeHls.instances.at(-1)!;
    act(() => player.raise({ fatal: true, type: 'networkError' }));
    expect(player.startLoad).toHaveBeenCalled();
    act(() => player.raise({ fatal: true, type: 'mediaError' }));
    expect(player.recoverMediaError).toHaveBeenCalled();
    act(() => player.raise({ fatal: true, type: 'otherError' }));
    expect(screen.getByRole('alert').textContent).toBe('Video playback failed. Please refresh the page.');
  });

  it('labels the stage: Starting soon over the buffer, LIVE over a session, and offers Unmute while muted', async () => {
    FakeHls.instances = [];
    const user = userEvent.setup();
    const { api, push } = fakeApi();
    const { container } = render(<EventApp api={api} />);
    await vi.waitFor(() => expect(FakeHls.instances.at(-1)?.loaded).toBe(buffer.hls_url));
    const screenOf = () => container.querySelector<HTMLElement>('.stage-screen')!;
    expect(within(screenOf()).getByText('Starting soon')).toBeTruthy();
    expect(within(screenOf()).queryByText('LIVE')).toBeNull();
    const video = container.querySelector('video')!;
    expect(video.muted).toBe(true);
    await user.click(within(screenOf()).getByRole('button', { name: 'Unmute' }));
    expect(video.muted).toBe(false);
    expect(within(screenOf()).queryByRole('button', { name: 'Unmute' })).toBeNull();
    // The sound turned on (the page around the player re-rendering) does not load the stream again.
    expect(FakeHls.instances).toHaveLength(1);
    expect(FakeHls.instances[0]?.destroyed).toBe(false);

    push(sessionVideo);
    await vi.waitFor(() => expect(FakeHls.instances.at(-1)?.loaded).toBe(sessionVideo.hls_url));
    expect(within(screenOf()).getByText('LIVE')).toBeTruthy();
    expect(within(screenOf()).queryByText('Starting soon')).toBeNull();
    // The sound the person turned on stays on for the next source.
    expect(container.querySelector('video')!.muted).toBe(false);
    expect(within(screenOf()).queryByRole('button', { name: 'Unmute' })).toBeNull();
  });

  it('starts the looping buffer video at its beginning however long ago the stage answered, a session video where everyone is', async () => {
    FakeHls.instances = [];
    const { api, push } = fakeApi();
    const { container } = render(<EventApp api={api} />);
    await vi.waitFor(() => expect(FakeHls.instances.at(-1)?.loaded).toBe(buffer.hls_url));
    const video = container.querySelector('video')!;
    const play = vi.spyOn(video, 'play').mockResolvedValue(undefined);
    // The attendee spent a minute in the tech check before the manifest came.
    const now = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 60_000);
    act(() =>
      FakeHls.instances.at(-1)!.handlers.get('hlsManifestParsed')?.('hlsManifestParsed', {
        fatal: false,
        type: '',
      }),
    );
    expect(video.currentTime).toBe(0);
    expect(play).toHaveBeenCalled();
    now.mockRestore();

    push(sessionVideo);
    await vi.waitFor(() => expect(FakeHls.instances).toHaveLength(2));
    const session = container.querySelector('video')!;
    vi.spyOn(session, 'play').mockResolvedValue(undefined);
    act(() =>
      FakeHls.instances.at(-1)!.handlers.get('hlsManifestParsed')?.('hlsManifestParsed', {
        fatal: false,
        type: '',
      }),
    );
    expect(session.currentTime).toBeGreaterThanOrEqual(30);
  });

  it('shows the filler slide before a pre-recorded video starts and after it ends (002 §2.2)', async () => {
    FakeHls.instances = [];
    const filler = 'http://studio.test/api/files/org/filler.png';
    const { api, push } = fakeApi({
      stage: () => Promise.resolve(noTracks({ ...buffer, filler_image_url: filler })),
    });
    const { container } = render(<EventApp api={api} />);
    await vi.waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    expect(container.querySelector('video')?.getAttribute('poster')).toBeNull();
    push({ ...sessionVideo, offset_seconds: 0, filler_image_url: filler });
    await vi.waitFor(() => expect(container.querySelector('video')?.getAttribute('poster')).toBe(filler));
    push({ ...buffer, kind: 'live', session: 's-2', video: null, hls_url: null, filler_image_url: filler });
    await vi.waitFor(() =>
      expect(container.querySelector('img.stage-filler')?.getAttribute('src')).toBe(filler),
    );
    push({ ...buffer, until: null, filler_image_url: filler });
    await vi.waitFor(() => expect(container.querySelector('video')?.getAttribute('poster')).toBeNull());
  });

  it("switches between tracks that play side by side: the heading names only the chosen track's session", async () => {
    FakeHls.instances = [];
    const tracks = [
      { id: 'main', name: 'Main stage' },
      { id: 'side', name: 'Workshops' },
    ];
    const hour = 3600_000;
    const fair = {
      id: 's-fair',
      title: 'Live from the partner fair',
      description: '',
      start_time: new Date(Date.now() - hour).toISOString(),
      end_time: new Date(Date.now() + hour).toISOString(),
      tracks: [tracks[1]!],
      speakers: [],
    };
    const keynote = { ...fair, id: 's-1', title: 'Keynote', tracks: [tracks[0]!] };
    keynote.start_time = new Date(Date.now() + 2 * hour).toISOString();
    keynote.end_time = new Date(Date.now() + 3 * hour).toISOString();
    const fairLive: StageSource = {
      kind: 'live',
      session: 's-fair',
      video: null,
      hls_url: 'http://studio.test/e/e-1/api/live/input-1/index.m3u8',
      offset_seconds: 0,
      until: fair.end_time,
    };
    const stage = vi.fn((track?: string) =>
      Promise.resolve(
        track === 'side' ? { ...fairLive, track: 'side', tracks } : { ...buffer, track: 'main', tracks },
      ),
    );
    const { api, push } = fakeApi({ stage, agenda: () => Promise.resolve([fair, keynote]) });
    const { container } = render(<EventApp api={api} />);
    const switcher = await screen.findByRole('tablist', { name: 'Tracks' });
    const choices = within(switcher).getAllByRole('tab');
    expect(choices.map((tab) => tab.textContent)).toEqual(['Main stage', 'Workshops']);
    expect(within(switcher).getByRole('tab', { selected: true }).textContent).toBe('Main stage');
    await vi.waitFor(() => expect(FakeHls.instances.at(-1)?.loaded).toBe(buffer.hls_url));
    // The main track plays its buffer: the other track's session on now is not named above it.
    await screen.findByRole('tab', { name: 'Agenda' });
    expect(container.querySelector('.stage-heading')).toBeNull();

    fireEvent.click(within(switcher).getByRole('tab', { name: 'Workshops' }));
    expect(stage).toHaveBeenLastCalledWith('side');
    await vi.waitFor(() => expect(FakeHls.instances.at(-1)?.loaded).toBe(fairLive.hls_url));
    expect(container.querySelector('video')?.dataset['kind']).toBe('live');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Live from the partner fair');
    expect(container.querySelector('.stage-heading')?.textContent).toContain('Workshops');
    expect(within(switcher).getByRole('tab', { selected: true }).textContent).toBe('Workshops');

    // A push carries each track's source: the chosen track follows its own.
    push({ ...buffer, by_track: { main: buffer, side: { ...buffer, until: null } } });
    await vi.waitFor(() => expect(FakeHls.instances.at(-1)?.loaded).toBe(buffer.hls_url));
    expect(container.querySelector('.stage-heading')).toBeNull();
  });

  it('shows no track switcher for an event with one track', async () => {
    render(
      <EventApp
        api={
          fakeApi({
            stage: () =>
              Promise.resolve({ ...buffer, track: 'main', tracks: [{ id: 'main', name: 'Main stage' }] }),
          }).api
        }
      />,
    );
    await vi.waitFor(() => expect(FakeHls.instances.at(-1)?.loaded).toBe(buffer.hls_url));
    expect(screen.queryByRole('tablist', { name: 'Tracks' })).toBeNull();
  });

  it("says 'The buffer video could not be loaded.' when the buffer fails", async () => {
    FakeHls.instances = [];
    render(<EventApp api={fakeApi().api} />);
    await vi.waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    act(() => FakeHls.instances[0]!.raise({ fatal: true, type: 'otherError' }));
    expect(screen.getByRole('alert').textContent).toBe('The buffer video could not be loaded.');
  });
});

declare global {
  interface Window {
    __studioHooks: Record<string, unknown>;
  }
}
