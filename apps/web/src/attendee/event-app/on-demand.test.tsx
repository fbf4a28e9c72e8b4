import { fireEvent, render, screen } from '@testing-library/react';
import { HEARTBEAT_SECONDS, type OnDemandVideo } from '@studio/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AttendanceContext, createAttendance } from './attendance.ts';
import { OnDemandList } from './on-demand.tsx';

const EVENT = '7b0c6f52-2c55-4a4b-9f3e-0d1f5f1e2a11';
const SESSION = '4f7d2a8e-1b3c-4d5e-8f90-a1b2c3d4e5f6';
const video = (fields: Pick<OnDemandVideo, 'id' | 'title' | 'session'>): OnDemandVideo => ({
  hls_url: `https://media.example/${fields.id}/index.m3u8`,
  duration: 600,
  thumbnail_url: null,
  ...fields,
});

const sentActions = (send: ReturnType<typeof vi.fn>) =>
  send.mock.calls.flatMap(([, body]) => (JSON.parse(body as string) as { actions: unknown[] }).actions);

afterEach(() => vi.useRealTimers());

describe('on-demand watch time (issue 35 §1)', () => {
  it("counts the seconds a recording plays as the session's on-demand watch time, from the player's beacons", () => {
    vi.useFakeTimers();
    const send = vi.fn();
    const attendance = createAttendance(EVENT, send);
    const { unmount } = render(
      <AttendanceContext.Provider value={attendance}>
        <OnDemandList
          videos={[
            video({ id: 'v-1', title: 'Keynote', session: SESSION }),
            video({ id: 'v-2', title: 'Full recording', session: null }),
          ]}
          empty="Nothing yet"
        />
      </AttendanceContext.Provider>,
    );
    const player = screen.getByLabelText('Keynote');
    fireEvent(player, new Event('playing'));
    vi.advanceTimersByTime(HEARTBEAT_SECONDS * 1000);
    vi.advanceTimersByTime(12_000);
    fireEvent(player, new Event('pause'));
    // The event's recording (no session) is watched on demand too.
    fireEvent.click(screen.getByRole('button', { name: /Full recording/ }));
    fireEvent(screen.getByLabelText('Full recording'), new Event('playing'));
    vi.advanceTimersByTime(5_000);
    unmount();
    attendance.flush();
    expect(sentActions(send)).toEqual([
      { action: 'session_joined', target: SESSION, mode: 'on_demand' },
      { action: 'watched', target: SESSION, mode: 'on_demand', seconds: HEARTBEAT_SECONDS },
      { action: 'watched', target: SESSION, mode: 'on_demand', seconds: 12 },
      { action: 'session_left', target: SESSION, mode: 'on_demand' },
      { action: 'session_joined', target: null, mode: 'on_demand' },
      { action: 'watched', target: null, mode: 'on_demand', seconds: 5 },
      { action: 'session_left', target: null, mode: 'on_demand' },
    ]);
  });
});
