import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_HERO_BACKGROUND, fillBranding } from '@studio/domain';
import { page } from '../layout.ts';
import { brandedPolicy, brandingStyle, pageBranding, withBranding } from './page-branding.ts';

const studioOrigin = 'https://studio.example.test';
const branded = fillBranding(
  {
    theme_secondary_color: '#FF0000',
    favicon: 'https://files.example.test/favicon.png',
    logo_url: 'https://files.example.test/logo.png',
    social_media_thumbnail: 'https://files.example.test/thumb.png',
  },
  {
    splash_page_hero: 'https://files.example.test/hero.jpg',
    mobile_splash_page_hero: '#123456',
    font_type: 'Web Font',
    theme_font_name: 'Lobster',
    theme_font_link: 'https://fonts.example.test/css?family=Lobster',
    splash_font_type: 'Custom Splash',
    splash_custom_font_name: 'House',
    splash_theme_font_src: 'https://files.example.test/house.woff2',
  },
);

describe("an event's pages in its branding (issue 18 §5)", () => {
  it('carry its colours, backgrounds and fonts as CSS variables, with the custom font and web font loaded', () => {
    const html = withBranding(page('Summit', '<h1>Summit</h1>'), branded, studioOrigin);
    const style = /<style id="event-branding">(.*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(style).toContain('--brand-button-background: #FF0000;');
    expect(style).toContain(
      '--brand-hero-background: center / cover no-repeat url("https://files.example.test/hero.jpg");',
    );
    expect(style).toContain('--brand-hero-background-mobile: #123456;');
    expect(style).toContain(
      '@font-face{font-family:"House";src:url("https://files.example.test/house.woff2")',
    );
    expect(html).toContain('<link rel="stylesheet" href="https://fonts.example.test/css?family=Lobster">');
  });

  it('dress a never-branded event in the designed hero, with no dark overlay over it (issue 34 §8)', () => {
    const html = withBranding(page('Summit', '<h1>Summit</h1>'), fillBranding({}, {}), studioOrigin);
    const style = /<style id="event-branding">(.*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(style).toContain(`--brand-hero-background: ${DEFAULT_HERO_BACKGROUND};`);
    expect(style).toContain('--brand-hero-gradient-height: 0vh;');
    expect(style).toContain('--brand-hero-gradient-height-mobile: 0vh;');
    // The page's bottom gradient (an image's overlay) sits behind the page, never over the form.
    expect(html).toMatch(/body::after\{[^}]*z-index:-1/);
  });

  it('show its favicon, logo and social thumbnail', () => {
    const html = withBranding(page('Summit', '<h1>Summit</h1>'), branded, studioOrigin);
    expect(html).toContain('<link rel="icon" href="https://files.example.test/favicon.png">');
    expect(html).not.toContain('href="data:,"');
    expect(html).toContain(
      '<main><img class="event-logo" alt="" src="https://files.example.test/logo.png"><h1>',
    );
    expect(html).toContain('<meta property="og:image" content="https://files.example.test/thumb.png">');
    expect(html).toContain('<meta name="twitter:image" content="https://files.example.test/thumb.png">');
    // A built page's own picture stays its social thumbnail.
    const built = withBranding(
      page('Summit', '', { image: 'https://files.example.test/page.png' }),
      branded,
      studioOrigin,
    );
    expect(built.match(/property="og:image"/g)).toHaveLength(1);
    // A hidden logo is not shown.
    const hidden = fillBranding(
      { logo_url: 'https://files.example.test/logo.png', is_logo_visible: false },
      {},
    );
    expect(withBranding(page('Summit', ''), hidden, studioOrigin)).not.toContain('class="event-logo"');
  });

  it('show uploads by their content path, the social thumbnail in full on the studio’s current origin', () => {
    const path = '/api/files/0b6c2f8e-6f1e-4a57-9d2c-2f1f0c1d9e11/events/x/1a2b/logo.png';
    const uploaded = fillBranding(
      { logo_url: path, social_media_thumbnail: path },
      { splash_page_hero: path },
    );
    for (const origin of ['http://localhost:8080', 'https://studio.example.org']) {
      const html = withBranding(page('Summit', ''), uploaded, origin);
      expect(html).toContain(`<img class="event-logo" alt="" src="${path}">`);
      expect(html).toContain(`url("${path}")`);
      expect(html).toContain(`<meta property="og:image" content="${origin}${path}">`);
    }
  });

  it('hide the event’s title and dates as Header Settings say (002 §5.7)', () => {
    const style = (state: typeof branded) => brandingStyle(state);
    expect(style(branded)).toContain('--brand-title-display: block;');
    expect(style(branded)).toContain('--brand-date-display: block;');
    const hidden = fillBranding({ is_title_visible: false, is_date_visible: false }, {});
    expect(style(hidden)).toContain('--brand-title-display: none;');
    expect(style(hidden)).toContain('--brand-date-display: none;');
    // The pages' one stylesheet ties the classes of the title and the dates to those variables.
    const html = page('Summit', '');
    expect(html).toContain('.event-title{display:var(--brand-title-display,block)}');
    expect(html).toContain('.event-dates{display:var(--brand-date-display,block)}');
  });

  it('allow exactly their own style by hash, the web font host and https fonts and pictures in the CSP', () => {
    const branding = pageBranding(branded);
    const hash = createHash('sha256').update(brandingStyle(branded)).digest('base64');
    const policy = brandedPolicy(
      "default-src 'none';style-src 'self';img-src 'self' data:",
      branding,
      studioOrigin,
    );
    expect(policy).toContain(`style-src 'self' 'sha256-${hash}' https://fonts.example.test`);
    expect(policy).toContain(`img-src 'self' data: ${studioOrigin} https:`);
    expect(policy).toContain(`font-src 'self' data: ${studioOrigin} https:`);
  });

  it('keep a hostile value from closing the style', () => {
    const state = fillBranding(
      {},
      { splash_page_hero: 'https://files.example.test/a</style><script>x()</script>.jpg' },
    );
    expect(brandingStyle(state)).not.toContain('</style>');
  });
});
