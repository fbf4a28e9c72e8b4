import { convert } from 'html-to-text';
import { Liquid, type Template } from 'liquidjs';
import QRCode from 'qrcode';
import sanitizeHtml from 'sanitize-html';
import {
  emailTemplateMessages,
  isMergeField,
  unknownMergeFieldMessage,
  type MergeField,
  type MergeValues,
} from '@studio/domain';
import { fieldError } from '../../platform/http/errors.ts';
import { htmlOfText, type MailMessage } from '../../platform/mail/mail.ts';

/**
 * The one rendering path of every email: a template's subject and HTML (Liquid, merge fields
 * `{{ first_name }}`) rendered with a recipient's values — every value HTML-escaped — and the text
 * part derived from the HTML, so every message has both. Templates are checked and sanitised when
 * saved: unknown merge fields are refused with the field named, script never stays.
 */

/** The check-in QR image's Content-ID: `checkin_qrcode` renders as `cid:` + this. */
export const CHECK_IN_QR_CID = 'check-in-code@event-studio';

/** The fields that hold an address, the only ones a link or image source may use. */
const URL_FIELDS: ReadonlySet<string> = new Set<MergeField>([
  'magic_link',
  'checkin_qrcode',
  'unsubscribe_link',
  'cancel_link',
]);

const limits = {
  // No file system: `include`, `render` and `layout` find nothing (they are refused on save too).
  templates: {},
  strictFilters: true,
  ownPropertyOnly: true,
  parseLimit: 1_000_000,
  renderLimit: 1_000,
  memoryLimit: 10_000_000,
};
const htmlEngine = new Liquid({ ...limits, outputEscape: 'escape' });
/** The subject is plain text: its values are not HTML-escaped. */
const textEngine = new Liquid(limits);

/** Liquid's markup: outputs and tags. */
const LIQUID_MARKUP = /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g;
const FORBIDDEN_MARKUP = /^\{%-?\s*(include|render|layout|block)\b|\|\s*raw\b/;
const LINK_ATTRIBUTE = /\b(?:href|src)="([^"]*)"/g;
const URL_OUTPUT = /^\{\{-?\s*([a-z_]+)\s*-?\}\}$/;

/** What a mail client may be sent: layout, text, links, images (https or cid); never script. */
const EMAIL_HTML_POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'html',
    'head',
    'body',
    'meta',
    'title',
    'style',
    'img',
    'center',
    'font',
  ],
  allowedAttributes: {
    '*': [
      'style',
      'class',
      'id',
      'align',
      'valign',
      'width',
      'height',
      'bgcolor',
      'border',
      'dir',
      'lang',
      'role',
      'title',
    ],
    a: ['href', 'target', 'rel', 'name'],
    img: ['src', 'alt'],
    table: ['cellpadding', 'cellspacing', 'background'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    meta: ['name', 'content', 'http-equiv', 'charset'],
    font: ['color', 'face', 'size'],
  },
  allowedSchemes: ['https', 'http', 'mailto', 'tel', 'cid'],
  allowProtocolRelative: false,
  // The editor's responsive CSS (a `<style>` in the head): CSS runs no script in a mail client.
  allowVulnerableTags: true,
};

/** An HttpError 400 on the field, in the template's words. */
const refuse = (field: string, message: string) => fieldError(field, message, 'INVALID_TEMPLATE');

/**
 * A template's HTML as stored: sanitised (script, event handlers and unsafe links gone), its
 * Liquid kept as written. Refuses unknown merge fields, unreadable Liquid, partials, `raw`, and
 * merge fields other than links in a link or image source.
 */
export function checkedEmailHtml(html: string): string {
  const clean = withLiquidKept(html, (protectedHtml) => sanitizeHtml(protectedHtml, EMAIL_HTML_POLICY));
  checkLiquid('email_html', clean, htmlEngine);
  for (const [, value] of clean.matchAll(LINK_ATTRIBUTE)) {
    for (const [output] of (value ?? '').matchAll(LIQUID_MARKUP)) {
      const field = URL_OUTPUT.exec(output)?.[1];
      if (!field || !URL_FIELDS.has(field))
        throw refuse('email_html', `Only a link's merge field can be a link or image address: ${output}`);
    }
  }
  return clean;
}

/**
 * `transform` applied to a template's HTML with its Liquid markup set aside (as placeholders an
 * HTML tool keeps as text), then put back as written.
 */
