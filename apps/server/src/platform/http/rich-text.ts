import { PAGE_HTML_POLICY, RICH_TEXT_POLICY } from '@studio/domain';
import sanitizeHtml from 'sanitize-html';

/** Organisers' rich text as stored and shown: only the tags of spec 002 §5.2, safe links, alignment. */
export const sanitizeRichText = (html: string): string => sanitizeHtml(html, RICH_TEXT_POLICY);

/** HTML shown on built pages (spec 001 §5), with the policy both the server and the builder's preview apply. */
export const sanitizePageHtml = (html: string): string => sanitizeHtml(html, PAGE_HTML_POLICY);
