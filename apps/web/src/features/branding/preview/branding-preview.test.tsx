import { BRANDING_PREVIEW_MESSAGE, BRANDING_PREVIEW_READY, fillBranding } from '@studio/domain';
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BrandingPreview } from './branding-preview.tsx';
import type { BrandingModuleId, BrandingState } from '@studio/domain';

/** The pane of event e-1 (or template t-1), in the studio's theme. */
const pane = (
  currentModule: BrandingModuleId,
  pending: BrandingState,
  kind: 'event' | 'template' = 'event',
) => (
  <MantineProvider>
    <BrandingPreview
      subject={{ kind, id: kind === 'event' ? 'e-1' : 't-1' }}
      currentModule={currentModule}
      state={pending}
    />
  </MantineProvider>
);

const origin = 'https://events.example.test';
vi.mock('./branding-preview-api.ts', () => ({
  usePreviewAccess: () => ({
    data: { origin: 'https://events.example.test', token: 't-1', expires_at: '2031-01-01T00:00:00Z' },
    isError: false,
  }),
}));

const state = fillBranding({ theme_secondary_color: '#FF0000' }, {});
const frame = () => screen.getByTitle<HTMLIFrameElement>('Live preview');
const ready = (from: string, source: Window | null) =>
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { origin: from, source, data: { type: BRANDING_PREVIEW_READY } }),
    );
  });

describe('the live preview pane (002 §2.1)', () => {
  it("opens the event's landing page ('splash') on the attendee origin and follows the module", () => {
    const view = render(pane('themebase', state));
    expect(frame().src).toBe(`${origin}/e/e-1/preview/splash?token=t-1`);
    view.rerender(pane('lowerThirds', state));
    expect(frame().src).toBe(`${origin}/e/e-1/preview/stage?token=t-1`);
  });

  it("opens a template's preview pages on the attendee origin", () => {
    const view = render(pane('themebase', state, 'template'));
    expect(frame().src).toBe(`${origin}/t/t-1/preview/splash?token=t-1`);
    view.rerender(pane('logos', state, 'template'));
    expect(frame().src).toBe(`${origin}/t/t-1/preview/stage?token=t-1`);
  });

  it('posts each pending change to the attendee origin only, once its frame listens', () => {
    const view = render(pane('themebase', state));
    const target = frame().contentWindow;
    if (!target) throw new Error('no frame window');
    const post = vi.spyOn(target, 'postMessage').mockImplementation(() => undefined);
    ready('https://evil.example.test', target);
    ready(origin, window);
    expect(post).not.toHaveBeenCalled();
    ready(origin, target);
    expect(post).toHaveBeenLastCalledWith(
      { type: BRANDING_PREVIEW_MESSAGE, state, show: null, fillerImage: null },
      origin,
    );
    const changed = fillBranding({ theme_secondary_color: '#00FF00' }, {});
    view.rerender(pane('themebase', changed));
    expect(post).toHaveBeenLastCalledWith(expect.objectContaining({ state: changed }), origin);
    expect(post.mock.calls.every(([, targetOrigin]) => targetOrigin === origin)).toBe(true);
  });

  it('clears the frame when the view switches, and restores it after 700 ms', () => {
    vi.useFakeTimers();
    render(pane('themebase', state));
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
});
