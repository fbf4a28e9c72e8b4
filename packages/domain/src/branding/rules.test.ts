import { describe, expect, it } from 'vitest';
import {
  AGENDA_TILE_SHADES,
  alphaSlider,
  backgroundMissingImage,
  backgroundType,
  backgroundValueFor,
  blurSlider,
  BRANDING_TIMINGS,
  chatExperienceToggles,
  DEFAULT_GRADIENT,
  DEFAULT_HEADER_COLOR,
  demoCtaErrors,
  enterEarly,
  enterEarlyToggle,
  fontErrors,
  fontsLinked,
  FONT_FILE_TYPES,
  headerOverlayFor,
  heroGradientHeight,
  isHexColor,
  linkedLandingFont,
  lowerThirdChoice,
  lowerThirdColors,
  makeDefault,
  nameCardEnabled,
  nameCardToggle,
  normalizeColor,
  OVERLAY_SHADES,
  pageItemAlpha,
  parseRgba,
  peopleTabSpeakersShown,
  refillDemoCta,
  screenSaverToggle,
  sidebarAlpha,
  sidebarBlur,
  speakerDescriptionShown,
  stageCtaErrors,
  stageCtaOff,
  stageNavigationErrors,
  webFontNameError,
  webFontUrlError,
  WEB_SAFE_FONTS,
  type DemoCtaFields,
  type FontSettings,
  type StageNavigationFields,
} from './index.ts';

describe('colours (002 §5.2)', () => {
  it.each([
    ['#fff', true],
    ['#FFFFFF', true],
    ['#ffffff80', true],
    ['#ffff', false],
    ['#fffff', false],
    ['#ggg', false],
    ['fff', false],
  ])('hex %s → %s', (value, ok) => expect(isHexColor(value)).toBe(ok));

  it.each([
    ['rgba(1, 2, 3, 0.5)', { r: 1, g: 2, b: 3, a: 0.5 }],
    ['rgb(1,2,3)', { r: 1, g: 2, b: 3, a: 1 }],
    ['rgba(0, 0, 0, 7)', { r: 0, g: 0, b: 0, a: 1 }],
  ])('parses %s, the alpha clamped to 1', (value, parsed) => expect(parseRgba(value)).toEqual(parsed));

  it.each(['rgba(1, 2)', 'rgba(256, 0, 0, 1)', 'rgba(a, b, c)', 'hsl(1, 2%, 3%)', 'rgba(1, 2, 3, -1)'])(
    "%s throws 'Invalid RGBA color value.'",
    (value) => expect(() => parseRgba(value)).toThrow('Invalid RGBA color value.'),
  );

  it.each([
    ['#abc', '#abc'],
    [' rgba(1,2,3,2) ', 'rgba(1, 2, 3, 1)'],
    ['red', null],
  ])('normalizes %j to %j', (value, normalized) => expect(normalizeColor(value)).toBe(normalized));
});

const font = (overrides: Partial<FontSettings>): FontSettings => ({
  type: 'Default',
  name: null,
  link: null,
  src: null,
  customName: null,
  color: '#fff',
  ...overrides,
});

