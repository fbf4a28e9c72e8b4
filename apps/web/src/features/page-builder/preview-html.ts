import { PAGE_HTML_POLICY } from '@studio/domain';
import sanitizeHtml from 'sanitize-html';

/** The builder's preview cleans organisers' HTML exactly as the server does (spec 001 §5). */
export const sanitizePreviewHtml = (html: string): string => sanitizeHtml(html, PAGE_HTML_POLICY);
