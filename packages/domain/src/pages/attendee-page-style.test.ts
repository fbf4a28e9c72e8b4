import { describe, expect, it } from 'vitest';
import { contrastRatio, TEXT_CONTRAST } from '../branding/colors.ts';
import { ATTENDEE_PAGE_STYLE } from './attendee-page-style.ts';

/**
 * The declarations every rule outside media queries gives `selector` (one of its selector list),
 * later rules over earlier ones, as the cascade has them for equal specificity.
 */
function declarations(selector: string, css = topLevelRules()): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [, selectors, body] of css.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    if (!selectors!.split(/,(?![^(]*\))/).some((one) => one.trim() === selector)) continue;
    for (const declaration of body!.split(';')) {
      const colon = declaration.indexOf(':');
      if (colon > 0) found[declaration.slice(0, colon).trim()] = declaration.slice(colon + 1).trim();
    }
  }
  return found;
}
/** The rules outside media queries. */
function topLevelRules(): string {
  return ATTENDEE_PAGE_STYLE.replace(/@media[^{]*\{(?:[^{}]*\{[^}]*\})*\s*\}/g, '');
}
/** The rules inside the phone's media query. */
function phoneRules(): string {
  return [...ATTENDEE_PAGE_STYLE.matchAll(/@media \(max-width:480px\)\{((?:[^{}]*\{[^}]*\})*)\s*\}/g)]
    .map((match) => match[1])
    .join('');
}
/** A length in CSS pixels (px or rem, 16px to the rem); NaN for anything else. */
const px = (value: string | undefined) => {
  const match = /^([\d.]+)(px|rem)$/.exec(value ?? '');
  return match ? Number(match[1]) * (match[2] === 'rem' ? 16 : 1) : Number.NaN;
};

describe("the attendee pages' stylesheet on a phone", () => {
  it.each(['.button', 'label.choice', '.page-chapters button', '.page-eventlist a'])(
    'makes %s at least 44px tall to tap',
    (selector) => {
      expect(px(declarations(selector)['min-height'])).toBeGreaterThanOrEqual(44);
    },
  );

  it('draws check boxes and radio buttons 20px square, the whole row their label', () => {
    const box = declarations('input:is([type=checkbox],[type=radio])');
    expect(px(box.width)).toBeGreaterThanOrEqual(20);
    expect(px(box.height)).toBeGreaterThanOrEqual(20);
    expect(declarations('label.choice').display).toBe('flex');
  });

  it('puts a hub or series event’s date on a line of its own', () => {
    expect(declarations('.page-eventlist time').display).toBe('block');
  });

  it('keeps the embed inside its frame: no page height or collapsing margin, nothing to scroll', () => {
    // The phone rule gives every main `min-height:100vh`; the embed's main is as tall as its player.
    expect(declarations('.embed main')['min-height']).toBe('0');
    expect(declarations('.embed .muted').margin).toBe('0');
    expect(declarations('.embed').overflow).toBe('hidden');
  });

  it.each(['input:not([type=checkbox],[type=radio])', 'select'])(
    'makes the registration form’s %s at least 44px tall to tap',
    (selector) => {
      expect(px(declarations(selector)['min-height'])).toBeGreaterThanOrEqual(44);
    },
  );

  it('centres speaker cards in wrapping rows (one card alone is not left in half an empty grid)', () => {
    expect(declarations('.page-speakers ul').display).toBe('flex');
    expect(declarations('.page-speakers ul')['justify-content']).toBe('center');
    expect(declarations('.page-speakers ul')['flex-wrap']).toBe('wrap');
  });

  it('gives a select the text inputs’ white field', () => {
    expect(declarations('select')['background-color']).toBe('#fff');
  });

  it.each(['body', 'body.stage-page', '.page-hero'])(
    'keeps %s background fixed to the window on a phone too (its `background` would reset it)',
    (selector) => {
      expect(declarations(selector, phoneRules())['background-attachment']).toBe('fixed');
    },
  );
});

describe("the attendee pages' background", () => {
  it.each(['body', 'body.stage-page'])(
    'covers the whole page however far it scrolls: %s fixed to the window, the root at least as tall',
    (selector) => {
      expect(declarations(selector)['background-attachment']).toBe('fixed');
      expect(declarations('html')['min-height']).toBe('100%');
    },
  );
});

describe("the page's Agenda block in the event's branding (002 §2.1 Entering The Event)", () => {
  it('wears the Landing Agenda Background and the Agenda Tile Background Shade, as the preview shows them', () => {
    expect(declarations('.page-agenda ol').background).toBe('var(--brand-landing-agenda-background,#fff)');
    expect(declarations('.page-agenda li').background).toBe(
      'rgba(var(--brand-agenda-tile-shade,255,255,255),.6)',
    );
    // Each session its title, its times on a line under it; tiles, not a numbered list.
    expect(declarations('.page-agenda ol')['list-style']).toBe('none');
    expect(declarations('.page-agenda time').display).toBe('block');
  });
});

describe("a page's blocks", () => {
  it("stand apart: the on-demand page's video does not touch the hero above it", () => {
    expect(declarations('.page-block+.page-block')['margin-top']).toBe('1rem');
  });

  it("list a video's chapters unnumbered: their times number them", () => {
    expect(declarations('.page-chapters')['list-style']).toBe('none');
    expect(declarations('.page-chapters').padding).toBe('0');
  });
});

describe("the page's Event details block", () => {
  it('shows each value under its small label, not indented as a bare <dd>', () => {
    expect(declarations('.page-eventdetails dd').margin).toBe('0 0 .5rem');
    expect(declarations('.page-eventdetails dt')['font-size']).toBe('.875rem');
  });
});

describe("the attendee pages' colours where the event's branding sets none (WCAG AA, 4.5:1)", () => {
  /** A value as it shows without branding: a `var(--brand-…, fallback)`'s fallback. */
  const unbranded = (value: string | undefined) =>
    /^var\(--[\w-]+,(.+)\)$/.exec(value ?? '')?.[1] ?? value ?? '';

  it('reads a button’s text on its background', () => {
    const button = declarations('.button');
    expect(contrastRatio(unbranded(button.color), unbranded(button.background))).toBeGreaterThanOrEqual(
      TEXT_CONTRAST,
    );
  });

  it.each(['.page-chapters button', '.muted'])(
    'reads %s on the card and on the page around it',
    (selector) => {
      for (const background of ['#fff', unbranded(declarations('body').background)])
        expect(contrastRatio(unbranded(declarations(selector).color), background)).toBeGreaterThanOrEqual(
          TEXT_CONTRAST,
        );
    },
  );
});

describe('contrastRatio (WCAG 2)', () => {
  it('is 21 for black on white, 1 for a colour on itself, the same either way round', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('rgba(25, 113, 194, 1)', '#1971c2')).toBe(1);
    expect(contrastRatio('#767676', '#fff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#fff', '#767676')).toBe(contrastRatio('#767676', '#fff'));
  });
});
