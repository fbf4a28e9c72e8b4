import {
  ANALYTICS_PRIVACY_NOTE,
  attendeePageMessages,
  escapeHtml,
  PAGE_ISLAND_ATTRIBUTE,
  registrationFieldsHtml,
  seriesEventChoicesHtml,
  type FormioData,
  type SeriesEventChoice,
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

/**
 * A series' registration form as its page on the attendee site shows it (registration-pages.ts):
 * the boxes of its upcoming events, then the form of the first (no privacy note there); without
 * an upcoming event, the page's "no upcoming events" note instead of a form.
 */
export const previewSeriesFormHtml = (form: FormioData, events: SeriesEventChoice[]): string =>
  events.length
    ? `<form aria-label="Registration form" novalidate>${seriesEventChoicesHtml(events)}${registrationFieldsHtml(form)}` +
      `<button class="button" type="button">${escapeHtml(attendeePageMessages.register)}</button></form>`
    : `<p class="muted">${escapeHtml(attendeePageMessages.noUpcomingEvents)}</p>`;

/** A block's HTML with the form in the Registration Form block's slot. */
export const withPreviewForm = (html: string, formHtml: string): string =>
  html.replace(REGISTER_SLOT, () => formHtml);
