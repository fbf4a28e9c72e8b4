import type { EventType } from '../events/enums.ts';
import { backgroundMissingImage } from './backgrounds.ts';
import { demoCtaErrors, stageCtaErrors } from './call-to-action.ts';
import {
  DEMO_THEME_MIRRORS,
  type BrandingState,
  type EventBrandingField,
  type ThemeObjField,
} from './fields.ts';
import { fontErrors, type FontSettings } from './fonts.ts';
import { brandingMessages } from './messages.ts';
import { stageNavigationErrors } from './navigation.ts';
import { recordKeys } from '../records.ts';

/** Spec 002 §2.1: every module of the editor, by the id kept in the URL hash. */
export const BRANDING_MODULES = {
  themebase: 'Button & Card Color',
  logo: 'Logo',
  favicon: 'Favicon',
  socialMediaThumbnail: 'Social Media Thumbnail',
  heroBackgroundV2: 'Hero Background',
  headerSettings: 'Header Settings',
  enterEventExperience: 'Enter Event Experience',
  trackingPixelSnippet: 'Tracking Pixel Snippet',
  landingAgendaBackground: 'Landing Agenda Background',
  landingFont: 'Event Landing Font',
  agendaBackground: 'Agenda Tile Background Shade',
  stageFont: 'Stage Font',
  stageBackground: 'Stage Background',
  videoStreamBackground: 'Video Stream Background',
  PopupWindows: 'Stage Popups',
  sidebarColor: 'Sidebar Overlay',
  callToAction: 'Call To Action Button',
  bufferVideo: 'Buffer Video',
  fillerSlide: 'Filler slide',
  stageNavigation: 'Stage Navigation',
  chatExperience: 'Chat Experience',
  nameCard: 'Name Card',
  virtualBackgrounds: 'Virtual Backgrounds',
  logos: 'Onstage images or logos',
  lowerThirds: 'Banners shared on stage / lower thirds',
} as const;
export type BrandingModuleId = keyof typeof BRANDING_MODULES;

/**
 * 002 §2.1: the section groups in order. The newer Event Landing group holds the hero, the landing
 * header, the enter-event experience and the tracking pixel (taken out of Entering The Event);
 * `brandingSettings` comes first and `themebase` is its first module.
 */
export const BRANDING_SECTIONS = [
  {
    id: 'brandingSettings',
    title: 'Global Settings',
    modules: ['themebase', 'logo', 'favicon', 'socialMediaThumbnail'],
  },
  {
    id: 'eventLanding',
    title: 'Event Landing',
    modules: ['heroBackgroundV2', 'headerSettings', 'enterEventExperience', 'trackingPixelSnippet'],
  },
  {
    id: 'enteringTheEvent',
    title: 'Entering The Event',
    modules: ['landingAgendaBackground', 'landingFont', 'agendaBackground'],
  },
  {
    id: 'stage',
    title: 'Stage',
    modules: [
      'stageFont',
      'stageBackground',
      'videoStreamBackground',
      'PopupWindows',
      'sidebarColor',
      'callToAction',
      'bufferVideo',
      'fillerSlide',
      'stageNavigation',
    ],
  },
  {
    id: 'engagementCommunication',
    title: 'Engagement & Communication',
    modules: ['chatExperience', 'nameCard', 'virtualBackgrounds', 'logos', 'lowerThirds'],
  },
] as const satisfies readonly { id: string; title: string; modules: readonly BrandingModuleId[] }[];
export type BrandingSectionId = (typeof BRANDING_SECTIONS)[number]['id'];
export const FIRST_BRANDING_MODULE: BrandingModuleId = BRANDING_SECTIONS[0].modules[0];

/** The fields each module edits: event-level and `theme_obj` (the tracking snippet, buffer video and filler slide are saved by their own areas). */
export const MODULE_FIELDS: Record<
  BrandingModuleId,
  { event: readonly EventBrandingField[]; theme: readonly ThemeObjField[] }
