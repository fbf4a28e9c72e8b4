import {
  ANALYTICS_PRIVACY_NOTE,
  attendeePageMessages,
  escapeHtml,
  PAGE_ISLAND_ATTRIBUTE,
  registrationFieldsHtml,
  type FormioData,
} from '@studio/domain';

/** The Registration Form block's slot, which the registration page fills with its form. */
export const REGISTER_SLOT = `<div ${PAGE_ISLAND_ATTRIBUTE}="register"></div>`;

/**
 * The registration page's form as the preview shows it: the same fields, button and note the
 * attendee site puts in the block (registrationFormHtml), but one that sends nothing — no action,
 * a plain button, no JSON for the attendee script (which never runs in the studio).
 */
export const previewRegistrationFormHtml = (form: FormioData): string =>
  `<form aria-label="Registration form" novalidate>${registrationFieldsHtml(form)}` +
  `<button class="button" type="button">${escapeHtml(attendeePageMessages.register)}</button></form>` +
  `<p class="muted privacy-note">${escapeHtml(ANALYTICS_PRIVACY_NOTE)}</p>`;

/** A block's HTML with the form in the Registration Form block's slot. */
export const withPreviewForm = (html: string, formHtml: string): string =>
  html.replace(REGISTER_SLOT, () => formHtml);