describe('fonts (002 §4.6, §5.5)', () => {
  it('offers Default-GT-America, eleven web-safe fonts and four file types', () => {
    expect(WEB_SAFE_FONTS).toHaveLength(11);
    expect(FONT_FILE_TYPES).toEqual(['TTF', 'OTF', 'WOFF', 'WOFF2']);
  });

  it.each([
    ['', 'Font name is required'],
    ['   ', 'Font name is required'],
    [null, 'Font name is required'],
    ['Inter', null],
  ])('web font name %j → %j', (name, error) => expect(webFontNameError(name)).toBe(error));

  it.each([
    ['', 'Font URL is required'],
    ['fonts.example.com/inter.css', 'Invalid URL'],
    ['ftp://example.com/font.css', 'Invalid URL'],
    ['https://', 'Invalid URL'],
    ['https://fonts.googleapis.com/css2?family=Inter#x', null],
    ['http://10.0.0.1:8080/font.css', null],
    ['https://localhost/f.css', null],
  ])('web font url %j → %j', (url, error) => expect(webFontUrlError(url)).toBe(error));

  it.each([
    [
      font({ type: 'Web Font', name: ' ', link: 'x' }),
      { name: 'Font name is required', link: 'Invalid URL' },
    ],
    [font({ type: 'Web Font', name: 'Inter', link: 'https://f.example/i.css' }), {}],
    [font({ type: 'Custom' }), { src: 'Upload a font file (TTF, OTF, WOFF or WOFF2).' }],
    [font({ type: 'Custom Splash', src: 'https://cdn.example/f.woff2' }), {}],
    [font({ type: 'Web Safe Font', name: 'Georgia' }), {}],
    [font({ type: 'Web Safe Font', name: 'Comic Sans' }), { name: 'Font name is required' }],
    [font({ type: 'Default' }), {}],
  ])('%j has errors %j', (settings, errors) => expect(fontErrors(settings)).toEqual(errors));

  it("'Use same font and color as event landing' is on when both sets are equal", () => {
    const stage = font({ type: 'Custom', src: 'https://cdn.example/f.woff', customName: 'Brand' });
    expect(fontsLinked(stage, linkedLandingFont(stage))).toBe(true);
    expect(linkedLandingFont(stage).type).toBe('Custom Splash');
    expect(fontsLinked(stage, { ...linkedLandingFont(stage), color: '#000' })).toBe(false);
  });
});

describe('backgrounds (002 §4.6, §5.6)', () => {
  it.each([
    [DEFAULT_GRADIENT, 'Gradient'],
    ['radial-gradient(circle, #fff 0%, #000 100%)', 'Gradient'],
    ['#123456', 'Solid Color'],
    ['rgba(1, 2, 3, 0.4)', 'Solid Color'],
    ['https://cdn.example/hero.png', 'Image'],
    ['', 'Image'],
    [null, 'Image'],
  ])('%j is %s', (value, type) => expect(backgroundType(value)).toBe(type));

  it('writes the matching value per type', () => {
    expect(DEFAULT_GRADIENT).toContain('270deg');
    expect(backgroundValueFor('Gradient')).toBe(DEFAULT_GRADIENT);
    expect(backgroundValueFor('Solid Color', { header: true })).toBe(DEFAULT_HEADER_COLOR);
    expect(DEFAULT_HEADER_COLOR).toBe('rgba(255, 255, 255, 0.2)');
    expect(backgroundValueFor('Image', { lastImage: 'https://cdn.example/a.png' })).toBe(
      'https://cdn.example/a.png',
    );
    expect(backgroundValueFor('Image')).toBe('');
  });

  it.each([
    ['Gradient', true, false],
    ['Solid Color', true, false],
    ['Image', true, true],
    ['Image', false, false],
  ] as const)('the header overlay after switching to %s (last %s) is %s', (type, last, overlay) =>
    expect(headerOverlayFor(type, last)).toBe(overlay),
  );

  it.each([
    ['', true],
    ['https://cdn.example/a.png', false],
    ['#fff', false],
  ])('Image with %j missing an image: %s', (value, missing) =>
    expect(backgroundMissingImage(value)).toBe(missing),
  );
});

