import { PAGE_HTML_POLICY, RICH_TEXT_ALIGNMENTS, RICH_TEXT_TAGS } from '@studio/domain';
import sanitizeHtml from 'sanitize-html';

const alignment = new RegExp(`^(${RICH_TEXT_ALIGNMENTS.join('|')})$`);

/** Organisers' rich text as stored and shown: only the tags of spec 002 §5.2, safe links, alignment. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...RICH_TEXT_TAGS],
    allowedAttributes: { a: ['href', 'target', 'rel'], '*': ['style'] },
    allowedStyles: { '*': { 'text-align': [alignment] } },
    allowedSchemes: ['https', 'http', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }) },
  });
}

/** HTML shown on built pages (spec 001 §5), with the policy both the server and the builder's preview apply. */
export const sanitizePageHtml = (html: string): string => sanitizeHtml(html, PAGE_HTML_POLICY);
