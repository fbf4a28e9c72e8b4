import { brandingMessages } from './messages.ts';
import { isHttpUrl } from './urls.ts';
import { recordKeys } from '../records.ts';

/** Spec 002 §5.3: the demo request's button text, confirmation title and message. */
export const DEMO_CTA_LIMITS = {
  demo_request_button_text: 27,
  demo_request_title: 120,
  demo_request_message: 350,
} as const;
/** 002 §9: what a disabled demo request refills its empty texts with. */
export const DEMO_CTA_DEFAULTS = {
  demo_request_button_text: 'Get Demo',
  demo_request_title: 'Demo request sent!',
  demo_request_message: 'Your request was successfully saved. Thanks for requesting a demo with us',
} as const;
export const DEMO_CTA_LINK_MODES = ['confirmationMessage', 'linkToNewTab'] as const;
export type DemoCtaLinkMode = (typeof DEMO_CTA_LINK_MODES)[number];

/** 002 §5.3: the stage's custom call to action: text and url at most 50 each. */
export const STAGE_CTA_MAX_LENGTH = 50;
export const STAGE_CTA_LINK_TARGETS = ['registration', 'custom'] as const;
export type StageCtaLinkTarget = (typeof STAGE_CTA_LINK_TARGETS)[number];
export const DEFAULT_STAGE_CTA_TEXT = 'View Event Details';

export interface DemoCtaFields {
  demo_link_enabled: boolean;
  demo_request_button_text: string;
  demo_request_title: string;
  demo_request_message: string;
  custom_demo_cta_link_to: DemoCtaLinkMode;
  custom_demo_cta_button_url: string | null;
}

/** 002 §5.3: while enabled, each text is required and within its limit; a new-tab link needs a valid URL. */
export function demoCtaErrors(fields: DemoCtaFields): Partial<Record<keyof DemoCtaFields, string>> {
  if (!fields.demo_link_enabled) return {};
  const errors: Partial<Record<keyof DemoCtaFields, string>> = {};
  for (const [field, max] of Object.entries(DEMO_CTA_LIMITS) as [keyof typeof DEMO_CTA_LIMITS, number][]) {
    const value = fields[field].trim();
    if (!value) errors[field] = brandingMessages.required;
    else if (value.length > max) errors[field] = brandingMessages.tooLong(max);
  }
  if (fields.custom_demo_cta_link_to === 'linkToNewTab') {
    const url = (fields.custom_demo_cta_button_url ?? '').trim();
    if (!url) errors.custom_demo_cta_button_url = brandingMessages.required;
    else if (!isHttpUrl(url)) errors.custom_demo_cta_button_url = brandingMessages.invalidUrl;
  }
  return errors;
}

/** 002 §4.6: when the demo request is disabled, its empty texts are refilled with the defaults. */
export function refillDemoCta<
  T extends Pick<DemoCtaFields, 'demo_link_enabled' | keyof typeof DEMO_CTA_DEFAULTS>,
>(fields: T): T {
  if (fields.demo_link_enabled) return fields;
  const refilled = { ...fields };
  for (const field of recordKeys(DEMO_CTA_DEFAULTS)) {
    if (!refilled[field].trim()) refilled[field] = DEMO_CTA_DEFAULTS[field];
  }
  return refilled;
}

export interface StageCtaFields {
  custom_cta_enabled: boolean;
  custom_cta_link_to: StageCtaLinkTarget;
  custom_cta_button_text: string;
  custom_cta_button_url: string | null;
}

/**
 * 002 §5.3: the stage CTA's text is at most 50 characters (required while on); a custom link is a
 * valid URL of at most 50. The registration link is the event's own URL, written by the server's
 * side of the editor, and not held to 50.
 */
export function stageCtaErrors(fields: StageCtaFields): Partial<Record<keyof StageCtaFields, string>> {
  const errors: Partial<Record<keyof StageCtaFields, string>> = {};
  const text = fields.custom_cta_button_text.trim();
  if (text.length > STAGE_CTA_MAX_LENGTH)
    errors.custom_cta_button_text = brandingMessages.tooLong(STAGE_CTA_MAX_LENGTH);
  else if (fields.custom_cta_enabled && !text) errors.custom_cta_button_text = brandingMessages.required;
  if (fields.custom_cta_enabled && fields.custom_cta_link_to === 'custom') {
    const url = (fields.custom_cta_button_url ?? '').trim();
    if (!url) errors.custom_cta_button_url = brandingMessages.required;
    else if (url.length > STAGE_CTA_MAX_LENGTH)
      errors.custom_cta_button_url = brandingMessages.tooLong(STAGE_CTA_MAX_LENGTH);
    else if (!isHttpUrl(url)) errors.custom_cta_button_url = brandingMessages.invalidUrl;
  }
  return errors;
}

/** 002 §4.6: turning the custom call to action off resets it to the registration link. */
export const stageCtaOff = (registrationUrl: string): StageCtaFields => ({
  custom_cta_enabled: false,
  custom_cta_link_to: 'registration',
  custom_cta_button_text: DEFAULT_STAGE_CTA_TEXT,
  custom_cta_button_url: registrationUrl,
});

/** 002 §4.6: the enter-event-early toggle is the inverse of `disable_enter_event_button`. */
export const enterEarly = (event: { disable_enter_event_button: boolean }): boolean =>
  !event.disable_enter_event_button;

/**
 * 002 §4.6: turning enter-early off links the call to action to registration and fills the text
 * 'View Event Details' if it is empty.
 */
export function enterEarlyToggle(
  on: boolean,
  cta: Pick<StageCtaFields, 'custom_cta_button_text'>,
): { event: { disable_enter_event_button: boolean }; theme: Partial<StageCtaFields> } {
  if (on) return { event: { disable_enter_event_button: false }, theme: {} };
  return {
    event: { disable_enter_event_button: true },
    theme: {
      custom_cta_link_to: 'registration',
      ...(cta.custom_cta_button_text.trim() ? {} : { custom_cta_button_text: DEFAULT_STAGE_CTA_TEXT }),
    },
  };
}
