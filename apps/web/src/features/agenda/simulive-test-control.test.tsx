import {
  SIMULIVE_TEST_REFUSALS,
  simuliveTestMessages,
  type Broadcast,
  type StageSource,
} from '@studio/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { agendaRoutes, broadcast, summit } from '../../testing/agenda-fixture.ts';
import { eventFixture } from '../../testing/event-fixture.ts';
import { FakeHls } from '../../testing/fake-hls.ts';
import { ada, FakeSocket, json, type ExtraRoutes } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';

beforeEach(() => {
  FakeSocket.instances = [];
});

// The summit starts in 2031: a test is allowed now.
const idle = broadcast({
  id: 'b-1',
  title: 'Opening film',
  end_time: '2031-03-01T10:12:00.000Z',
  broadcast_type: 'SIMULIVE',
  test_simulive_processing_state: 'IDLE',
  video_assets: [
    { id: 'v-1', title: 'Trailer', duration: 540, transcode_status: 'COMPLETE', thumbnail: null },
  ],
});
const endTime = '2031-01-01T00:14:00.000Z';
const running: Broadcast = {
  ...idle,
  simulive_test_run_end_time: endTime,
  test_simulive_processing_state: 'RUNNING',
};
const hls = 'http://localhost:3000/api/media/videos/v-1/hls/master.m3u8';
const playing: StageSource = {
  kind: 'session_video',
  session: 'b-1',
  video: 'v-1',
  hls_url: hls,
  offset_seconds: 42,
  until: endTime,
};

/** The agenda's API over one session; `answer` is what a start or stop call answers (held until released). */
function server(session: { current: Broadcast }, answer: () => Promise<Response>): ExtraRoutes {
  const agenda = agendaRoutes(() => session.current);
  return (path, init) => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const [route] = path.split('?');
    if (route === '/api/event/broadcasts/b-1/simulive_test_preview/') return json(200, playing);
    if (init.method === 'POST' && route?.startsWith('/api/event/broadcasts/b-1/')) return answer();
    return agenda(path, init);
  };
}

const controlOf = async () => within(await screen.findByRole('region', { name: 'Simulive test run' }));
const ofDrawer = '/events/e-1/programs/agenda?broadcastId=b-1';

describe("a pre-recorded session's test run (001 §4, 002 §4.4)", () => {
  it('starts a test: Starting... while the call is pending, then Ongoing with the message and the preview', async () => {
    const session = { current: idle };
    let release: () => void = () => undefined;
    const { fetchMock } = openStudio(ofDrawer, {
      user: ada,
      routes: server(
        session,
        () =>
          new Promise((resolve) => {
            release = () => {
              session.current = running;
              resolve(json(200, running));
            };
          }),
      ),
    });
    const control = await controlOf();
    expect(control.getByText('Not started')).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.click(control.getByRole('button', { name: 'Start Test' }));

    expect(control.getByText('Starting test...')).toBeTruthy();
    expect(control.getByRole<HTMLButtonElement>('button', { name: 'Starting...' }).disabled).toBe(true);
    expect(control.getByText(simuliveTestMessages.testRun)).toBeTruthy();
    expect(callsTo(fetchMock, '/api/event/broadcasts/b-1/test_simulive/')).toEqual([
      { url: '/api/event/broadcasts/b-1/test_simulive/', method: 'POST', body: undefined },
    ]);

    act(() => release());
    expect(await control.findByRole('button', { name: 'Stop Test' })).toBeTruthy();
    expect(control.getByText('Ongoing')).toBeTruthy();
    // The private preview joins the test channel's video at its offset.
    expect(await control.findByLabelText('Test run preview video')).toBeTruthy();
    await waitFor(() => expect(FakeHls.instances.at(-1)?.loaded).toBe(hls));
    expect(FakeHls.instances.at(-1)?.config.startPosition).toBe(42);
  });

  it('follows the broadcast-updated push when the test ends on the server', async () => {
    const session = { current: running };
    openStudio(ofDrawer, { user: ada, routes: server(session, () => Promise.resolve(json(200, running))) });
    const control = await controlOf();
    expect(control.getByText('Ongoing')).toBeTruthy();
    await waitFor(() => expect(FakeSocket.instances.length).toBe(1));
    session.current = idle;
    act(() =>
      FakeSocket.instances[0]!.push({ type: 'broadcast-updated', data: { ...idle, eventId: 'e-1' } }),
    );
    expect(await control.findByRole('button', { name: 'Start Test' })).toBeTruthy();
    expect(control.getByText('Not started')).toBeTruthy();
    expect(control.queryByLabelText('Test run preview video')).toBeNull();
  });

  it("shows the server's refusal as a toast and is back where it was", async () => {
    const session = { current: running };
    openStudio(ofDrawer, {
      user: ada,
      routes: server(session, () =>
        Promise.resolve(json(400, { message: 'The channel is down.', code: 'DOWN' })),
      ),
    });
    const control = await controlOf();
    await userEvent.setup({ delay: null }).click(control.getByRole('button', { name: 'Stop Test' }));
    expect(await screen.findByText('The channel is down.')).toBeTruthy();
    expect(await control.findByRole('button', { name: 'Stop Test' })).toBeTruthy();
    expect(control.getByText('Ongoing')).toBeTruthy();
  });

  it("says 'Processing...' with a disabled Setting Up while a video is processing", async () => {
    const processing: Broadcast = {
      ...idle,
      test_simulive_processing_state: 'PROCESSING',
      video_assets: [{ ...idle.video_assets[0]!, transcode_status: 'PROGRESSING' }],
    };
    openStudio(ofDrawer, {
      user: ada,
      routes: server({ current: processing }, () => Promise.reject(new Error())),
    });
    const control = await controlOf();
    expect(control.getByText('Processing...')).toBeTruthy();
    expect(control.getByRole<HTMLButtonElement>('button', { name: 'Setting Up' }).disabled).toBe(true);
  });

  it('disables Start Test with the reason when the event starts too soon', async () => {
    const startingSoon = eventFixture({ ...summit, start_time: new Date(Date.now() + 60_000).toISOString() });
    openStudio(ofDrawer, {
      user: ada,
      routes: (path, init) =>
        path.split('?')[0] === '/api/event/e-1/'
          ? json(200, startingSoon)
          : server({ current: idle }, () => Promise.reject(new Error()))(path, init),
    });
    const control = await controlOf();
    expect(control.getByRole<HTMLButtonElement>('button', { name: 'Start Test' }).disabled).toBe(true);
    expect(control.getByText(SIMULIVE_TEST_REFUSALS.SIMULIVE_TEST_TOO_LATE)).toBeTruthy();
  });
});