> = {
  themebase: {
    event: [
      'theme_secondary_color',
      'secondary_text_color',
      'screen_saver_background',
      'screen_saver_text_color',
    ],
    theme: ['onEditScreenSaver'],
  },
  logo: { event: ['logo_url'], theme: [] },
  favicon: { event: ['favicon'], theme: [] },
  socialMediaThumbnail: { event: ['social_media_thumbnail'], theme: [] },
  heroBackgroundV2: {
    event: [],
    theme: [
      'splash_page_hero',
      'mobile_splash_page_hero',
      'is_overlay_visible',
      'splash_gradient_height',
      'splash_text_onimage_color',
    ],
  },
  headerSettings: { event: ['is_title_visible', 'is_date_visible', 'is_logo_visible'], theme: [] },
  enterEventExperience: {
    event: ['disable_enter_event_button', 'enable_tech_check', 'show_onboarding'],
    theme: ['custom_cta_enabled', 'custom_cta_link_to', 'custom_cta_button_text', 'custom_cta_button_url'],
  },
  trackingPixelSnippet: { event: [], theme: [] },
  landingAgendaBackground: { event: ['splash_background_color'], theme: [] },
  landingFont: {
    event: [],
    theme: [
      'splash_font_type',
      'splash_theme_font_name',
      'splash_theme_font_link',
      'splash_theme_font_src',
      'splash_custom_font_name',
      'splash_text_color',
    ],
  },
  agendaBackground: { event: [], theme: ['splash_background_shade'] },
  stageFont: {
    event: [],
    theme: [
      'font_type',
      'theme_font_name',
      'theme_font_link',
      'theme_font_src',
      'custom_font_name',
      'primary_text_color',
    ],
  },
  stageBackground: { event: [], theme: ['stage_background', 'mobile_stage_background'] },
  videoStreamBackground: { event: [], theme: ['event_background', 'mobile_event_background'] },
  PopupWindows: { event: [], theme: ['theme_primary_color', 'theme_type'] },
  sidebarColor: {
    event: [],
    theme: [
      'sidebar_alpha',
      'page_item_alpha',
      'sidebar_blur',
      'primary_background_shade',
      'alt_primary_background_shade',
    ],
  },
  callToAction: {
    event: [
      'demo_link_enabled',
      'on_demand_demo_link_enabled',
      'demo_request_button_text',
      'demo_request_title',
      'demo_request_message',
      'custom_demo_cta_link_to',
      'custom_demo_cta_button_url',
    ],
    theme: DEMO_THEME_MIRRORS,
  },
  bufferVideo: { event: [], theme: [] },
  fillerSlide: { event: [], theme: [] },
  stageNavigation: {
    event: [
      'show_discussion_rooms',
      'discussion_room_tab_title',
      'show_event_booths',
      'booth_tab_title',
      'booth_tab_title_2',
      'show_attendees',
      'people_tab_title',
      'show_people_tab_speakers',
      'speaker_tab_visible',
      'speaker_tab_title',
      'tab_descriptions',
    ],
    theme: [],
  },
  chatExperience: {
    event: [
      'chat_visibilty',
      'broadcast_chat_disabled',
      'public_chat_disabled',
      'p2p_chat_disabled',
      'thread_chat_disabled',
      'is_text_qna_moderated',
      'anonymous_qna_enabled',
      'show_answerers_identity',
      'textqna_answerers_alias',
      'gifs_enabled',
      'profanity_filter_enabled',
      'discussions_chat_disabled',
      'booth_chat_disabled',
      'have_text_qna',
      'have_video_qna',
      'assign_speaker_qna',
    ],
    theme: [],
  },
  nameCard: {
    event: [],
    theme: ['name_card_radius', 'name_card_title_display', 'name_card_background', 'name_card_text_color'],
  },
  virtualBackgrounds: { event: [], theme: ['virtual_backgrounds'] },
  logos: { event: [], theme: ['logos'] },
  lowerThirds: { event: [], theme: ['lower_third_background', 'lower_third_text_color'] },
};

/** What a module's rules depend on besides the branding itself. */
export interface BrandingContext {
  eventType: EventType;
  /** The plan's `boothsTab`. */
  boothsTab: boolean;
}

