import { BRANDING_PREVIEW_MESSAGE, BRANDING_PREVIEW_READY, fillBranding } from '@studio/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../../testing/fake-studio-api.ts';
import { TestTheme } from '../../../testing/render-widget.tsx';
import { BrandingPreview } from './branding-preview.tsx';
import type { BrandingModuleId, BrandingState } from '@studio/domain';

const origin = 'https://events.example.test';
/**
 * The pane of event e-1 (or template t-1), in the studio's theme, once the server has given its
 * attendee origin and preview token; `show` renders it again with another module or state.
 */
async function openPane(
  currentModule: BrandingModuleId,
  pending: BrandingState,
  kind: 'event' | 'template' = 'event',
) {
  const fetchMock = vi.fn((_url: string, _init: RequestInit) =>
    Promise.resolve(json(200, { origin, token: 't-1', expires_at: '2031-01-01T00:00:00Z' })),
  );
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient();
  const pane = (module: BrandingModuleId, shown: BrandingState) => (
    <QueryClientProvider client={client}>
      <TestTheme>
        <BrandingPreview
          subject={{ kind, id: kind === 'event' ? 'e-1' : 't-1' }}
          currentModule={module}
          state={shown}
        />
      </TestTheme>
    </QueryClientProvider>
  );
  const view = render(pane(currentModule, pending));
  await screen.findByTitle('Live preview');
  return {
    fetchMock,
    show: (module: BrandingModuleId, shown: BrandingState) => view.rerender(pane(module, shown)),
  };
}

const state = fillBranding({ theme_secondary_color: '#FF0000' }, {});
const frame = () => screen.getByTitle<HTMLIFrameElement>('Live preview');
const ready = (from: string, source: Window | null) =>
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { origin: from, source, data: { type: BRANDING_PREVIEW_READY } }),
    );
  });

describe('the live preview pane (002 §2.1)', () => {
  it("opens the event's landing page ('splash') on the attendee origin and follows the module", async () => {
    const { fetchMock, show } = await openPane('themebase', state);
    expect(fetchMock.mock.calls.map(([url, init]) => [init.method, url])).toEqual([
      ['POST', '/api/event/e-1/branding_preview/'],
    ]);
    expect(frame().src).toBe(`${origin}/e/e-1/preview/splash?token=t-1`);
    show('lowerThirds', state);
    expect(frame().src).toBe(`${origin}/e/e-1/preview/stage?token=t-1`);
  });

  it("opens a template's preview pages on the attendee origin", async () => {
    const { fetchMock, show } = await openPane('themebase', state, 'template');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/event/studio-templates/t-1/branding_preview/',
    ]);
    expect(frame().src).toBe(`${origin}/t/t-1/preview/splash?token=t-1`);
    show('logos', state);
    expect(frame().src).toBe(`${origin}/t/t-1/preview/stage?token=t-1`);
  });

  it('posts each pending change to the attendee origin only, once its frame listens', async () => {
    const { show } = await openPane('themebase', state);
    const target = frame().contentWindow;
    if (!target) throw new Error('no frame window');
    const post = vi.spyOn(target, 'postMessage').mockImplementation(() => undefined);
    // The pane listens from just after its frame shows: the frame says it is ready until heard.
    await waitFor(() => {
      ready(origin, target);
      expect(post).toHaveBeenLastCalledWith(
        // Button & Card Color brings the stage's screen saver into view (its colours follow the buttons').
        { type: BRANDING_PREVIEW_MESSAGE, state, show: 'screen_saver', fillerImage: null },
        origin,
      );
    });
    // Another page loads in the frame: until it listens, nothing is posted, and only its own window
    // on the attendee origin is heard.
    show('lowerThirds', state);
    const stage = frame().contentWindow;
    if (!stage) throw new Error('no frame window');
    const postToStage = vi.spyOn(stage, 'postMessage').mockImplementation(() => undefined);
    post.mockClear();
    postToStage.mockClear();
    ready('https://evil.example.test', stage);
    ready(origin, window);
    expect(postToStage).not.toHaveBeenCalled();
    ready(origin, stage);
    expect(postToStage).toHaveBeenLastCalledWith(expect.objectContaining({ state }), origin);
    const changed = fillBranding({ theme_secondary_color: '#00FF00' }, {});
    show('lowerThirds', changed);
    expect(postToStage).toHaveBeenLastCalledWith(expect.objectContaining({ state: changed }), origin);
    expect(postToStage.mock.calls.every(([, targetOrigin]) => targetOrigin === origin)).toBe(true);
  });

  it('posts the pending branding again to each frame that (re)loads, never before it listens', async () => {
    const { show } = await openPane('themebase', state);
    const spyOn = (target: Window | null) => {
      if (!target) throw new Error('no frame window');
      return { target, post: vi.spyOn(target, 'postMessage').mockImplementation(() => undefined) };
    };
    const monitor = spyOn(frame().contentWindow);
    await waitFor(() => {
      ready(origin, monitor.target);
      expect(monitor.post).toHaveBeenCalledWith(expect.objectContaining({ state }), origin);
    });
    // The page reloads in the same frame and says so again: the pending branding goes again.
    monitor.post.mockClear();
    ready(origin, monitor.target);
    expect(monitor.post).toHaveBeenCalledWith(expect.objectContaining({ state }), origin);
    // Another view is a new frame: nothing goes to it (still on no origin) until it listens.
    fireEvent.click(screen.getByLabelText('Cellphone'));
    await waitFor(() => expect(frame().width).toBe('375'), { timeout: 5_000 });
    const cellphone = spyOn(frame().contentWindow);
    const changed = fillBranding({ theme_secondary_color: '#00FF00' }, {});
    show('themebase', changed);
    expect(cellphone.post).not.toHaveBeenCalled();
    ready(origin, cellphone.target);
    expect(cellphone.post).toHaveBeenLastCalledWith(expect.objectContaining({ state: changed }), origin);
  });

  it('clears the frame when the view switches, and restores it after 700 ms', async () => {
    await openPane('themebase', state);
    vi.useFakeTimers();
    fireEvent.click(screen.getByLabelText('Cellphone'));
    expect(screen.queryByTitle('Live preview')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(699);
    });
    expect(screen.queryByTitle('Live preview')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(frame().width).toBe('375');
    vi.useRealTimers();
  });

  it("lays Monitor out at a laptop's width, scaled down to fit a phone's column (never the page's phone look)", async () => {
    // Every observed element reports a 356 px wide column (jsdom lays nothing out).
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly report: ResizeObserverCallback) {}
        observe(target: Element) {
          const size = [{ inlineSize: 356, blockSize: 700 }];
          const entry = { target, borderBoxSize: size, contentBoxSize: size, contentRect: {} };
          this.report([entry as unknown as ResizeObserverEntry], this);
        }
        unobserve() {}
        disconnect() {}
      },
    );
    await openPane('themebase', state);
    const shown = () => frame().parentElement!.style;
    await waitFor(() => expect(shown().width).toBe('356px'));
    // The page gets 1280 px (its desktop styles), shown at 356 / 1280 of its size, its height with it.
    expect([frame().width, frame().style.width]).toEqual(['1280', '1280px']);
    expect(frame().style.transform).toBe(`scale(${356 / 1280})`);
    expect(shown().height).toBe(`${(800 * 356) / 1280}px`);
    // The cellphone view is a phone's width, scaled to the column too.
    fireEvent.click(screen.getByLabelText('Cellphone'));
    await waitFor(() => expect(frame().width).toBe('375'), { timeout: 5_000 });
    expect(frame().style.transform).toBe(`scale(${356 / 375})`);
  });
});
