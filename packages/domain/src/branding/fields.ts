import { z } from 'zod';
import {
  AGENDA_TILE_SHADES,
  NAME_CARD_RADII,
  NAME_CARD_TITLE_DISPLAYS,
  OVERLAY_SHADES,
  SHADE_VALUES,
} from './appearance.ts';
import { DEFAULT_GRADIENT, DEFAULT_HERO_BACKGROUND, isBackgroundValue } from './backgrounds.ts';
import { ANSWERERS_ALIAS_MAX_LENGTH, CHAT_VISIBILITY_VALUES } from './chat.ts';
import {
  DEFAULT_STAGE_CTA_TEXT,
  DEMO_CTA_DEFAULTS,
  DEMO_CTA_LIMITS,
  DEMO_CTA_LINK_MODES,
  STAGE_CTA_LINK_TARGETS,
  STAGE_CTA_MAX_LENGTH,
} from './call-to-action.ts';
import { isColor, normalizeColor } from './colors.ts';
import { LANDING_FONT_TYPES, STAGE_FONT_TYPES } from './fonts.ts';
import { brandingMessages } from './messages.ts';
import { DEFAULT_TAB_TITLES, SPEAKER_DESCRIPTION_MAX_LENGTH, TAB_TITLE_MAX_LENGTH } from './navigation.ts';
import { BRANDING_URL_MAX_LENGTH, isHttpUrl, isImageAddress } from './urls.ts';
import { recordKeys } from '../records.ts';