function withLiquidKept(source: string, transform: (html: string) => string): string {
  const markup: string[] = [];
  const protectedHtml = source.replace(LIQUID_MARKUP, (found) => `@@liquid-${markup.push(found) - 1}@@`);
  // Case-insensitive: the text part writes headings in capitals.
  return transform(protectedHtml).replace(
    /@@liquid-(\d+)@@/gi,
    (_whole, index: string) => markup[Number(index)] ?? '',
  );
}

/** Refuses a subject with unknown merge fields or unreadable Liquid. */
export function checkSubject(subject: string): string {
  checkLiquid('subject', subject, textEngine);
  return subject;
}

function checkLiquid(field: string, source: string, engine: Liquid): Template[] {
  for (const [markup] of source.matchAll(LIQUID_MARKUP))
    if (FORBIDDEN_MARKUP.test(markup)) throw refuse(field, `This tag is not allowed in an email: ${markup}`);
  let parsed: Template[];
  let globals: string[];
  try {
    parsed = engine.parse(source);
    globals = engine.globalVariablesSync(parsed, { partials: false });
  } catch {
    throw refuse(field, emailTemplateMessages.invalidTemplate);
  }
  const unknown = globals.find((name) => !isMergeField(name));
  if (unknown !== undefined) throw refuse(field, unknownMergeFieldMessage(unknown));
  return parsed;
}

/** A template ready to render for many recipients (parsed once). */
export interface CompiledEmail {
  render(
    to: string,
    values: MergeValues,
    checkInCode?: string | null,
  ): Promise<Required<Pick<MailMessage, 'to' | 'subject' | 'text' | 'html' | 'attachments'>>>;
}

/** The text part of an HTML message: its words and links, no images. */
export const textOfHtml = (html: string) =>
  convert(html, {
    wordwrap: 100,
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    ],
  });

/**
 * What the text part says where the HTML shows the check-in QR code (an image the text part cannot
 * carry; the check-in desk scans it, or finds the person by name or email, but takes no typed code).
 */
export const CHECK_IN_TEXT_FALLBACK = 'Open this email in HTML to see your check-in code.';

/** A template's check-in QR image (its source the `checkin_qrcode` merge field). */
const CHECK_IN_IMAGE = /<img\b[^>]*\bsrc="\{\{-?\s*checkin_qrcode\s*-?\}\}"[^>]*>/gi;

/** The text part's template of a template's HTML: its words and links, the check-in code's fallback line. */
const textTemplateOf = (html: string) =>
  withLiquidKept(
    html.replace(CHECK_IN_IMAGE, `{% if checkin_qrcode %}<p>${CHECK_IN_TEXT_FALLBACK}</p>{% endif %}`),
    textOfHtml,
  );

/** Every message leaves with both parts: the text derived from the HTML, or the HTML from the text. */
export const withBothParts = (message: MailMessage): MailMessage =>
  message.html
    ? { ...message, text: message.text || textOfHtml(message.html) }
    : { ...message, html: htmlOfText(message.text) };

/** Compiles a stored template (already checked on save) for sending. */
export function compileEmail(template: { subject: string; email_html: string }): CompiledEmail {
  const subject = textEngine.parse(template.subject);
  const html = htmlEngine.parse(template.email_html);
  // The text part's template, derived once: rendering it costs a Liquid render, not an HTML parse.
  const text = textEngine.parse(textTemplateOf(template.email_html));
  return {
    async render(to, values, checkInCode) {
      const scope = { ...values, checkin_qrcode: checkInCode ? `cid:${CHECK_IN_QR_CID}` : null };
      // Synchronous: nothing a template may use waits (no partials, no async filters), and the
      // async renderer's promise per node cost more than the render itself.
      const renderedSubject = textEngine.renderSync(subject, scope) as string;
      const renderedHtml = htmlEngine.renderSync(html, scope) as string;
      const renderedText = textEngine.renderSync(text, scope) as string;
      const usesCode = Boolean(checkInCode) && renderedHtml.includes(`cid:${CHECK_IN_QR_CID}`);
      return {
        to,
        subject: renderedSubject.replace(/\s+/g, ' ').trim(),
        html: renderedHtml,
        // A left-out block ({% if %} with nothing to say) would leave its blank lines behind.
        text: renderedText.replace(/\n\s*\n(\s*\n)+/g, '\n\n').trim(),
        attachments: usesCode ? [await checkInImage(checkInCode!)] : [],
      };
    },
  };
}

async function checkInImage(code: string) {
  const png = await QRCode.toBuffer(code, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 480 });
  return { filename: 'check-in.png', content: png, contentType: 'image/png', cid: CHECK_IN_QR_CID };
}
