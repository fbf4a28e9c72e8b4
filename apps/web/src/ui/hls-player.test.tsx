import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeHls } from '../testing/fake-hls.ts';
import { renderWidget } from '../testing/render-widget.tsx';
import { HlsPlayer, hlsErrorAction, withGuardParams, PLAYBACK_FAILED_MESSAGE_MS } from './hls-player.tsx';

const src = 'http://localhost:3000/api/media/videos/v1/hls/master.m3u8';
const latest = () => FakeHls.instances.at(-1)!;

afterEach(() => {
  vi.useRealTimers();
});

describe('HLS player (spec 000 §8)', () => {
  it('loads again after a fatal network error and recovers after a fatal media error', () => {
    renderWidget(<HlsPlayer src={src} title="Keynote" />);
    const hls = latest();
    expect(hls.loaded).toBe(src);
    expect(hls.attachMedia).toHaveBeenCalledWith(screen.getByLabelText('Keynote video'));
    act(() => hls.raise({ fatal: true, type: 'networkError' }));
    expect(hls.startLoad).toHaveBeenCalledTimes(1);
    act(() => hls.raise({ fatal: true, type: 'mediaError' }));
    expect(hls.recoverMediaError).toHaveBeenCalledTimes(1);
    act(() => hls.raise({ fatal: false, type: 'otherError' }));
    expect(hls.destroy).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows 'Video playback failed. Please refresh the page.' for 5 seconds after any other fatal error", () => {
    vi.useFakeTimers();
    renderWidget(<HlsPlayer src={src} title="Keynote" />);
    const hls = latest();
    act(() => hls.raise({ fatal: true, type: 'muxError' }));
    expect(hls.destroy).toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Video playback failed. Please refresh the page.');
    act(() => {
      vi.advanceTimersByTime(PLAYBACK_FAILED_MESSAGE_MS - 1);
    });
    expect(screen.queryByRole('alert')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says 'Sorry, your browser doesn't support hls player.' without MSE or native HLS", () => {
    FakeHls.supported = false;
    renderWidget(<HlsPlayer src={src} />);
    expect(screen.getByRole('alert').textContent).toBe("Sorry, your browser doesn't support hls player.");
  });

  it('adds the guard parameters to every request on the media host when the guard is on', () => {
    const guarded = `${src}?org_id=org-1&code=123.abc`;
    renderWidget(<HlsPlayer src={guarded} guarded />);
    const open = vi.fn();
    latest().config.xhrSetup?.({ open }, 'http://localhost:3000/api/media/videos/v1/hls/360p/index.m3u8');
    expect(open).toHaveBeenCalledWith(
      'GET',
      'http://localhost:3000/api/media/videos/v1/hls/360p/index.m3u8?org_id=org-1&code=123.abc',
      true,
    );
    open.mockClear();
    latest().config.xhrSetup?.(
      { open },
      'http://localhost:3000/api/media/videos/v1/hls/360p/seg0.ts?org_id=org-1&code=123.abc',
    );
    expect(open).not.toHaveBeenCalled();
  });

  it('leaves requests alone when the guard is off, and other hosts always', () => {
    expect(
      withGuardParams('https://cdn.example/x.m3u8', { orgId: 'o', code: 'c' }, 'http://localhost:3000'),
    ).toBe('https://cdn.example/x.m3u8');
    expect(withGuardParams(`${src}`, null, 'http://localhost:3000')).toBe(src);
    renderWidget(<HlsPlayer src={src} />);
    const open = vi.fn();
    latest().config.xhrSetup?.({ open }, src);
    expect(open).not.toHaveBeenCalled();
  });

  it('maps hls.js errors to the spec actions', () => {
    expect(hlsErrorAction({ fatal: true, type: 'networkError' })).toBe('startLoad');
    expect(hlsErrorAction({ fatal: true, type: 'mediaError' })).toBe('recoverMediaError');
    expect(hlsErrorAction({ fatal: true, type: 'keySystemError' })).toBe('fail');
    expect(hlsErrorAction({ fatal: false, type: 'networkError' })).toBe('ignore');
  });
});