const text = (max: number) => z.string().max(max, brandingMessages.tooLong(max));
const colorChecked = z
  .string()
  .max(64)
  .superRefine((value, context) => {
    if (isColor(value)) return;
    const rgba = /^\s*rgba?\(/i.test(value);
    context.addIssue({
      code: 'custom',
      message: rgba ? brandingMessages.invalidRgba : brandingMessages.invalidColor,
    });
  });
const backgroundChecked = z
  .string()
  .max(BRANDING_URL_MAX_LENGTH)
  .refine(isBackgroundValue, brandingMessages.invalidBackground);
const normalized = (value: string) => normalizeColor(value) ?? value;

/** How the fields that a request normalizes are read: as stored (answers), or as sent (requests). */
interface FieldKinds {
  color: z.ZodType<string, string>;
  url: z.ZodType<string, string>;
  /**
   * An image, font file or link: a URL or the general upload's content path (`accepts` says which;
   * both by default), or null for none.
   */
  optionalUrl: (
    message: string,
    accepts?: (value: string) => boolean,
  ) => z.ZodType<string | null, string | null>;
  background: z.ZodType<string, string>;
}
const urlChecked = (message: string, accepts = isImageAddress) =>
  z.string().max(BRANDING_URL_MAX_LENGTH).refine(accepts, message);
/** Answers are encoded by the server: checks only, no transforms. */
const answerKinds = {
  color: colorChecked,
  url: urlChecked(brandingMessages.invalidUrl),
  optionalUrl: (message: string, accepts?: (value: string) => boolean) =>
    urlChecked(message, accepts).nullable(),
  background: backgroundChecked,
};
/** Requests: trimmed; an rgba's alpha clamped; '' for no image or link is null. */
const requestKinds = {
  color: colorChecked.transform(normalized),
  url: z.string().trim().pipe(urlChecked(brandingMessages.invalidUrl)),
  optionalUrl: (message: string, accepts?: (value: string) => boolean) =>
    z
      .union([z.string().trim().pipe(urlChecked(message, accepts)), z.literal('').transform(() => null)])
      .nullable(),
  background: z.string().trim().pipe(backgroundChecked).transform(normalized),
};
const fontName = text(255).nullable();
const shade = z.enum(SHADE_VALUES);

/** Both shapes for one way of reading the fields. */
function brandingShapes<K extends FieldKinds>({ color, url, optionalUrl, background }: K) {
  /** Logos and virtual backgrounds: URLs, the first the default. */
  const imageList = z.array(url).max(50);
  const link = optionalUrl(brandingMessages.invalidUrl);
  /** A web font's stylesheet: another site's, never an upload. */
  const fontLink = optionalUrl(brandingMessages.fontUrlInvalid, isHttpUrl);
  /**
   * Spec 002 §3.1: the event-level branding fields (not the event's title, times, type or domain),
   * each validated alone; cross-field rules are the modules' (`brandingErrors`).
   */
  const event = {
    splash_background_color: color,
    theme_secondary_color: color,
    secondary_text_color: color,
    /** Null: the theme's secondary (button) colours. */
    screen_saver_background: color.nullable(),
    screen_saver_text_color: color.nullable(),
    demo_link_enabled: z.boolean(),
    on_demand_demo_link_enabled: z.boolean(),
    demo_request_button_text: text(DEMO_CTA_LIMITS.demo_request_button_text),
    demo_request_title: text(DEMO_CTA_LIMITS.demo_request_title),
    demo_request_message: text(DEMO_CTA_LIMITS.demo_request_message),
    custom_demo_cta_link_to: z.enum(DEMO_CTA_LINK_MODES),
    custom_demo_cta_button_url: link,
    chat_visibilty: z.enum(CHAT_VISIBILITY_VALUES),
    broadcast_chat_disabled: z.boolean(),
    public_chat_disabled: z.boolean(),
    p2p_chat_disabled: z.boolean(),
    thread_chat_disabled: z.boolean(),
    is_text_qna_moderated: z.boolean(),
    anonymous_qna_enabled: z.boolean(),
    show_answerers_identity: z.boolean(),
    textqna_answerers_alias: text(ANSWERERS_ALIAS_MAX_LENGTH),
    gifs_enabled: z.boolean(),
    /** Not a spec field (issue 34 §2's profanity filter option): chat messages and questions stored masked. */
    profanity_filter_enabled: z.boolean(),
    discussions_chat_disabled: z.boolean(),
    booth_chat_disabled: z.boolean(),
    have_text_qna: z.boolean(),
    have_video_qna: z.boolean(),
    assign_speaker_qna: z.boolean(),
    /** Stored inverted: the enter-early toggle is its opposite (002 §4.6). */
    disable_enter_event_button: z.boolean(),
    enable_tech_check: z.boolean(),
    /** Mandatory Attendee Profiles. */
    show_onboarding: z.boolean(),
    favicon: link,
    is_title_visible: z.boolean(),
    is_date_visible: z.boolean(),
    is_logo_visible: z.boolean(),
    logo_url: link,
    social_media_thumbnail: link,
    show_discussion_rooms: z.boolean(),
    discussion_room_tab_title: text(TAB_TITLE_MAX_LENGTH),
    show_event_booths: z.boolean(),
    booth_tab_title: text(TAB_TITLE_MAX_LENGTH),
    booth_tab_title_2: text(TAB_TITLE_MAX_LENGTH),
    show_attendees: z.boolean(),
    people_tab_title: text(TAB_TITLE_MAX_LENGTH),
    show_people_tab_speakers: z.boolean(),
    speaker_tab_visible: z.boolean(),
    speaker_tab_title: text(TAB_TITLE_MAX_LENGTH),
    tab_descriptions: z.object({ speakers: text(SPEAKER_DESCRIPTION_MAX_LENGTH) }),
  };
  /** Spec 002 §3.2: `theme_obj`. */
  const theme = {
    font_type: z.enum(STAGE_FONT_TYPES),
    theme_font_name: fontName,
    theme_font_link: fontLink,
    theme_font_src: link,
    custom_font_name: fontName,
    splash_font_type: z.enum(LANDING_FONT_TYPES),
    splash_theme_font_name: fontName,
    splash_theme_font_link: fontLink,
    splash_theme_font_src: link,
    splash_custom_font_name: fontName,
    primary_text_color: color,
    splash_text_color: color,
    splash_text_onimage_color: color,
    splash_page_hero: background,
    mobile_splash_page_hero: background,
    event_background: background,
    mobile_event_background: background,
    stage_background: background,
    mobile_stage_background: background,
    is_overlay_visible: z.boolean(),
    splash_gradient_height: z.enum(['60vh', '0vh']),
    logos: imageList,
    virtual_backgrounds: imageList,
    theme_primary_color: color,
    lower_third_background: color,
    lower_third_text_color: color,
    name_card_radius: z.enum(NAME_CARD_RADII.map((radius) => radius.value)).nullable(),
    name_card_title_display: z.enum(NAME_CARD_TITLE_DISPLAYS).nullable(),
    name_card_background: color.nullable(),
    name_card_text_color: color.nullable(),
    primary_background_shade: shade,
    alt_primary_background_shade: shade,
    /** Slider/100, 0 stored as 0.001 (002 §9). */
    sidebar_alpha: z.number().min(0.001).max(1),
    page_item_alpha: z.number().min(0).max(1),
    /** 2 × slider + 'px'. */
    sidebar_blur: z.string().regex(/^(?:[02468]|[1-9]\d*[02468]|200)px$/, brandingMessages.invalidBlur),
    splash_background_shade: shade,
    custom_cta_enabled: z.boolean(),
    custom_cta_link_to: z.enum(STAGE_CTA_LINK_TARGETS),
    custom_cta_button_text: text(STAGE_CTA_MAX_LENGTH),
    custom_cta_button_url: link,
    theme_type: text(50).min(1),
    demo_request_button_text: text(DEMO_CTA_LIMITS.demo_request_button_text),
    demo_link_enabled: z.boolean(),
    custom_demo_cta_link_to: z.enum(DEMO_CTA_LINK_MODES),
    demo_request_title: text(DEMO_CTA_LIMITS.demo_request_title),
    demo_request_message: text(DEMO_CTA_LIMITS.demo_request_message),
    onEditScreenSaver: z.boolean(),
  };
  return { event, theme };
}

const answerShapes = brandingShapes(answerKinds);
const requestShapes = brandingShapes(requestKinds);

/** Spec 002 §3.1 (event-level) and §3.2 (`theme_obj`), as answered. */
export const eventBrandingShape = answerShapes.event;
export const eventBrandingSchema = z.object(eventBrandingShape);
export type EventBranding = z.output<typeof eventBrandingSchema>;
export type EventBrandingField = keyof EventBranding;
export const EVENT_BRANDING_FIELDS: EventBrandingField[] = recordKeys(eventBrandingShape);

export const themeObjShape = answerShapes.theme;
export const themeObjSchema = z.object(themeObjShape);
export type ThemeObj = z.output<typeof themeObjSchema>;
export type ThemeObjField = keyof ThemeObj;

const partialStrict = <Shape extends z.ZodRawShape>(shape: Shape) => z.object(shape).partial().strict();

/** PATCH `theme_obj`: any of its fields, merged into the stored theme. */
export const themeObjRequestSchema = partialStrict(requestShapes.theme);
export type ThemeObjRequest = z.output<typeof themeObjRequestSchema>;

/** PATCH of an event or template: any event-level branding field plus `theme_obj`. */
export const brandingRequestShape = {
  ...z.object(requestShapes.event).partial().shape,
  tab_descriptions: requestShapes.event.tab_descriptions.partial().strict().optional(),
  theme_obj: themeObjRequestSchema.optional(),
};
export const brandingRequestSchema = z.object(brandingRequestShape).strict();
export type BrandingRequest = z.output<typeof brandingRequestSchema>;

/** The answer: every event-level field, and `theme_obj` with defaults filled. */
export const brandingAnswerShape = { ...eventBrandingShape, theme_obj: themeObjSchema };

/** The defaults of an event-level field never set (002 §2.2, §3.1, §9). */
export const DEFAULT_EVENT_BRANDING: EventBranding = {
  splash_background_color: '#FFFFFF',
  theme_secondary_color: '#2563EB',
  secondary_text_color: '#FFFFFF',
  screen_saver_background: null,
  screen_saver_text_color: null,
  demo_link_enabled: false,
  on_demand_demo_link_enabled: false,
  ...DEMO_CTA_DEFAULTS,
  custom_demo_cta_link_to: 'confirmationMessage',
  custom_demo_cta_button_url: null,
  chat_visibilty: 'PUBLIC',
  broadcast_chat_disabled: false,
  public_chat_disabled: false,
  p2p_chat_disabled: false,
  thread_chat_disabled: false,
  is_text_qna_moderated: false,
  anonymous_qna_enabled: false,
  show_answerers_identity: true,
  textqna_answerers_alias: '',
  gifs_enabled: true,
  profanity_filter_enabled: false,
  discussions_chat_disabled: false,
  booth_chat_disabled: false,
  have_text_qna: true,
  have_video_qna: false,
  assign_speaker_qna: false,
  disable_enter_event_button: true,
  enable_tech_check: true,
  show_onboarding: false,
  favicon: null,
  is_title_visible: true,
  is_date_visible: true,
  is_logo_visible: true,
  logo_url: null,
  social_media_thumbnail: null,
  show_discussion_rooms: true,
  show_event_booths: false,
  show_attendees: true,
  show_people_tab_speakers: false,
  speaker_tab_visible: true,
  ...DEFAULT_TAB_TITLES,
  tab_descriptions: { speakers: '' },
};

/** The theme of an event or template never branded (002 §3.2, §9). */
export const DEFAULT_THEME_OBJ: ThemeObj = {
  font_type: 'Default',
  theme_font_name: null,
  theme_font_link: null,
  theme_font_src: null,
  custom_font_name: null,
  splash_font_type: 'Default',
  splash_theme_font_name: null,
  splash_theme_font_link: null,
  splash_theme_font_src: null,
  splash_custom_font_name: null,
  primary_text_color: '#FFFFFF',
  splash_text_color: '#111827',
  splash_text_onimage_color: '#FFFFFF',
  splash_page_hero: DEFAULT_HERO_BACKGROUND,
  mobile_splash_page_hero: DEFAULT_HERO_BACKGROUND,
  event_background: '#0B1120',
  mobile_event_background: '#0B1120',
  stage_background: DEFAULT_GRADIENT,
  mobile_stage_background: DEFAULT_GRADIENT,
  is_overlay_visible: true,
  splash_gradient_height: '60vh',
  logos: [],
  virtual_backgrounds: [],
  theme_primary_color: '#1F2937',
  lower_third_background: '#2563EB',
  lower_third_text_color: '#FFFFFF',
  name_card_radius: '20px',
  name_card_title_display: 'none',
  name_card_background: '#1F2937',
  name_card_text_color: '#FFFFFF',
  ...OVERLAY_SHADES.dark,
  sidebar_alpha: 0.5,
  page_item_alpha: 0.35,
  sidebar_blur: '100px',
  splash_background_shade: AGENDA_TILE_SHADES.light,
  custom_cta_enabled: false,
  custom_cta_link_to: 'registration',
  custom_cta_button_text: DEFAULT_STAGE_CTA_TEXT,
  custom_cta_button_url: null,
  theme_type: 'colorful',
  ...DEMO_CTA_DEFAULTS,
  demo_link_enabled: false,
  custom_demo_cta_link_to: 'confirmationMessage',
  onEditScreenSaver: false,
};

/** An event's or template's whole branding: its event-level fields and its theme. */
export interface BrandingState {
  event: EventBranding;
  theme: ThemeObj;
}

/** Stored (possibly partial, possibly older) values over the defaults; unknown keys dropped. */
export function fillBranding(
  event: Readonly<Record<string, unknown>> | null | undefined,
  theme: Readonly<Record<string, unknown>> | null | undefined,
): BrandingState {
  const pick = <T extends object>(
    defaults: T,
    stored: Readonly<Record<string, unknown>> | null | undefined,
  ): T =>
    Object.fromEntries(
      Object.entries(defaults).map(([key, value]) => [key, stored && key in stored ? stored[key] : value]),
    ) as T;
  const filled = pick(DEFAULT_EVENT_BRANDING, event);
  return {
    event: {
      ...filled,
      tab_descriptions: { ...DEFAULT_EVENT_BRANDING.tab_descriptions, ...filled.tab_descriptions },
    },
    theme: pick(DEFAULT_THEME_OBJ, theme),
  };
}

/** The demo request fields an event keeps twice: event-level and their `theme_obj` mirror. */
export const DEMO_THEME_MIRRORS = [
  'demo_link_enabled',
  'demo_request_button_text',
  'demo_request_title',
  'demo_request_message',
  'custom_demo_cta_link_to',
] as const;

/**
 * A PATCH applied to a state: event-level fields replace, `tab_descriptions` and `theme_obj` merge
 * field by field. The theme's demo_* mirror the event's: whichever side the request sets wins,
 * the event-level one when both are set.
 */
export function applyBrandingRequest(state: BrandingState, request: BrandingRequest): BrandingState {
  const { theme_obj: themeRequest = {}, tab_descriptions, ...eventRequest } = request;
  const defined = <T extends object>(value: T) =>
    Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
  const event: EventBranding = {
    ...state.event,
    ...defined(eventRequest),
    tab_descriptions: { ...state.event.tab_descriptions, ...defined(tab_descriptions ?? {}) },
  };
  const theme: ThemeObj = { ...state.theme, ...defined(themeRequest) };
  for (const field of DEMO_THEME_MIRRORS) {
    if (eventRequest[field] !== undefined) Object.assign(theme, { [field]: event[field] });
    else if (themeRequest[field] !== undefined) Object.assign(event, { [field]: theme[field] });
  }
  return { event, theme };
}

/** The branding part of an event's or template's PATCH body (undefined: it has none). */
export function brandingRequestOf(request: Readonly<Record<string, unknown>>): BrandingRequest | undefined {
  const part = Object.fromEntries(
    Object.entries(request).filter(
      ([field, value]) => value !== undefined && (field === 'theme_obj' || field in eventBrandingShape),
    ),
  );
  return Object.keys(part).length > 0 ? part : undefined;
}
