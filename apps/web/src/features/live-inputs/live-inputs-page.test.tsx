import {
  rtmpInputMessages,
  rtmpInputServerMessages,
  type RtmpInputUpdate,
  type StudioEvent,
} from '@studio/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { eventFixture } from '../../testing/event-fixture.ts';
import {
  acme,
  ada,
  FakeSocket,
  json,
  rtmpInput,
  rtmpInputRoutes,
  starterAcme,
  type FakeRtmpInputs,
} from '../../testing/fake-studio-api.ts';
import { FakeHls } from '../../testing/fake-hls.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';

const PAGE = '/events/e-1/programs/live-inputs';
const typist = () => userEvent.setup({ delay: null });

beforeEach(() => {
  FakeSocket.instances = [];
});

/** The live inputs page of event e-1 (by default the fixture's, years ahead: in testing time) over `live`. */
function openLiveInputs(live: FakeRtmpInputs, organization = acme, times: Partial<StudioEvent> = {}) {
  vi.stubGlobal('WebSocket', FakeSocket);
  const inputs = rtmpInputRoutes(live);
  return openStudio(PAGE, {
    user: ada,
    organization,
    routes: (path, init) =>
      path.split('?')[0] === '/api/event/e-1/'
        ? json(200, eventFixture({ id: 'e-1', title: 'Summit', ...times }))
        : inputs(path, init),
  });
}

const cardOf = async (name: string) => screen.findByRole('article', { name });

