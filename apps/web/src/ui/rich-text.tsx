import { Text, type TextProps } from '@mantine/core';
import { RICH_TEXT_POLICY } from '@studio/domain';
import sanitizeHtml from 'sanitize-html';

/** Organisers' rich text cleaned as the server cleans it on save (the domain's RICH_TEXT_POLICY). */
export const sanitizeRichText = (html: string): string => sanitizeHtml(html, RICH_TEXT_POLICY);

/**
 * Organisers' rich text (an event's or a template's description) shown as formatted text: the
 * studio's one way to show it, sanitised again here, never its tags as text.
 */
export function RichText({ html, ...props }: TextProps & { html: string }) {
  return <Text component="div" {...props} dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }} />;
}