describe('branding maths (002 §9)', () => {
  it.each([
    [0, 0.001, 0.001, '0px'],
    [1, 0.01, 0.007, '2px'],
    [50, 0.5, 0.35, '100px'],
    [33, 0.33, 0.231, '66px'],
    [100, 1, 0.7, '200px'],
  ])('slider %d → alpha %d, page item %d, blur %s', (slider, alpha, pageItem, blur) => {
    expect(sidebarAlpha(slider)).toBe(alpha);
    expect(pageItemAlpha(alpha)).toBe(pageItem);
    expect(sidebarBlur(slider)).toBe(blur);
    expect(alphaSlider(alpha)).toBe(slider);
    expect(blurSlider(blur)).toBe(slider);
  });

  it('hero gradient, shades, debounces', () => {
    expect([heroGradientHeight(true), heroGradientHeight(false)]).toEqual(['60vh', '0vh']);
    expect(OVERLAY_SHADES.dark).toEqual({
      primary_background_shade: '0, 0, 0',
      alt_primary_background_shade: '255, 255, 255',
    });
    expect(OVERLAY_SHADES.light).toEqual({
      primary_background_shade: '255, 255, 255',
      alt_primary_background_shade: '0, 0, 0',
    });
    expect(AGENDA_TILE_SHADES).toEqual({ light: '255, 255, 255', dark: '0, 0, 0' });
    expect(BRANDING_TIMINGS).toEqual({
      colorDebounceMs: 200,
      fontCheckDebounceMs: 200,
      textDebounceMs: 500,
      viewRestoreMs: 700,
    });
  });
});

const colors = {
  theme_secondary_color: '#111111',
  secondary_text_color: '#222222',
  theme_primary_color: '#333333',
  primary_text_color: '#444444',
};

describe('name card, lower thirds, screen saver (002 §4.6, §9)', () => {
  it('name card on: title none, 20px, theme colours; off: all null', () => {
    const on = nameCardToggle(true, colors);
    expect(on).toEqual({
      name_card_title_display: 'none',
      name_card_radius: '20px',
      name_card_background: '#333333',
      name_card_text_color: '#444444',
    });
    expect(nameCardEnabled(on)).toBe(true);
    const off = nameCardToggle(false, colors);
    expect(Object.values(off)).toEqual([null, null, null, null]);
    expect(nameCardEnabled(off)).toBe(false);
  });

  it.each([
    ['Button Colors', false, '#111111', '#222222'],
    ['Button Colors', true, '#222222', '#111111'],
    ['Popup Colors', false, '#333333', '#444444'],
    ['Popup Colors', true, '#444444', '#333333'],
  ] as const)('lower thirds from %s (reverse %s)', (source, reverse, background, text) => {
    const written = lowerThirdColors(source, reverse, colors);
    expect(written).toEqual({ lower_third_background: background, lower_third_text_color: text });
    expect(lowerThirdChoice(written, colors)).toEqual({ source, reverse });
  });

  it('screen saver: on uses the button colours; off copies them and marks it edited', () => {
    expect(screenSaverToggle(true, colors)).toEqual({
      screen_saver_background: null,
      screen_saver_text_color: null,
      onEditScreenSaver: false,
    });
    expect(screenSaverToggle(false, colors)).toEqual({
      screen_saver_background: '#111111',
      screen_saver_text_color: '#222222',
      onEditScreenSaver: true,
    });
  });

  it("'Make Default' moves an item first", () => {
    expect(makeDefault(['a', 'b', 'c'], 2)).toEqual(['c', 'a', 'b']);
    expect(makeDefault(['a', 'b'], 0)).toEqual(['a', 'b']);
  });
});

const demo = (overrides: Partial<DemoCtaFields>): DemoCtaFields => ({
  demo_link_enabled: true,
  demo_request_button_text: 'Get Demo',
  demo_request_title: 'Demo request sent!',
  demo_request_message: 'Thanks',
  custom_demo_cta_link_to: 'confirmationMessage',
  custom_demo_cta_button_url: null,
  ...overrides,
});

