import type HlsLight from 'hls.js/light';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { timezoneLabel } from '@studio/domain';
import { listenToCalendarClicks, listenToCtaClicks, mountCountdowns } from './page-islands.ts';
import { playVideo } from './video-island.ts';

const page = window as unknown as { __studioHooks?: Record<string, unknown> };
afterEach(() => {
  document.body.innerHTML = '';
  delete page.__studioHooks;
  vi.useRealTimers();
});

describe('the countdown island', () => {
  it('says "Starts in" only before the start, "Live now" while live, and that it ended after', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2031-05-29T11:56:56Z'));
    document.body.innerHTML =
      '<section><h2>Starts in</h2><div data-island="countdown" data-starts-at="2031-05-30T14:00:00.000Z" data-ends-at="2031-05-30T16:00:00.000Z"><time>May 30</time></div></section>';
    const stop = mountCountdowns();
    const slot = document.querySelector('[data-island="countdown"]');
    expect(slot?.querySelector('.countdown')?.textContent).toBe('1d 2h 3m 4s');
    // In the visitor's own timezone (whatever the test machine's is).
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(slot?.querySelector('.muted')?.textContent).toMatch(/^Starts May \d+, 2031/);
    expect(
      slot
        ?.querySelector('.muted')
        ?.textContent?.endsWith(`M ${timezoneLabel(zone, new Date('2031-05-30T14:00:00Z'))}`),
    ).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(slot?.querySelector('.countdown')?.textContent).toBe('1d 2h 3m 3s');
    vi.setSystemTime(new Date('2031-05-30T14:00:00Z'));
    vi.advanceTimersByTime(1000);
    expect(slot?.querySelector('.countdown')?.textContent).toBe('Live now');
    expect(document.querySelector('h2')?.hidden).toBe(true);
    expect(slot?.querySelector<HTMLElement>('.muted')?.hidden).toBe(true);
    vi.setSystemTime(new Date('2031-05-30T16:00:00Z'));
    vi.advanceTimersByTime(1000);
    expect(slot?.querySelector('.countdown')?.textContent).toBe('This event has ended.');
    stop();
  });
});

/** The links themselves go nowhere in this test (and clicks elsewhere, after it, go on as usual). */
function linksGoNowhere() {
  const stay = (event: Event) => event.preventDefault();
  document.addEventListener('click', stay);
  onTestFinished(() => document.removeEventListener('click', stay));
}

describe('the CTA click hooks', () => {
  it('runs Register CTA Click and Custom CTA Click with the spec’s parameters', () => {
    const onRegisterCtaClick = vi.fn();
    const onCustomCtaClick = vi.fn();
    page.__studioHooks = { onRegisterCtaClick, onCustomCtaClick };
    document.body.innerHTML =
      '<div class="built-page" data-page-type="Registration" data-event-name="Summit" data-event-id="e-1">' +
      '<a class="page-cta" href="#register" data-block-type="register_cta" data-block-id="cta-1">Register</a>' +
      '<a class="page-cta" href="https://example.com/more" data-block-type="custom_cta" data-block-id="cta-2">Learn more</a>' +
      '</div>';
    onTestFinished(listenToCtaClicks());
    linksGoNowhere();
    const [register, custom] = document.querySelectorAll<HTMLAnchorElement>('a.page-cta');
    register?.click();
    expect(onRegisterCtaClick).toHaveBeenCalledWith('e-1', 'Summit', 'register_cta', 'cta-1', 'Registration');
    custom?.click();
    expect(onCustomCtaClick).toHaveBeenCalledWith(
      'Learn more',
      'https://example.com/more',
      'custom_cta',
      'cta-2',
      'Registration',
    );
  });
});

