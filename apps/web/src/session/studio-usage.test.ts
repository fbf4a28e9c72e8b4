import { MAX_STUDIO_USAGE_EVENTS, STUDIO_USAGE_SESSION_KEY, type StudioUsageBatch } from '@studio/domain';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { localSession } from '../api/local-session.ts';
import { createStudioUsage, type UsageSend } from './studio-usage.ts';

const sent = (send: Mock<UsageSend>) =>
  send.mock.calls.map(([body, access]) => ({ ...(JSON.parse(body) as StudioUsageBatch), access }));

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('the studio’s usage analytics in the page (002 §7.11 track events)', () => {
  it('tracks clicks on buttons and links by their name, and sends them as the page goes', () => {
    localSession.saveTokens({ access: 'access-1', refresh: 'refresh-1' });
    const send = vi.fn<UsageSend>();
    const stop = createStudioUsage(send).watch();
    document.body.innerHTML = `
      <button><svg></svg> Create
        event</button>
      <button aria-label="Delete Launch"><svg></svg></button>
      <a href="/events"><span>Events</span></a>
      <div role="button">Expand</div>
      <p>Just text</p>
      <button><svg></svg></button>`;
    for (const element of [
      ...document.querySelectorAll('button, a, [role="button"]'),
      document.querySelector('span'),
      document.querySelector('p'),
    ])
      (element as HTMLElement).click();
    expect(send).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pagehide'));
    const [batch] = sent(send);
    expect(batch?.access).toBe('access-1');
    expect(batch?.session_id).toBe(localStorage.getItem(STUDIO_USAGE_SESSION_KEY));
    expect(batch?.events).toEqual([
      { event: 'button_click', button_name: 'Create event' },
      { event: 'button_click', button_name: 'Delete Launch' },
      { event: 'link_click', button_name: 'Events' },
      { event: 'button_click', button_name: 'Expand' },
      // A link's inner text is the link's click.
      { event: 'link_click', button_name: 'Events' },
    ]);
    stop();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends a full queue at once, and what waits when the tab is hidden', () => {
    localSession.saveTokens({ access: 'access-1', refresh: 'refresh-1' });
    const send = vi.fn<UsageSend>();
    const stop = createStudioUsage(send).watch();
    document.body.innerHTML = '<button>Save</button>';
    const save = document.querySelector('button')!;
    for (let click = 0; click < MAX_STUDIO_USAGE_EVENTS + 1; click += 1) save.click();
    expect(sent(send).map((batch) => batch.events.length)).toEqual([MAX_STUDIO_USAGE_EVENTS]);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sent(send).map((batch) => batch.events.length)).toEqual([MAX_STUDIO_USAGE_EVENTS, 1]);
    stop();
  });

  it('tells a failed sign-in as nobody (no clicks), starts a session at sign-in and ends it at sign-out', () => {
    const send = vi.fn<UsageSend>();
    const usage = createStudioUsage(send);
    const stop = usage.watch();
    document.body.innerHTML = '<button>Log in</button>';
    document.querySelector('button')!.click();
    usage.signInFailed('password');
    window.dispatchEvent(new Event('pagehide'));
    const [failed] = sent(send);
    expect(failed).toMatchObject({
      access: null,
      events: [{ event: 'studioLoginLogout', action: 'login', is_success: false, login_method: 'password' }],
    });

    document.querySelector('button')!.click();
    usage.signedIn('password');
    const started = localStorage.getItem(STUDIO_USAGE_SESSION_KEY);
    expect(started).not.toBe(failed?.session_id);
    expect(send).toHaveBeenCalledTimes(1);
    localSession.saveTokens({ access: 'access-2', refresh: 'refresh-2' });
    usage.signingOut();
    const login = { event: 'studioLoginLogout', device_type: 'desktop', action: 'login', is_success: true };
    expect(sent(send)[1]).toEqual({
      session_id: started,
      access: 'access-2',
      events: [
        { event: 'button_click', button_name: 'Log in' },
        { ...login, login_method: 'password' },
        { ...login, action: 'logout', login_method: null },
      ],
    });
    expect(localStorage.getItem(STUDIO_USAGE_SESSION_KEY)).toBeNull();
    stop();
  });
});