describe('call to action (002 §4.6, §5.3)', () => {
  it.each([
    [demo({}), {}],
    [demo({ demo_request_button_text: 'x'.repeat(27) }), {}],
    [
      demo({ demo_request_button_text: 'x'.repeat(28) }),
      { demo_request_button_text: 'Ensure this field has no more than 27 characters.' },
    ],
    [
      demo({ demo_request_title: 'x'.repeat(121) }),
      { demo_request_title: 'Ensure this field has no more than 120 characters.' },
    ],
    [
      demo({ demo_request_message: 'x'.repeat(351) }),
      { demo_request_message: 'Ensure this field has no more than 350 characters.' },
    ],
    [
      demo({ demo_request_button_text: ' ', demo_request_title: '' }),
      { demo_request_button_text: 'Required', demo_request_title: 'Required' },
    ],
    [demo({ custom_demo_cta_link_to: 'linkToNewTab' }), { custom_demo_cta_button_url: 'Required' }],
    [
      demo({ custom_demo_cta_link_to: 'linkToNewTab', custom_demo_cta_button_url: 'nope' }),
      { custom_demo_cta_button_url: 'Please enter a valid URL' },
    ],
    [
      demo({ custom_demo_cta_link_to: 'linkToNewTab', custom_demo_cta_button_url: 'https://x.example/demo' }),
      {},
    ],
    [demo({ demo_link_enabled: false, demo_request_title: '' }), {}],
  ])('%j → %j', (fields, errors) => expect(demoCtaErrors(fields)).toEqual(errors));

  it('a disabled demo request refills its empty texts with the defaults', () => {
    expect(
      refillDemoCta(
        demo({
          demo_link_enabled: false,
          demo_request_button_text: '',
          demo_request_title: ' ',
          demo_request_message: '',
        }),
      ),
    ).toMatchObject({
      demo_request_button_text: 'Get Demo',
      demo_request_title: 'Demo request sent!',
      demo_request_message: 'Your request was successfully saved. Thanks for requesting a demo with us',
    });
    expect(refillDemoCta(demo({ demo_request_title: '' })).demo_request_title).toBe('');
  });

  it.each([
    [
      {
        custom_cta_enabled: true,
        custom_cta_link_to: 'custom',
        custom_cta_button_text: 'Go',
        custom_cta_button_url: 'https://a.example',
      },
      {},
    ],
    [
      {
        custom_cta_enabled: true,
        custom_cta_link_to: 'custom',
        custom_cta_button_text: 'x'.repeat(51),
        custom_cta_button_url: `https://a.example/${'x'.repeat(40)}`,
      },
      {
        custom_cta_button_text: 'Ensure this field has no more than 50 characters.',
        custom_cta_button_url: 'Ensure this field has no more than 50 characters.',
      },
    ],
    [
      {
        custom_cta_enabled: true,
        custom_cta_link_to: 'custom',
        custom_cta_button_text: '',
        custom_cta_button_url: 'x',
      },
      {
        custom_cta_button_text: 'Required',
        custom_cta_button_url: 'Please enter a valid URL',
      },
    ],
    [
      {
        custom_cta_enabled: true,
        custom_cta_link_to: 'registration',
        custom_cta_button_text: 'Go',
        custom_cta_button_url: `https://a.example/${'x'.repeat(80)}`,
      },
      {},
    ],
  ] as const)('stage CTA %j → %j', (fields, errors) => expect(stageCtaErrors(fields)).toEqual(errors));

  it('turning the custom CTA off resets it to the registration link', () => {
    expect(stageCtaOff('https://reg.example/e/1')).toEqual({
      custom_cta_enabled: false,
      custom_cta_link_to: 'registration',
      custom_cta_button_text: 'View Event Details',
      custom_cta_button_url: 'https://reg.example/e/1',
    });
  });

  it('enter early is the inverse flag; off links the CTA to registration and fills an empty text', () => {
    expect(enterEarly({ disable_enter_event_button: true })).toBe(false);
    expect(enterEarlyToggle(true, { custom_cta_button_text: '' })).toEqual({
      event: { disable_enter_event_button: false },
      theme: {},
    });
    expect(enterEarlyToggle(false, { custom_cta_button_text: '' })).toEqual({
      event: { disable_enter_event_button: true },
      theme: { custom_cta_link_to: 'registration', custom_cta_button_text: 'View Event Details' },
    });
    expect(enterEarlyToggle(false, { custom_cta_button_text: 'Mine' }).theme).toEqual({
      custom_cta_link_to: 'registration',
    });
  });
});

