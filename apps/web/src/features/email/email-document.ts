import { z } from 'zod';

/**
 * The email editor's document, stored as a template's `email_json`: page settings and a list of
 * blocks; a columns block holds a list of blocks per column (no columns inside columns).
 * `email-html.ts` compiles it to the table-based `email_html` mail clients render.
 */
// Every field has a default: a document written elsewhere (the server's blank template, which
// names only what it needs) opens with the rest filled in.
const blockId = z
  .string()
  .min(1)
  .default(() => crypto.randomUUID());
const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/);
const BRAND_COLOR = '#1971c2';
const color = hex.default(BRAND_COLOR);
const align = z.enum(['left', 'center', 'right']).default('center');

const textBlock = z.object({ id: blockId, type: z.literal('text'), html: z.string().default('') });
/** HTML as written (the server keeps what a mail client may get): the studio's default templates are one. */
const htmlBlock = z.object({ id: blockId, type: z.literal('html'), html: z.string().default('') });
const imageBlock = z.object({
  id: blockId,
  type: z.literal('image'),
  src: z.string().default(''),
  alt: z.string().default(''),
  href: z.string().default(''),
  width: z.number().int().min(20).max(600).default(600),
  align,
});
const buttonBlock = z.object({
  id: blockId,
  type: z.literal('button'),
  label: z.string().default(''),
  href: z.string().default(''),
  color,
  align,
});
const dividerBlock = z.object({ id: blockId, type: z.literal('divider'), color: hex.default('#dee2e6') });
const spacerBlock = z.object({
  id: blockId,
  type: z.literal('spacer'),
  height: z.number().int().min(4).max(200).default(24),
});
/** The attendee's own entrance link (the spec's "magic link" placeholder) as a button. */
const magicLinkBlock = z.object({
  id: blockId,
  type: z.literal('magic_link'),
  label: z.string().default('Join the event'),
  color,
  align,
});
/** The attendee's check-in QR code (`checkin_qrcode`). */
const checkinQrCodeBlock = z.object({
  id: blockId,
  type: z.literal('checkin_qrcode'),
  size: z.number().int().min(80).max(300).default(160),
  align,
});
/** The event's location (`event_location`) under a heading. */
const eventLocationBlock = z.object({
  id: blockId,
  type: z.literal('event_location'),
  heading: z.string().default('Location'),
});

const leafBlock = z.discriminatedUnion('type', [
  textBlock,
  htmlBlock,
  imageBlock,
  buttonBlock,
  dividerBlock,
  spacerBlock,
  magicLinkBlock,
  checkinQrCodeBlock,
  eventLocationBlock,
]);
const columnsBlock = z.object({
  id: blockId,
  type: z.literal('columns'),
  columns: z.array(z.array(leafBlock)).min(2).max(3),
});

export const emailBlockSchema = z.discriminatedUnion('type', [...leafBlock.options, columnsBlock]);
export const emailDocumentSchema = z.object({
  version: z.literal(1),
  settings: z
    .object({
      backgroundColor: hex.default('#f1f3f5'),
      contentColor: hex.default('#ffffff'),
      textColor: hex.default('#212529'),
      fontFamily: z.string().min(1).default('Arial, Helvetica, sans-serif'),
    })
    .prefault({}),
  blocks: z.array(emailBlockSchema).default([]),
});

export type EmailDocument = z.infer<typeof emailDocumentSchema>;
export type EmailBlock = z.infer<typeof emailBlockSchema>;
export type LeafBlock = z.infer<typeof leafBlock>;
export type EmailBlockType = EmailBlock['type'];
export type LeafBlockType = LeafBlock['type'];

/** The editor's palette, in the order it offers the blocks, with their names. */
export const blockLabels: Record<EmailBlockType, string> = {
  text: 'Text',
  image: 'Image',
  button: 'Button',
  columns: 'Columns',
  divider: 'Divider',
  spacer: 'Spacer',
  magic_link: 'Magic link button',
  checkin_qrcode: 'Check-in QR code',
  event_location: 'Event location',
  html: 'HTML',
};
export const blockTypes = Object.keys(blockLabels) as EmailBlockType[];
export const leafBlockTypes = blockTypes.filter((type): type is LeafBlockType => type !== 'columns');

/** A new block of the type, with sensible content, ready to edit. */
export function newBlock(type: EmailBlockType, id: string = crypto.randomUUID()): EmailBlock {
  switch (type) {
    case 'text':
      return { id, type, html: '<p>Write something here.</p>' };
    case 'image':
      return { id, type, src: '', alt: '', href: '', width: 600, align: 'center' };
    case 'button':
      return { id, type, label: 'Learn more', href: 'https://', color: BRAND_COLOR, align: 'center' };
    case 'columns':
      return { id, type, columns: [[newLeafBlock('text')], [newLeafBlock('text')]] };
    case 'divider':
      return { id, type, color: '#dee2e6' };
    case 'spacer':
      return { id, type, height: 24 };
    case 'magic_link':
      return { id, type, label: 'Join the event', color: BRAND_COLOR, align: 'center' };
    case 'checkin_qrcode':
      return { id, type, size: 160, align: 'center' };
    case 'event_location':
      return { id, type, heading: 'Location' };
    case 'html':
      return { id, type, html: '<p></p>' };
  }
}

/** A block a column may hold. */
export function newLeafBlock(type: LeafBlockType): LeafBlock {
  return newBlock(type) as LeafBlock;
}

export const blankEmailDocument = (): EmailDocument => emailDocumentSchema.parse({ version: 1 });

/**
 * The stored `email_json` as the editor's document (missing settings filled in). A document of
 * another format opens as one HTML block holding the template's `email_html`, so saving keeps it.
 */
export function emailDocumentOf(emailJson: unknown, emailHtml = ''): EmailDocument {
  const parsed = emailDocumentSchema.safeParse(emailJson);
  if (parsed.success) return parsed.data;
  const blank = blankEmailDocument();
  if (!emailHtml.trim()) return blank;
  return { ...blank, blocks: [{ id: crypto.randomUUID(), type: 'html', html: emailHtml }] };
}
