import type { EmailBlock, EmailDocument, LeafBlock } from './email-document.ts';
import { mergeFieldTag } from '@studio/domain';

/** The content column's width in pixels: what every mail client shows whole on a desktop. */
export const CONTENT_WIDTH = 600;
const PADDING = 24;

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

const cell = (content: string, style = '') =>
  `<tr><td style="padding:8px ${PADDING}px;${style}">${content}</td></tr>`;

/** A button that renders in every client (a table cell with a background, the link inside). */
function bulletproofButton(label: string, href: string, color: string, align: string) {
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" align="${align}"><tr>` +
    `<td bgcolor="${color}" style="border-radius:4px;background-color:${color};">` +
    `<a href="${href}" target="_blank" style="display:inline-block;padding:12px 24px;color:#ffffff;` +
    `font-weight:bold;text-decoration:none;border-radius:4px;">${escapeHtml(label)}</a>` +
    `</td></tr></table>`
  );
}

/** One block's rows; `width` is the space it has, in pixels. */
function leafHtml(block: LeafBlock, width: number): string {
  switch (block.type) {
    case 'text':
    case 'html':
      return cell(block.html);
    case 'image': {
      if (!block.src) return '';
      const shown = Math.min(block.width, width - 2 * PADDING);
      const image =
        `<img src="${escapeHtml(block.src)}" alt="${escapeHtml(block.alt)}" width="${shown}" ` +
        `style="display:inline-block;width:${shown}px;max-width:100%;height:auto;border:0;">`;
      const linked = block.href ? `<a href="${escapeHtml(block.href)}" target="_blank">${image}</a>` : image;
      return cell(linked, `text-align:${block.align};`);
    }
    case 'button':
      return cell(bulletproofButton(block.label, escapeHtml(block.href), block.color, block.align));
    case 'magic_link':
      return cell(bulletproofButton(block.label, mergeFieldTag('magic_link'), block.color, block.align));
    case 'divider':
      return cell(`<div style="border-top:1px solid ${block.color};font-size:0;line-height:0;">&nbsp;</div>`);
    case 'spacer':
      return `<tr><td height="${block.height}" style="height:${block.height}px;font-size:0;line-height:0;">&nbsp;</td></tr>`;
    case 'checkin_qrcode':
      return cell(
        `<img src="${mergeFieldTag('checkin_qrcode')}" alt="Check-in QR code" width="${block.size}" ` +
          `height="${block.size}" style="display:inline-block;border:0;">`,
        `text-align:${block.align};`,
      );
    case 'event_location':
      return cell(
        (block.heading ? `<p style="margin:0;font-weight:bold;">${escapeHtml(block.heading)}</p>` : '') +
          `<p style="margin:0;">${mergeFieldTag('event_location')}</p>`,
      );
  }
}

const rowsTable = (rows: string, extra = '') =>
  `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"${extra}>${rows}</table>`;

function blockHtml(block: EmailBlock): string {
  if (block.type !== 'columns') return leafHtml(block, CONTENT_WIDTH);
  const width = Math.floor(CONTENT_WIDTH / block.columns.length);
  const percent = Math.floor(100 / block.columns.length);
  const columns = block.columns
    .map(
      (blocks) =>
        `<td class="email-column" width="${percent}%" valign="top" style="width:${percent}%;vertical-align:top;">` +
        rowsTable(blocks.map((inner) => leafHtml(inner, width)).join('')) +
        `</td>`,
    )
    .join('');
  return `<tr><td style="padding:0;">${rowsTable(`<tr>${columns}</tr>`)}</td></tr>`;
}

/** On a phone the content takes the whole width and columns stack. */
const PHONE_STYLES =
  `@media only screen and (max-width:${CONTENT_WIDTH + 20}px){` +
  `.email-content{width:100% !important;}` +
  `.email-column{display:block !important;width:100% !important;}}`;

/**
 * The template's `email_html`: a whole HTML document laid out with tables and inline styles (what
 * mail clients render), a 600 px content column that narrows and stacks on phones, and the merge
 * fields as Liquid tags the server fills at send time.
 */
export function compileEmailHtml(document: EmailDocument): string {
  const { backgroundColor, contentColor, textColor, fontFamily } = document.settings;
  const font = escapeHtml(fontFamily);
  const content = document.blocks.map(blockHtml).join('');
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<style>${PHONE_STYLES}</style></head>` +
    `<body style="margin:0;padding:0;background-color:${backgroundColor};">` +
    rowsTable(
      `<tr><td align="center" style="padding:16px 0;">` +
        `<table role="presentation" class="email-content" width="${CONTENT_WIDTH}" cellpadding="0" cellspacing="0" border="0" ` +
        `style="width:${CONTENT_WIDTH}px;max-width:100%;background-color:${contentColor};color:${textColor};` +
        `font-family:${font};font-size:16px;line-height:1.5;">${content}</table>` +
        `</td></tr>`,
      ` bgcolor="${backgroundColor}" style="background-color:${backgroundColor};"`,
    ) +
    `</body></html>`
  );
}
