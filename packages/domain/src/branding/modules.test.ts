import { describe, expect, it } from 'vitest';
import {
  BRANDING_FIELDS,
  BRANDING_MODULES,
  BRANDING_SECTIONS,
  backgroundType,
  brandingCssVariables,
  brandingErrors,
  brandingFontSources,
  brandingLocked,
  cssDeclarations,
  DEFAULT_HERO_BACKGROUND,
  fillBranding,
  FIRST_BRANDING_MODULE,
  isModuleValid,
  lockErrors,
  MODULE_FIELDS,
  moduleErrors,
  type BrandingContext,
  type BrandingModuleId,
  type BrandingState,
} from './index.ts';

const conference: BrandingContext = { eventType: 'Conference', boothsTab: true };
const webinar: BrandingContext = { eventType: 'Webinar', boothsTab: true };
const base = fillBranding({}, {});
const withTheme = (theme: Partial<BrandingState['theme']>): BrandingState => ({
  ...base,
  theme: { ...base.theme, ...theme },
});
const withEvent = (event: Partial<BrandingState['event']>): BrandingState => ({
  ...base,
  event: { ...base.event, ...event },
});

describe('the module catalogue (002 §2.1)', () => {
  it('has the section groups in order, brandingSettings first with themebase first', () => {
    expect(BRANDING_SECTIONS.map((section) => section.title)).toEqual([
      'Global Settings',
      'Event Landing',
      'Entering The Event',
      'Stage',
      'Engagement & Communication',
    ]);
    expect(BRANDING_SECTIONS[0].id).toBe('brandingSettings');
    expect(FIRST_BRANDING_MODULE).toBe('themebase');
  });

  it('places every module exactly once, with the spec ids and titles', () => {
    const placed = BRANDING_SECTIONS.flatMap((section) => [...section.modules]);
    expect([...placed].sort()).toEqual(Object.keys(BRANDING_MODULES).sort());
    expect(BRANDING_MODULES).toMatchObject({
      stageFont: 'Stage Font',
      landingFont: 'Event Landing Font',
      heroBackgroundV2: 'Hero Background',
      lowerThirds: 'Banners shared on stage / lower thirds',
      logos: 'Onstage images or logos',
      PopupWindows: 'Stage Popups',
      sidebarColor: 'Sidebar Overlay',
      agendaBackground: 'Agenda Tile Background Shade',
      bufferVideo: 'Buffer Video',
    });
  });

  it("names only branding fields, and every event-level branding field is some module's", () => {
    const edited = Object.values(MODULE_FIELDS).flatMap((fields) => [...fields.event]);
    for (const field of edited) expect(BRANDING_FIELDS).toContain(field);
    const eventFields = BRANDING_FIELDS.filter(
      (field) => !['stage_roll_video_asset', 'filler_slide', 'theme_obj'].includes(field),
    );
    expect(eventFields.filter((field) => !edited.includes(field as never))).toEqual([]);
  });
});

describe('module validity (002 §5.3–§5.7), shared by the editor and the server', () => {
  it('every module of the defaults is valid', () => {
    for (const module of Object.keys(BRANDING_MODULES) as BrandingModuleId[]) {
      expect(isModuleValid(module, base, conference)).toBe(true);
    }
    expect(brandingErrors(base, webinar)).toEqual({});
  });

  it.each([
    [
      'heroBackgroundV2',
      withTheme({ splash_page_hero: '' }),
      conference,
      { 'theme_obj.splash_page_hero': 'Upload an image.' },
    ],
    [
      'stageBackground',
      withTheme({ mobile_stage_background: '' }),
      conference,
      { 'theme_obj.mobile_stage_background': 'Upload an image.' },
    ],
    [
      'videoStreamBackground',
      withTheme({ event_background: '' }),
      conference,
      { 'theme_obj.event_background': 'Upload an image.' },
    ],
    [
      'stageFont',
      withTheme({ font_type: 'Web Font', theme_font_name: '', theme_font_link: '' }),
      conference,
      {
        'theme_obj.theme_font_name': 'Font name is required',
        'theme_obj.theme_font_link': 'Font URL is required',
      },
    ],
    [
      'landingFont',
      withTheme({ splash_font_type: 'Custom Splash' }),
      conference,
      {
        'theme_obj.splash_theme_font_src': 'Upload a font file (TTF, OTF, WOFF or WOFF2).',
      },
    ],
    [
      'callToAction',
      withEvent({ demo_link_enabled: true, demo_request_title: '' }),
      conference,
      { demo_request_title: 'Required' },
    ],
    [
      'callToAction',
      withEvent({ on_demand_demo_link_enabled: true }),
      webinar,
      {
        on_demand_demo_link_enabled: 'Only conferences have an on-demand demo link.',
      },
    ],
    [
      'enterEventExperience',
      withTheme({ custom_cta_enabled: true, custom_cta_link_to: 'custom', custom_cta_button_url: null }),
      conference,
      {
        'theme_obj.custom_cta_button_url': 'Required',
      },
    ],
    [
      'stageNavigation',
      withEvent({ booth_tab_title: '', show_event_booths: true }),
      conference,
      { booth_tab_title: 'This field is required' },
    ],
    ['stageNavigation', withEvent({ booth_tab_title: '', show_event_booths: true }), webinar, {}],
  ] as const)('%s of %j (%j) → %j', (module, state, context, errors) => {
    expect(moduleErrors(module, state, context)).toEqual(errors);
    expect(brandingErrors(state, context)).toEqual(errors);
  });
});