/** Field errors keyed as the API names them: `field`, `tab_descriptions.speakers`, `theme_obj.field`. */
export type BrandingErrors = Record<string, string>;

const themeKeys = (errors: Partial<Record<string, string>>): BrandingErrors =>
  Object.fromEntries(Object.entries(errors).map(([field, message]) => [`theme_obj.${field}`, message!]));

const stageFont = ({ theme }: BrandingState): FontSettings => ({
  type: theme.font_type,
  name: theme.theme_font_name,
  link: theme.theme_font_link,
  src: theme.theme_font_src,
  customName: theme.custom_font_name,
  color: theme.primary_text_color,
});
const landingFont = ({ theme }: BrandingState): FontSettings => ({
  type: theme.splash_font_type,
  name: theme.splash_theme_font_name,
  link: theme.splash_theme_font_link,
  src: theme.splash_theme_font_src,
  customName: theme.splash_custom_font_name,
  color: theme.splash_text_color,
});
export const brandingFonts = (state: BrandingState) => ({
  stage: stageFont(state),
  landing: landingFont(state),
});

const fontFieldErrors = (font: FontSettings, fields: Record<'name' | 'link' | 'src', ThemeObjField>) =>
  themeKeys(
    Object.fromEntries(
      Object.entries(fontErrors(font)).map(([setting, message]) => [
        fields[setting as 'name' | 'link' | 'src'],
        message,
      ]),
    ),
  );

const missingImages = (state: BrandingState, fields: readonly ThemeObjField[]): BrandingErrors =>
  themeKeys(
    Object.fromEntries(
      fields
        .filter((field) => backgroundMissingImage(state.theme[field] as string))
        .map((field) => [field, brandingMessages.imageRequired]),
    ),
  );

const stageFontFields = { name: 'theme_font_name', link: 'theme_font_link', src: 'theme_font_src' } as const;
const landingFontFields = {
  name: 'splash_theme_font_name',
  link: 'splash_theme_font_link',
  src: 'splash_theme_font_src',
} as const;

/** The modules with rules beyond their fields' own (002 §5.3–§5.7); the others are always valid. */
const MODULE_RULES: Partial<
  Record<BrandingModuleId, (state: BrandingState, context: BrandingContext) => BrandingErrors>
> = {
  heroBackgroundV2: (state) => missingImages(state, ['splash_page_hero', 'mobile_splash_page_hero']),
  stageBackground: (state) => missingImages(state, ['stage_background', 'mobile_stage_background']),
  videoStreamBackground: (state) => missingImages(state, ['event_background', 'mobile_event_background']),
  stageFont: (state) => fontFieldErrors(stageFont(state), stageFontFields),
  landingFont: (state) => fontFieldErrors(landingFont(state), landingFontFields),
  callToAction: (state, context) => ({
    ...demoCtaErrors(state.event),
    ...(state.event.on_demand_demo_link_enabled && context.eventType !== 'Conference'
      ? { on_demand_demo_link_enabled: brandingMessages.conferenceOnly }
      : {}),
  }),
  enterEventExperience: (state) => themeKeys(stageCtaErrors(state.theme)),
  stageNavigation: (state, context) => ({ ...stageNavigationErrors(state.event, context) }),
};

/** 002 §5.3–§5.7: a module's field errors for a state; empty when the module is valid. */
export const moduleErrors = (
  module: BrandingModuleId,
  state: BrandingState,
  context: BrandingContext,
): BrandingErrors => MODULE_RULES[module]?.(state, context) ?? {};

export const isModuleValid = (
  module: BrandingModuleId,
  state: BrandingState,
  context: BrandingContext,
): boolean => Object.keys(moduleErrors(module, state, context)).length === 0;

/** Every module's errors: what the server refuses a save with. */
export const brandingErrors = (state: BrandingState, context: BrandingContext): BrandingErrors =>
  recordKeys(BRANDING_MODULES).reduce<BrandingErrors>(
    (errors, module) => ({ ...errors, ...moduleErrors(module, state, context) }),
    {},
  );
