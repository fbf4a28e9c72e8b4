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
/** The declarations of `selector`'s rule inside the phone layout's media query (max-width: 900px). */
const phoneRule = (selector: string): string => {
  const media = css.indexOf('@media (max-width: 900px) {');
  expect(media).toBeGreaterThanOrEqual(0);
  const start = css.indexOf(`\n  ${selector} {`, media);
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

  it("fits the stage sidebar's chat in its height: the list takes what is left, the composer stays in view", () => {
    expect(rule('.stage-sidebar')).toMatch(/max-height: 80vh/);
    expect(rule('.stage-sidebar > .sidebar-panel')).toMatch(/flex: 1 1 auto/);
    const chatPanel = rule('.sidebar-panel:has(> .chat-channel)');
    expect(chatPanel).toMatch(/display: flex/);
    expect(chatPanel).toMatch(/flex-direction: column/);
    const channel = rule('.sidebar-panel > .chat-channel');
    expect(channel).toMatch(/display: flex/);
    expect(channel).toMatch(/flex-direction: column/);
    expect(channel).toMatch(/flex: 1 1 auto/);
    expect(channel).toMatch(/min-height: 0/);
    // Tabs, pinned messages, the composer and "Choose a GIF" keep their height; only the list gives way.
    expect(rule('.chat-channel > *')).toMatch(/flex-shrink: 0/);
    const list = rule('.sidebar-panel > .chat-channel > .chat-scroll');
    expect(list).toMatch(/flex: 1 1 auto/);
    expect(list).toMatch(/(^|[^-])height: auto/);
    expect(list).toMatch(/min-height: \d/);
    // A room's or booth's chat, outside the sidebar, keeps a list of its own height.
    expect(rule('.chat-scroll')).toMatch(/(^|[^-])height: min\(55vh, 28rem\)/);
  });

  it('sizes the chat list to its messages under the stage on a phone, so the composer stays near the player', () => {
    const phoneList = phoneRule('.sidebar-panel > .chat-channel > .chat-scroll');
    expect(phoneList).toMatch(/flex: none/);
    // As tall as its messages (the windowed list is as tall as the history), up to a cap.
    expect(phoneList).toMatch(/(^|[^-])height: auto/);
    expect(phoneList).toMatch(/min-height: 0/);
    expect(phoneList).toMatch(/max-height: min\(40vh, 20rem\)/);
    // The desktop sidebar's list still takes the height the channel has left.
    expect(rule('.sidebar-panel > .chat-channel > .chat-scroll')).toMatch(/flex: 1 1 auto/);
  });

  it("keeps the chat's composer on a phone's screen while the chat is, on the panel's opaque shade", () => {
    const composer = phoneRule('.chat-channel > .composer');
    expect(composer).toMatch(/position: sticky/);
    expect(composer).toMatch(/bottom: 0/);
    expect(composer).toMatch(/background: rgb\(var\(--brand-overlay-shade\b/);
    // A scrolling panel would hold the composer to itself rather than to the window.
    expect(phoneRule('.stage-sidebar > .sidebar-panel')).toMatch(/overflow: clip/);
    // The GIF button is in that row, beside Send (the picker's box lends its children to the grid).
    expect(phoneRule('.chat-channel > .composer > .gif-picker')).toMatch(/display: contents/);
    expect(phoneRule('.gif-picker > .button')).toMatch(/grid-area: 2 \/ 3/);
  });

  it("lines the event's end message up with the on-demand list it leads (the screen's message is centred)", () => {
    expect(rule('.stage-message')).toMatch(/place-items: center/);
    expect(rule('.stage-ended .stage-message')).toMatch(/display: block/);
  });

  it("puts a question's upvotes on a line of their own under its text", () => {
    expect(rule('.question > :is(.upvote, .muted)')).toMatch(/display: flex/);
  });

  it('makes the tabs, upvotes and on-demand links at least 44px tall to tap', () => {
    for (const selector of ['.tab-bar .tab', '.upvote', '.on-demand-list .link-button']) {
      const heights = [...css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/\n([^{}]+)\{([^}]*)\}/g)]
        .filter(([, selectors]) => selectors!.split(',').some((one) => one.trim() === selector))
        .flatMap(([, , body]) =>
          [...body!.matchAll(/(?:^|[;\s])min-height: (\d+)px/g)].map((m) => Number(m[1])),
        );
      expect(Math.max(0, ...heights), selector).toBeGreaterThanOrEqual(44);
    }
  });

  it('gives the event app on a phone the 16px sides of the other attendee pages', () => {
    const media = css.indexOf('@media (max-width: 480px) {');
    expect(media).toBeGreaterThanOrEqual(0);
    const start = css.indexOf('.stage-page main {', media);
    expect(css.slice(start, css.indexOf('}', start))).toMatch(/padding: 1rem;/);
  });

  it('edges the quieter buttons (Skip for now, Leave event) in the button colour, not a fixed grey', () => {
    // Over the attendee pages' `.button.secondary` (a fixed light grey), by its class on the body.
    const secondary = rule('.stage-page .button.secondary');
    expect(secondary).toMatch(/box-shadow: inset 0 0 0 2px var\(--brand-button-background\b/);
    expect(secondary).toMatch(/background: transparent/);
    // The panel's own text colour, readable on whatever background the branding gives it.
    expect(secondary).toMatch(/color: inherit/);
    expect(secondary.replace(/var\([^)]*\)/g, '')).not.toMatch(fixedColour);
  });

  it("keeps the stage sidebar's tabs on one row that scrolls sideways under the stage, compact on a phone; beside it they wrap", () => {
    const row = phoneRule('.tab-bar.scroll');
    expect(row).toMatch(/flex-wrap: nowrap/);
    expect(row).toMatch(/overflow-x: auto/);
    const phone = css.indexOf('@media (max-width: 480px) {');
    const start = css.indexOf('.tab-bar.scroll .tab {', phone);
    expect(start).toBeGreaterThan(phone);
    // Beside the stage the sidebar's 22rem row wraps like every tab row (it hid Q&A and Media).
    expect(rule('.tab-bar')).toMatch(/flex-wrap: wrap/);
    expect(css.indexOf('\n.tab-bar.scroll {')).toBe(-1);
  });

  it('keeps a gap between Leave event and the tabs below it (a stray tap signed people out)', () => {
    const gap = /margin-bottom: (\d+(?:\.\d+)?)rem/.exec(rule('.signed-in'));
    expect(Number(gap?.[1] ?? 0)).toBeGreaterThanOrEqual(1);
  });

  it("sets a person's photo beside their name and role, round", () => {
    expect(rule('.person')).toMatch(/display: flex/);
    expect(rule('.person > img')).toMatch(/border-radius: 50%/);
    expect(rule('.person strong,\n.person .muted')).toMatch(/display: block/);
  });

  it("puts the event's logo on a light plate, readable on a dark theme", () => {
    expect(rule('.stage-page .event-logo')).toMatch(/background: #fff/);
  });
});