describe('the add-to-calendar click hook', () => {
  it("runs Add to Calendar with the event's name and id and the calendar's type", () => {
    const onAddToCalendar = vi.fn();
    page.__studioHooks = { onAddToCalendar };
    document.body.innerHTML =
      '<section class="add-to-calendar" data-event-id="e-1" data-event-name="Summit &lt;1&gt;">' +
      '<a data-calendar-type="google" href="https://calendar.google.com/x">Google</a>' +
      '<a data-calendar-type="appleical" href="/e/e-1/calendar.ics"><span>Apple</span></a>' +
      '<a data-calendar-type="other" href="#">Other</a></section>' +
      '<a data-calendar-type="outlook" href="#">Outside the section</a>';
    onTestFinished(listenToCalendarClicks());
    linksGoNowhere();
    const links = document.querySelectorAll<HTMLAnchorElement>('a');
    links[0]?.click();
    expect(onAddToCalendar).toHaveBeenLastCalledWith('Summit <1>', 'e-1', 'google');
    links[1]?.querySelector('span')?.click();
    expect(onAddToCalendar).toHaveBeenLastCalledWith('Summit <1>', 'e-1', 'appleical');
    links[2]?.click();
    links[3]?.click();
    expect(onAddToCalendar).toHaveBeenCalledTimes(2);
  });
});

/** hls.js as the island uses it: records what it was asked and lets the test raise errors. */
function fakeHls() {
  const calls: string[] = [];
  let onError: (event: string, data: { fatal: boolean; type: string }) => void = () => undefined;
  class FakeHls {
    static isSupported = () => true;
    static Events = { ERROR: 'hlsError' };
    constructor(readonly config: object) {}
    on(_event: string, listener: typeof onError) {
      onError = listener;
    }
    loadSource(src: string) {
      calls.push(`load ${src}`);
    }
    attachMedia() {
      calls.push('attach');
    }
    startLoad() {
      calls.push('startLoad');
    }
    recoverMediaError() {
      calls.push('recover');
    }
    destroy() {
      calls.push('destroy');
    }
  }
  return {
    Hls: FakeHls as unknown as typeof HlsLight,
    calls,
    error: (data: { fatal: boolean; type: string }) => onError('hlsError', data),
  };
}

describe('the video island', () => {
  it('plays the playlist with hls.js, follows 000 §8’s error rules and seeks to chapters', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    document.body.innerHTML =
      '<div data-island="video" data-hls-src="https://studio.example/v/master.m3u8" data-poster="https://studio.example/t.jpg" data-title="Replay: Launch"></div>' +
      '<ol class="page-chapters"><li><button type="button" data-seek="90">1:30 Demo</button></li></ol>';
    const slot = document.querySelector<HTMLElement>('[data-island="video"]');
    const fake = fakeHls();
    await playVideo(slot as HTMLElement, () => Promise.resolve(fake.Hls));
    const video = slot?.querySelector('video');
    expect(video?.poster).toBe('https://studio.example/t.jpg');
    expect(video?.getAttribute('aria-label')).toBe('Replay: Launch');
    expect(fake.calls).toEqual(['load https://studio.example/v/master.m3u8', 'attach']);

    fake.error({ fatal: false, type: 'networkError' });
    fake.error({ fatal: true, type: 'networkError' });
    fake.error({ fatal: true, type: 'mediaError' });
    expect(fake.calls.slice(2)).toEqual(['startLoad', 'recover']);
    fake.error({ fatal: true, type: 'otherError' });
    expect(fake.calls.at(-1)).toBe('destroy');
    expect(slot?.querySelector('[role="alert"]')?.textContent).toBe(
      'Video playback failed. Please refresh the page.',
    );

    document.querySelector<HTMLButtonElement>('button[data-seek]')?.click();
    expect(video?.currentTime).toBe(90);
  });

  it('shows the video’s WebVTT captions as an English captions track, and no track without them', async () => {
    const captions = 'https://studio.example/api/media/videos/v/captions/en.vtt?org_id=o&code=c';
    document.body.innerHTML = `<div data-island="video" data-hls-src="https://studio.example/v/master.m3u8" data-captions-src="${captions.replaceAll('&', '&amp;')}"></div><div data-island="video" data-hls-src="https://studio.example/w/master.m3u8"></div>`;
    const [captioned, plain] = document.querySelectorAll<HTMLElement>('[data-island="video"]');
    await playVideo(captioned as HTMLElement, () => Promise.resolve(fakeHls().Hls));
    await playVideo(plain as HTMLElement, () => Promise.resolve(fakeHls().Hls));
    const track = captioned?.querySelector('video > track');
    expect(track).toMatchObject({ kind: 'captions', src: captions, srclang: 'en', label: 'English' });
    expect(captioned?.querySelector('video')?.crossOrigin).toBe('anonymous');
    expect(plain?.querySelector('track')).toBeNull();
  });
});
