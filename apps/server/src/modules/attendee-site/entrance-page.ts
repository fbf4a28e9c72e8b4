import { eventEntranceMessages, peopleMessages } from '@studio/domain';
import { escapeHtml } from '../../platform/mail/mail.ts';
import { page } from './layout.ts';

/** A bad, re-issued or foreign link, or no valid sign-in: one page, nothing about why. */
export const invalidLinkPage = () =>
  page(
    eventEntranceMessages.invalidTitle,
    `<h1>${escapeHtml(eventEntranceMessages.invalidTitle)}</h1><p>${escapeHtml(peopleMessages.magicLinkInvalid)}</p>`,
  );
