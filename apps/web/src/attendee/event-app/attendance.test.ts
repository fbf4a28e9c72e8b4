import { MAX_BEACON_ACTIONS } from '@studio/domain';
import { describe, expect, it, vi } from 'vitest';
import { onDemandEventOf, reportOnDemandWatching, reportRegistrationView } from '../beacon.ts';
import { createAttendance } from './attendance.ts';

const EVENT = '7b0c6f52-2c55-4a4b-9f3e-0d1f5f1e2a11';
const SESSION = '3f2a9d41-8c1e-4b7a-9d20-5e6f7a8b9c0d';

describe('attendance beacons (issue 35 §1)', () => {
  it('sends the queued actions as one beacon when the page is hidden, in batches of the most a beacon takes', () => {
    const send = vi.fn();
    const attendance = createAttendance(EVENT, send);
    const stop = attendance.start();
    for (let index = 0; index <= MAX_BEACON_ACTIONS; index++) attendance.track({ action: 'stage_visit' });
    expect(send).not.toHaveBeenCalled();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(send.mock.calls.map(([url]) => url as string)).toEqual([
      `/e/${EVENT}/api/analytics`,
      `/e/${EVENT}/api/analytics`,
    ]);
    const sizes = send.mock.calls.map(
      ([, body]) => (JSON.parse(body as string) as { actions: unknown[] }).actions.length,
    );
    expect(sizes).toEqual([MAX_BEACON_ACTIONS, 1]);
    stop();
    expect(send).toHaveBeenCalledTimes(2);
  });

  it("reports a registration page's view with its campaign, once per tab a visitor", () => {
    const send = vi.fn();
    reportRegistrationView(
      { pathname: `/e/${EVENT}/register`, search: '?utm_source=newsletter&utm_campaign=launch' },
      send,
    );
    reportRegistrationView({ pathname: `/e/${EVENT}/register`, search: '' }, send);
    reportRegistrationView({ pathname: `/e/${EVENT}/live`, search: '' }, send);
    expect(send).toHaveBeenCalledTimes(2);
    const [first, second] = send.mock.calls.map(
      ([, body]) => JSON.parse(body as string) as Record<string, unknown>,
    );
    expect(send.mock.calls[0]?.[0]).toBe(`/e/${EVENT}/register/view`);
    expect(first).toMatchObject({ utm_source: 'newsletter', utm_medium: null, utm_campaign: 'launch' });
    expect(second?.visitor).toBe(first?.visitor);
  });

  it("sends the public on-demand page's watch time with the tab's visitor id, every heartbeat and when paused", () => {
    vi.useFakeTimers();
    try {
      expect(onDemandEventOf(`/e/${EVENT}/on-demand`)).toBe(EVENT);
      expect(onDemandEventOf(`/embed/${EVENT}`)).toBe(EVENT);
      expect(onDemandEventOf(`/e/${EVENT}/register`)).toBeUndefined();
      const send = vi.fn();
      const player = document.createElement('video');
      const stop = reportOnDemandWatching(player, EVENT, undefined, send);
      vi.advanceTimersByTime(60_000);
      expect(send).not.toHaveBeenCalled();
      player.dispatchEvent(new Event('playing'));
      vi.advanceTimersByTime(30_000);
      vi.advanceTimersByTime(12_000);
      player.dispatchEvent(new Event('pause'));
      vi.advanceTimersByTime(90_000);
      stop();
      expect(send.mock.calls.map(([url]) => url as string)).toEqual([
        `/e/${EVENT}/on-demand/watched`,
        `/e/${EVENT}/on-demand/watched`,
      ]);
      const bodies = send.mock.calls.map(([, body]) => JSON.parse(body as string) as Record<string, unknown>);
      expect(bodies.map((body) => body.seconds)).toEqual([30, 12]);
      expect(bodies[0]?.visitor).toEqual(expect.any(String));
      expect(bodies[1]?.visitor).toBe(bodies[0]?.visitor);
      expect(bodies[0]).not.toHaveProperty('session');
    } finally {
      vi.useRealTimers();
    }
  });

  it("names the session whose recording the on-demand page's player plays", () => {
    vi.useFakeTimers();
    try {
      const send = vi.fn();
      const player = document.createElement('video');
      const stop = reportOnDemandWatching(player, EVENT, SESSION, send);
      player.dispatchEvent(new Event('playing'));
      vi.advanceTimersByTime(30_000);
      stop();
      const [body] = send.mock.calls.map(([, sent]) => JSON.parse(sent as string) as Record<string, unknown>);
      expect(body).toMatchObject({ seconds: 30, session: SESSION });
    } finally {
      vi.useRealTimers();
    }
  });
});
