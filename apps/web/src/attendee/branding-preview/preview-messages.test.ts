import { afterEach, describe, expect, it, vi } from 'vitest';
import { BRANDING_PREVIEW_MESSAGE, fillBranding } from '@studio/domain';
import { listenToBrandingPreview } from './preview-messages.ts';

const studioOrigin = 'https://studio.example.test';
const pending = fillBranding(
  { theme_secondary_color: '#FF0000', logo_url: 'https://files.example.test/logo.png' },
  { lower_third_background: '#00FF00' },
);
const post = (origin: string, data: unknown) =>
  window.dispatchEvent(new MessageEvent('message', { origin, data, source: window }));
const variable = (name: string) => document.documentElement.style.getPropertyValue(name);

let stop = () => undefined as void;
afterEach(() => {
  stop();
  document.documentElement.removeAttribute('style');
  document.body.innerHTML = '';
});

describe("the preview frame's messages (002 §2.1, ARCHITECTURE §1)", () => {
  it("applies the studio's pending branding without a reload", () => {
    document.body.innerHTML = '<main><h1>Summit</h1></main>';
    const received = vi.fn();
    stop = listenToBrandingPreview(window, studioOrigin, received);
    post(studioOrigin, { type: BRANDING_PREVIEW_MESSAGE, state: pending, show: 'lower_third' });
    expect(variable('--brand-button-background')).toBe('#FF0000');
    expect(variable('--brand-lower-third-background')).toBe('#00FF00');
    expect(document.querySelector('main > img.event-logo')?.getAttribute('src')).toBe(
      'https://files.example.test/logo.png',
    );
    expect(received).toHaveBeenCalledWith(expect.objectContaining({ show: 'lower_third' }));
  });

  it('refuses messages from any other origin, and anything but a branding message', () => {
    const received = vi.fn();
    stop = listenToBrandingPreview(window, studioOrigin, received);
    post('https://evil.example.test', { type: BRANDING_PREVIEW_MESSAGE, state: pending, show: null });
    post('https://studio.example.test.evil.example', { type: BRANDING_PREVIEW_MESSAGE, state: pending });
    post(studioOrigin, { type: 'something-else', state: pending });
    post(studioOrigin, 'not an object');
    expect(received).not.toHaveBeenCalled();
    expect(variable('--brand-button-background')).toBe('');
  });
});