describe('live inputs page (002 §2.5, §4.3)', () => {
  it("lists the inputs with their status and test button, in the event's Programs menu", async () => {
    openLiveInputs({ inputs: [rtmpInput({ id: 'rtmp-1', name: 'Main stage' })] });
    expect(await screen.findByRole('heading', { name: 'Live Inputs' })).toBeTruthy();
    const card = await cardOf('Main stage');
    expect(within(card).getByTestId('channel-status').textContent).toBe(rtmpInputMessages.notAccepting);
    expect(within(card).getByRole<HTMLButtonElement>('button', { name: 'Test RTMP In' }).disabled).toBe(
      false,
    );
    const programme = screen.getByRole('list', { name: 'Programs pages' });
    expect(within(programme).getByRole('link', { name: 'Live Inputs' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it("shows 'No live inputs yet' for an event without inputs", async () => {
    openLiveInputs({ inputs: [] });
    const empty = await screen.findByRole('region', { name: 'No live inputs yet' });
    expect(within(empty).getByText(/stream URL and key/)).toBeTruthy();
  });

  it('says when the list cannot be loaded, and loads it again on request', async () => {
    const live: FakeRtmpInputs = {
      inputs: [rtmpInput({ id: 'rtmp-1', name: 'Main stage' })],
      listStatus: 403,
    };
    openLiveInputs(live);
    const alert = await screen.findByRole('alert', { name: /could not be loaded/ });
    delete live.listStatus;
    await typist().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await cardOf('Main stage')).toBeTruthy();
  });

  it('creates an input from the popup with its name and the event', async () => {
    const live: FakeRtmpInputs = { inputs: [] };
    const { fetchMock } = openLiveInputs(live);
    const user = typist();
    await user.click(await screen.findByRole('button', { name: 'Create input' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create input' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Backup encoder');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await cardOf('Backup encoder')).toBeTruthy();
    expect(
      callsTo(fetchMock, '/api/event/rtmp_inputs/').find((call) => call.method === 'POST')?.body,
    ).toEqual({
      name: 'Backup encoder',
      event: 'e-1',
    });
  });

  it("starts a test: 'Connecting...', then the pushed channel state: 'In Testing', ready, its end time and a preview", async () => {
    const main = rtmpInput({ id: 'rtmp-1', name: 'Main stage' });
    const { fetchMock } = openLiveInputs({ inputs: [main] });
    const card = await cardOf('Main stage');
    await typist().click(within(card).getByRole('button', { name: 'Test RTMP In' }));
    const connecting = await within(card).findByRole<HTMLButtonElement>('button', { name: 'Connecting...' });
    expect(connecting.disabled).toBe(true);
    expect(within(card).getByTestId('channel-status').textContent).toBe(rtmpInputMessages.preparing);
    expect(callsTo(fetchMock, '/api/event/rtmp_inputs/rtmp-1/start_test/')).toEqual([
      expect.objectContaining({ method: 'POST', body: undefined }),
    ]);

    await waitFor(() => expect(FakeSocket.instances.length).toBe(1));
    const socket = FakeSocket.instances[0]!;
    act(() => socket.open());
    expect(JSON.parse(socket.sent[0]!)).toMatchObject({ type: 'setEventId', data: { eventId: 'e-1' } });
    const update: RtmpInputUpdate = {
      eventId: 'e-1',
      id: 'rtmp-1',
      channel_states: ['RUNNING'],
      test_run_end_time: '2026-11-30T10:30:00Z',
      feeds: { primary: false, failover: false, degraded: false, error: null },
    };
    act(() => socket.push({ type: 'rtmp-input-updated', data: update }));
    expect(await within(card).findByRole('button', { name: 'In Testing' })).toBeTruthy();
    expect(within(card).getByTestId('channel-status').textContent).toBe(rtmpInputMessages.ready);
    expect(within(card).getByText('Test run ends Nov 30, 2026, 10:30 AM GMT')).toBeTruthy();
    expect(within(card).getByLabelText('Main stage preview video')).toBeTruthy();
    expect(FakeHls.instances.map((player) => player.loaded)).toEqual([main.urls.hls]);
  });

  it('shows what the channel receives: the feeds on air, a refused stream, and a degraded channel', async () => {
    openLiveInputs({
      inputs: [
        rtmpInput({
          id: 'rtmp-1',
          name: 'Main stage',
          channel_states: ['RECEIVING'],
          feeds: { primary: true, failover: true, degraded: false, error: 'Video must be H.264.' },
        }),
        rtmpInput({
          id: 'rtmp-2',
          name: 'Side stage',
          channel_states: ['RECOVERING'],
          feeds: { primary: false, failover: false, degraded: true, error: null },
        }),
      ],
    });
    const main = await cardOf('Main stage');
    expect(within(main).getByText(rtmpInputServerMessages.receiving('primary and failover'))).toBeTruthy();
    expect(within(main).getByRole('alert').textContent).toContain('Video must be H.264.');
    expect(within(await cardOf('Side stage')).getByText(rtmpInputServerMessages.degraded)).toBeTruthy();
  });

  it("says 'Testing did not start due to an error!' when the server refuses, and resets the button", async () => {
    openLiveInputs({ inputs: [rtmpInput({ id: 'rtmp-1', name: 'Main stage' })], startTestStatus: 400 });
    const card = await cardOf('Main stage');
    await typist().click(within(card).getByRole('button', { name: 'Test RTMP In' }));
    expect(await screen.findByText(rtmpInputMessages.testFailed)).toBeTruthy();
    expect(await within(card).findByRole('button', { name: 'Test RTMP In' })).toBeTruthy();
    expect(within(card).getByTestId('channel-status').textContent).toBe(rtmpInputMessages.notAccepting);
  });

  it('explains that an input a session plays cannot be deleted, and deletes one no session plays', async () => {
    const live: FakeRtmpInputs = {
      inputs: [rtmpInput({ id: 'rtmp-1', name: 'Main stage' }), rtmpInput({ id: 'rtmp-2', name: 'Spare' })],
      inUse: ['rtmp-1'],
    };
    openLiveInputs(live);
    const user = typist();
    const main = await cardOf('Main stage');
    await user.click(within(main).getByRole('button', { name: 'Delete Main stage' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect((await within(main).findByRole('alert')).textContent).toBe(rtmpInputServerMessages.inUse);

    await user.click(within(await cardOf('Spare')).getByRole('button', { name: 'Delete Spare' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Spare' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Main stage' })).toBeTruthy();
  });

  it("shows an archived channel as 'Channel Archived', its test button disabled", async () => {
    openLiveInputs({
      inputs: [rtmpInput({ id: 'rtmp-1', name: 'Main stage', channel_states: ['DELETED'] })],
    });
    const card = await cardOf('Main stage');
    expect(within(card).getByRole<HTMLButtonElement>('button', { name: 'Channel Archived' }).disabled).toBe(
      true,
    );
    expect(within(card).getByTestId('channel-status').textContent).toBe(rtmpInputMessages.archived);
  });

  it("says 'Running' past the testing window, that the channels are live, and what a live one receives", async () => {
    const inputs = [
      // A test run that began before the live window: its end no longer says anything true.
      rtmpInput({
        id: 'rtmp-1',
        name: 'Main stage',
        channel_states: ['RUNNING'],
        test_run_end_time: new Date(Date.now() + 30 * 60_000).toISOString(),
      }),
      rtmpInput({
        id: 'rtmp-2',
        name: 'Side stage',
        channel_states: ['RECEIVING'],
        feeds: { primary: true, failover: false, degraded: false, error: null },
      }),
    ];
    openLiveInputs({ inputs }, acme, { start_time: new Date().toISOString() });
    const card = await cardOf('Main stage');
    expect(within(card).getByRole<HTMLButtonElement>('button', { name: 'Running' }).disabled).toBe(true);
    expect(within(card).getByTestId('channel-status').textContent).toBe(rtmpInputMessages.ready);
    expect(within(card).queryByText(/Test run ends/)).toBeNull();
    expect(screen.getByText(rtmpInputServerMessages.liveNow)).toBeTruthy();
    expect(screen.queryByText(rtmpInputServerMessages.notInTestingTime)).toBeNull();
    const receiving = await cardOf('Side stage');
    expect(within(receiving).getByTestId('channel-status').textContent).toBe(
      rtmpInputServerMessages.receivingStream,
    );
  });

  it('splits each input URL into its stream URL and key, each copied on its own', async () => {
    openLiveInputs({
      inputs: [
        rtmpInput({
          id: 'rtmp-1',
          name: 'Main stage',
          input_url: 'rtmp://studio.example:1935/live/k3y',
          failover_input_url: 'rtmp://studio.example:1935/live/b4ckup',
          secure_input_url: 'rtmps://studio.example:1936/live/k3y',
        }),
      ],
    });
    const card = await cardOf('Main stage');
    const user = typist();
    // After userEvent's setup, which puts its own clipboard in place.
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const valueOf = (label: string) => within(card).getByLabelText<HTMLInputElement>(label).value;
    expect(valueOf('Stream URL')).toBe('rtmp://studio.example:1935/live');
    expect(valueOf('Stream key')).toBe('k3y');
    expect(valueOf('Failover URL')).toBe('rtmp://studio.example:1935/live');
    expect(valueOf('Failover key')).toBe('b4ckup');
    expect(valueOf('RTMPS stream URL')).toBe('rtmps://studio.example:1936/live');
    expect(within(card).getByLabelText('Stream key').getAttribute('type')).toBe('password');

    await user.click(within(card).getByRole('button', { name: 'Copy Stream URL' }));
    await user.click(within(card).getByRole('button', { name: 'Copy Stream key' }));
    await user.click(within(card).getByRole('button', { name: 'Copy Failover key' }));
    expect(writeText.mock.calls).toEqual([['rtmp://studio.example:1935/live'], ['k3y'], ['b4ckup']]);
  });

  it('is offered only on a plan with RTMP inputs', async () => {
    openLiveInputs({ inputs: [] }, starterAcme());
    expect(await screen.findByText(/not enabled for your organization/)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Create input' }).disabled).toBe(true);
  });
});
