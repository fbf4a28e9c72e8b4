import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const css = readFileSync(join(import.meta.dirname, 'event-app.css'), 'utf8');

/** The declarations of the stylesheet's rule for `selector` (its first, outside media queries). */
const rule = (selector: string): string => {
  const start = css.indexOf(`\n${selector} {`);
  expect(start).toBeGreaterThanOrEqual(0);
  return css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
};
const fixedColour = /#[0-9a-f]{3,8}\b|rgba?\(\s*\d/i;

describe("the event app's stylesheet", () => {
  it("paints a pinned message in the theme's colours (no fixed pale background under the theme's text)", () => {
    const pinned = rule('.chat-message.pinned');
    expect(pinned).toMatch(/background:[^;]*currentColor/);
    expect(pinned.replace(/var\([^)]*\)/g, '')).not.toMatch(fixedColour);
  });

  it('keeps the page card inside the window, with a margin on each side', () => {
    expect(rule('.stage-page main')).toMatch(/width: min\(80rem, calc\(100% - 2rem\)\)/);
    expect(rule('.stage-page main')).toMatch(/margin-inline: auto/);
    // The attendee pages' 40rem card does not cap the event app's.
    expect(rule('.stage-page main')).toMatch(/max-width: none/);
  });

  it("paints the stage's screen saver and popups in their branding colours (002 §2.2)", () => {
    expect(rule('.screen-saver')).toMatch(/background: var\(--brand-screen-saver-background\b/);
    expect(rule('.screen-saver')).toMatch(/color: var\(--brand-screen-saver-text\b/);
    // Stage Popups: the popup background colour and the popup font colour.
    expect(rule('.stage-popup')).toMatch(/background: var\(--brand-popup-background\b/);
    expect(rule('.stage-popup')).toMatch(/color: var\(--brand-stage-text\b/);
  });

  it("puts the event's logo on a light plate, readable on a dark theme", () => {
    expect(rule('.stage-page .event-logo')).toMatch(/background: #fff/);
  });
});