const navigation = (overrides: Partial<StageNavigationFields>): StageNavigationFields => ({
  show_discussion_rooms: true,
  discussion_room_tab_title: 'Rooms',
  show_event_booths: true,
  booth_tab_title: 'Booths',
  booth_tab_title_2: 'Secondary Booths',
  show_attendees: true,
  people_tab_title: 'People',
  show_people_tab_speakers: false,
  speaker_tab_visible: true,
  speaker_tab_title: 'Speakers',
  tab_descriptions: { speakers: '' },
  ...overrides,
});
const conference = { eventType: 'Conference', boothsTab: true } as const;

describe('stage navigation (002 §5.6, §5.7, §6)', () => {
  it.each([
    [navigation({}), conference, {}],
    [
      navigation({ discussion_room_tab_title: ' ' }),
      conference,
      { discussion_room_tab_title: 'This field is required' },
    ],
    [navigation({ booth_tab_title: '' }), conference, { booth_tab_title: 'This field is required' }],
    [navigation({ booth_tab_title: '' }), { ...conference, boothsTab: false }, {}],
    [
      navigation({ discussion_room_tab_title: '', booth_tab_title: '' }),
      { eventType: 'Webinar', boothsTab: true },
      {},
    ],
    [navigation({ show_discussion_rooms: false, discussion_room_tab_title: '' }), conference, {}],
    [
      navigation({ people_tab_title: 'x'.repeat(51) }),
      conference,
      { people_tab_title: 'Ensure this field has no more than 50 characters.' },
    ],
    [navigation({ tab_descriptions: { speakers: 'x'.repeat(137) } }), conference, {}],
    [
      navigation({ tab_descriptions: { speakers: 'x'.repeat(138) } }),
      conference,
      { 'tab_descriptions.speakers': 'Ensure this field has no more than 137 characters.' },
    ],
  ] as const)('%j in %j → %j', (fields, context, errors) =>
    expect(stageNavigationErrors(fields, context)).toEqual(errors),
  );

  it('the speaker description is for webinars; the speakers-in-people toggle needs the people tab off', () => {
    expect([speakerDescriptionShown('Webinar'), speakerDescriptionShown('Conference')]).toEqual([
      true,
      false,
    ]);
    expect([
      peopleTabSpeakersShown({ show_attendees: false }),
      peopleTabSpeakersShown({ show_attendees: true }),
    ]).toEqual([true, false]);
  });
});

describe('chat experience (002 §3.1)', () => {
  const all = {
    useChatVisibility: false,
    useNewChatApp: true,
    assignQnaToSpeaker: true,
    boothsTab: true,
    hasTextQna: true,
  };
  it('shows every toggle with every flag', () => {
    expect(chatExperienceToggles(all).map((toggle) => toggle.label)).toEqual([
      'Public Chat',
      'Session Chat',
      'Threaded Chat',
      'Direct Message',
      'Moderate Text Q&A',
      'Assign Questions from Q&A',
      'Anonymous Text Q&A',
      "Show Answerers' Identity",
      'GIFs',
      'Profanity Filter',
      'Room Chat',
      'Booth Chat',
    ]);
  });
  it.each([
    [{ useChatVisibility: true }, 'Public Chat'],
    [{ useNewChatApp: false }, 'Threaded Chat'],
    [{ assignQnaToSpeaker: false }, 'Assign Questions from Q&A'],
    [{ boothsTab: false }, 'Booth Chat'],
    [{ hasTextQna: false }, 'Moderate Text Q&A'],
    [{ hasTextQna: false }, "Show Answerers' Identity"],
  ])('%j hides %s', (flags, label) => {
    expect(chatExperienceToggles({ ...all, ...flags }).map((toggle) => toggle.label)).not.toContain(label);
  });
  it("'disabled' flags are shown inverted", () => {
    const session = chatExperienceToggles(all).find((toggle) => toggle.label === 'Session Chat');
    expect(session).toMatchObject({ field: 'broadcast_chat_disabled', inverted: true });
  });
});