describe('locks (002 §5.4)', () => {
  const now = new Date('2026-05-01T10:00:00Z');
  it.each([
    ['2026-05-01T10:59:59Z', true],
    ['2026-05-01T11:00:00Z', false],
    ['2026-05-01T09:00:00Z', true],
    ['2026-05-02T10:00:00Z', false],
    [null, false],
  ])('an event starting %s is locked: %s', (start, locked) =>
    expect(brandingLocked(start, now)).toBe(locked),
  );

  it('refuses a change of the Enter Event Button, the filler slide or the custom CTA toggle, not an unchanged value', () => {
    const stored = {
      event: { disable_enter_event_button: true, filler_slide: null },
      theme: { custom_cta_enabled: false },
    };
    const message = 'This setting cannot be changed less than one hour before the start of the event';
    expect(
      lockErrors(stored, {
        disable_enter_event_button: false,
        filler_slide: 'f1',
        theme_obj: { custom_cta_enabled: true },
      }),
    ).toEqual({
      disable_enter_event_button: message,
      filler_slide: message,
      'theme_obj.custom_cta_enabled': message,
    });
    expect(
      lockErrors(stored, {
        disable_enter_event_button: true,
        filler_slide: null,
        theme_obj: { custom_cta_enabled: false },
      }),
    ).toEqual({});
    expect(lockErrors({ event: {}, theme: {} }, { filler_slide: null, title: 'x' })).toEqual({});
  });
});

describe("the attendee pages' CSS custom properties", () => {
  it('turns a state into --brand-… values', () => {
    const state = withTheme({
      splash_page_hero: 'https://cdn.example/hero.png',
      is_overlay_visible: false,
      font_type: 'Web Font',
      theme_font_name: 'Inter',
      theme_font_link: 'https://fonts.example/inter.css',
      splash_font_type: 'Custom Splash',
      splash_custom_font_name: 'Brand"; } body {',
      splash_theme_font_src: 'https://cdn.example/brand.woff2',
      name_card_radius: null,
    });
    const variables = brandingCssVariables({
      ...state,
      event: { ...state.event, screen_saver_background: null, theme_secondary_color: '#123456' },
    });
    expect(variables).toMatchObject({
      '--brand-button-background': '#123456',
      '--brand-screen-saver-background': '#123456',
      '--brand-hero-background': 'center / cover no-repeat url("https://cdn.example/hero.png")',
      '--brand-hero-gradient-height': '0vh',
      '--brand-stage-background': base.theme.stage_background,
      '--brand-stage-font': '"Inter", system-ui, sans-serif',
      '--brand-landing-font': '"Brand  body ", system-ui, sans-serif',
      '--brand-sidebar-alpha': '0.5',
      '--brand-page-item-alpha': '0.35',
      '--brand-sidebar-blur': '100px',
      '--brand-name-card-radius': '0px',
      '--brand-overlay-shade': '0, 0, 0',
    });
    expect(brandingCssVariables(base)['--brand-stage-font']).toBe(
      '"Default-GT-America", system-ui, sans-serif',
    );
    expect(brandingFontSources(state)).toEqual([
      { family: 'Inter', url: 'https://fonts.example/inter.css', kind: 'stylesheet' },
      { family: 'Brand  body ', url: 'https://cdn.example/brand.woff2', kind: 'file' },
    ]);
    expect(cssDeclarations({ '--brand-a': '1', '--brand-b': 'x' })).toBe('--brand-a: 1; --brand-b: x;');
  });

  it('dress a never-branded landing page in the designed hero, with no dark overlay over it', () => {
    const variables = brandingCssVariables(base);
    expect(base.theme.splash_page_hero).toBe(DEFAULT_HERO_BACKGROUND);
    expect(backgroundType(DEFAULT_HERO_BACKGROUND)).toBe('Gradient');
    // From the default button colour: the page's own colours, not a grey.
    expect(DEFAULT_HERO_BACKGROUND).toContain('rgba(37, 99, 235, 1)');
    expect(variables['--brand-hero-background']).toBe(DEFAULT_HERO_BACKGROUND);
    expect(variables['--brand-hero-background-mobile']).toBe(DEFAULT_HERO_BACKGROUND);
    expect(variables['--brand-hero-gradient-height']).toBe('0vh');
    expect(variables['--brand-hero-gradient-height-mobile']).toBe('0vh');
  });

  it('darken the bottom of a hero image when its overlay is on, each device by its own hero', () => {
    const variables = brandingCssVariables(
      withTheme({
        splash_page_hero: 'https://cdn.example/hero.png',
        mobile_splash_page_hero: '#112233',
        is_overlay_visible: true,
        splash_gradient_height: '60vh',
      }),
    );
    expect(variables['--brand-hero-gradient-height']).toBe('60vh');
    expect(variables['--brand-hero-gradient-height-mobile']).toBe('0vh');
  });
});
