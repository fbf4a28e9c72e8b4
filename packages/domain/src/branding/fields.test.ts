import { describe, expect, it } from 'vitest';
import {
  applyBrandingRequest,
  brandingRequestSchema,
  DEFAULT_EVENT_BRANDING,
  DEFAULT_THEME_OBJ,
  eventBrandingSchema,
  fillBranding,
  themeObjSchema,
} from './index.ts';

/** Zod's own wording for enums and ranges. */
const someMessage: unknown = expect.any(String);

const errorsOf = (body: unknown) => {
  const parsed = brandingRequestSchema.safeParse(body);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('defaults (002 §3.1, §3.2, §9)', () => {
  it('are valid answers', () => {
    expect(eventBrandingSchema.parse(DEFAULT_EVENT_BRANDING)).toEqual(DEFAULT_EVENT_BRANDING);
    expect(themeObjSchema.parse(DEFAULT_THEME_OBJ)).toEqual(DEFAULT_THEME_OBJ);
  });

  it('carry the spec values', () => {
    expect(DEFAULT_THEME_OBJ).toMatchObject({
      theme_type: 'colorful',
      sidebar_alpha: 0.5,
      page_item_alpha: 0.35,
      sidebar_blur: '100px',
      name_card_radius: '20px',
      custom_cta_button_text: 'View Event Details',
      splash_gradient_height: '60vh',
      font_type: 'Default',
      demo_request_button_text: 'Get Demo',
    });
    expect(DEFAULT_EVENT_BRANDING).toMatchObject({
      demo_request_button_text: 'Get Demo',
      demo_request_title: 'Demo request sent!',
      demo_request_message: 'Your request was successfully saved. Thanks for requesting a demo with us',
      enable_tech_check: true,
      show_onboarding: false,
      disable_enter_event_button: true,
      chat_visibilty: 'PUBLIC',
      discussion_room_tab_title: 'Rooms',
      booth_tab_title: 'Booths',
      booth_tab_title_2: 'Secondary Booths',
      speaker_tab_title: 'Speakers',
      people_tab_title: 'People',
    });
  });

  it('fill what is stored over the defaults and drop unknown keys', () => {
    const state = fillBranding(
      { theme_secondary_color: '#000', tab_descriptions: {}, stale: 1 },
      { font_type: 'Web Font' },
    );
    expect(state.event.theme_secondary_color).toBe('#000');
    expect(state.event.tab_descriptions).toEqual({ speakers: '' });
    expect(state.event).not.toHaveProperty('stale');
    expect(state.theme.font_type).toBe('Web Font');
    expect(state.theme.theme_type).toBe('colorful');
    expect(fillBranding(null, null)).toEqual({ event: DEFAULT_EVENT_BRANDING, theme: DEFAULT_THEME_OBJ });
  });
});

describe('the PATCH body: every field validated', () => {
  it.each([
    [
      { theme_secondary_color: '#12' },
      { theme_secondary_color: 'Enter a hex (#RGB, #RRGGBB, #RRGGBBAA) or rgba() color.' },
    ],
    [{ theme_secondary_color: 'rgba(1, 2)' }, { theme_secondary_color: 'Invalid RGBA color value.' }],
    [
      { theme_obj: { lower_third_background: 'rgba(300, 0, 0, 1)' } },
      { 'theme_obj.lower_third_background': 'Invalid RGBA color value.' },
    ],
    [
      { demo_request_button_text: 'x'.repeat(28) },
      { demo_request_button_text: 'Ensure this field has no more than 27 characters.' },
    ],
    [
      { demo_request_title: 'x'.repeat(121) },
      { demo_request_title: 'Ensure this field has no more than 120 characters.' },
    ],
    [
      { demo_request_message: 'x'.repeat(351) },
      { demo_request_message: 'Ensure this field has no more than 350 characters.' },
    ],
    [
      { custom_demo_cta_button_url: 'javascript:alert(1)' },
      { custom_demo_cta_button_url: 'Please enter a valid URL' },
    ],
    [{ custom_demo_cta_link_to: 'popup' }, { custom_demo_cta_link_to: someMessage }],
    [{ chat_visibilty: 'SOME' }, { chat_visibilty: someMessage }],
    [
      { discussion_room_tab_title: 'x'.repeat(51) },
      { discussion_room_tab_title: 'Ensure this field has no more than 50 characters.' },
    ],
    [
      { tab_descriptions: { speakers: 'x'.repeat(138) } },
      { 'tab_descriptions.speakers': 'Ensure this field has no more than 137 characters.' },
    ],
    [{ logo_url: 'not a url' }, { logo_url: 'Please enter a valid URL' }],
    [{ theme_obj: { font_type: 'Comic' } }, { 'theme_obj.font_type': someMessage }],
    [{ theme_obj: { splash_font_type: 'Custom' } }, { 'theme_obj.splash_font_type': someMessage }],
    [
      { theme_obj: { splash_page_hero: 'url(javascript:x)' } },
      { 'theme_obj.splash_page_hero': 'Enter an image URL, a color or a gradient.' },
    ],
    [
      { theme_obj: { splash_page_hero: 'linear-gradient(90deg, red 0%); } body { x' } },
      { 'theme_obj.splash_page_hero': 'Enter an image URL, a color or a gradient.' },
    ],
    [{ theme_obj: { sidebar_alpha: 0 } }, { 'theme_obj.sidebar_alpha': someMessage }],
    [
      { theme_obj: { sidebar_blur: '101px' } },
      { 'theme_obj.sidebar_blur': 'Enter an even number of pixels from 0px to 200px.' },
    ],
    [{ theme_obj: { name_card_radius: '5px' } }, { 'theme_obj.name_card_radius': someMessage }],
    [
      { theme_obj: { custom_cta_button_text: 'x'.repeat(51) } },
      { 'theme_obj.custom_cta_button_text': 'Ensure this field has no more than 50 characters.' },
    ],
    [
      { theme_obj: { primary_background_shade: '1, 2, 3' } },
      { 'theme_obj.primary_background_shade': someMessage },
    ],
    [{ theme_obj: { unknown: 1 } }, { theme_obj: someMessage }],
    [
      { theme_obj: { logos: ['https://cdn.example/a.png', 'x'] } },
      { 'theme_obj.logos.1': 'Please enter a valid URL' },
    ],
  ])('%j → %j', (body, errors) => expect(errorsOf(body)).toEqual(errors));

  it.each([
    {
      theme_secondary_color: '#abc',
      secondary_text_color: '#AABBCC80',
      splash_background_color: 'rgba(1, 2, 3, 0.5)',
    },
    { logo_url: 'https://cdn.example/logo.png', favicon: null, social_media_thumbnail: '' },
    {
      theme_obj: {
        splash_page_hero: 'https://cdn.example/h.jpg',
        mobile_splash_page_hero: '#fff',
        stage_background: 'linear-gradient(270deg, #000 0%, #fff 100%)',
      },
    },
    { theme_obj: { sidebar_alpha: 0.001, page_item_alpha: 0.001, sidebar_blur: '0px' } },
    {
      theme_obj: {
        name_card_radius: null,
        name_card_title_display: null,
        name_card_background: null,
        name_card_text_color: null,
      },
    },
  ])('accepts %j', (body) => expect(errorsOf(body)).toEqual({}));

  it('stores an rgba alpha above 1 clamped, and an empty image as none', () => {
    const parsed = brandingRequestSchema.parse({ splash_background_color: 'rgba(1,2,3,5)', favicon: '' });
    expect(parsed).toMatchObject({ splash_background_color: 'rgba(1, 2, 3, 1)', favicon: null });
  });
});

describe('applying a PATCH', () => {
  const state = fillBranding({}, {});
  it('replaces event fields and merges tab_descriptions and theme_obj field by field', () => {
    const next = applyBrandingRequest(
      state,
      brandingRequestSchema.parse({
        show_attendees: false,
        tab_descriptions: { speakers: 'Hi' },
        theme_obj: { font_type: 'Web Safe Font', theme_font_name: 'Georgia' },
      }),
    );
    expect(next.event.show_attendees).toBe(false);
    expect(next.event.tab_descriptions.speakers).toBe('Hi');
    expect(next.theme).toEqual({
      ...DEFAULT_THEME_OBJ,
      font_type: 'Web Safe Font',
      theme_font_name: 'Georgia',
    });
  });

  it("keeps the theme's demo_* mirroring the event's, the event-level value winning", () => {
    const fromEvent = applyBrandingRequest(state, {
      demo_request_title: 'A',
      theme_obj: { demo_request_title: 'B' },
    });
    expect([fromEvent.event.demo_request_title, fromEvent.theme.demo_request_title]).toEqual(['A', 'A']);
    const fromTheme = applyBrandingRequest(state, { theme_obj: { demo_link_enabled: true } });
    expect([fromTheme.event.demo_link_enabled, fromTheme.theme.demo_link_enabled]).toEqual([true, true]);
  });
});
