import { z } from 'zod';

/**
 * The page builder's blocks (issue 17 §1): each block's props as the builder (Puck) stores them in
 * `builder_raw_json` — `{content: [{type, props}], root: {props}}` — checked by the server on save.
 */

const text = (max: number) => z.string().max(max).default('');
/** A link or image address: http(s), mailto or a path on the same site; anything else is refused. */
const address = z
  .string()
  .max(2000)
  .refine((value) => value === '' || /^(https?:\/\/|mailto:|\/(?!\/))/i.test(value), {
    message: 'Enter an http(s) address or a path',
  })
  .default('');
const blockId = z.string().min(1).max(100);
const heading = text(200);

const heroProps = z.object({
  id: blockId,
  /** Empty: the owner's title (event, series, hub page). */
  title: text(200),
  subtitle: text(500),
  imageUrl: address,
});
const eventDetailsProps = z.object({ id: blockId, heading, showLocation: z.boolean().default(true) });
const listProps = z.object({ id: blockId, heading });
const richTextProps = z.object({ id: blockId, html: text(20_000) });
const imageProps = z.object({ id: blockId, url: address, alt: text(300), linkUrl: address });
const videoProps = z.object({
  id: blockId,
  /** A video of the organisation's library; empty until one is chosen. */
  videoId: z.union([z.uuid(), z.literal('')]).default(''),
  title: text(200),
});
export const CTA_KINDS = ['register', 'custom'] as const;
export type CtaKind = (typeof CTA_KINDS)[number];
const callToActionProps = z.object({
  id: blockId,
  kind: z.enum(CTA_KINDS).default('register'),
  label: z.string().min(1).max(100).default('Register'),
  /** The custom CTA's address (the Register CTA goes to the registration form). */
  url: address,
});
const faqProps = z.object({
  id: blockId,
  heading,
  items: z
    .array(z.object({ question: z.string().max(500), answer: z.string().max(5000) }))
    .max(50)
    .default([]),
});
const footerProps = z.object({
  id: blockId,
  text: text(500),
  links: z
    .array(z.object({ label: z.string().max(100), url: address }))
    .max(20)
    .default([]),
});

export const pageBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Hero'), props: heroProps }),
  z.object({ type: z.literal('EventDetails'), props: eventDetailsProps }),
  z.object({ type: z.literal('Agenda'), props: listProps }),
  z.object({ type: z.literal('Speakers'), props: listProps }),
  z.object({ type: z.literal('Booths'), props: listProps }),
  z.object({ type: z.literal('RegistrationForm'), props: listProps }),
  z.object({ type: z.literal('RichText'), props: richTextProps }),
  z.object({ type: z.literal('Image'), props: imageProps }),
  z.object({ type: z.literal('Video'), props: videoProps }),
  z.object({ type: z.literal('CallToAction'), props: callToActionProps }),
  z.object({ type: z.literal('Faq'), props: faqProps }),
  z.object({ type: z.literal('Countdown'), props: listProps }),
  z.object({ type: z.literal('EventList'), props: listProps }),
  z.object({ type: z.literal('Footer'), props: footerProps }),
]);
export type PageBlock = z.infer<typeof pageBlockSchema>;
export type PageBlockType = PageBlock['type'];
export type PageBlockProps<T extends PageBlockType> = Extract<PageBlock, { type: T }>['props'];

export const PAGE_BLOCK_TYPES = pageBlockSchema.options.map(
  (option) => option.shape.type.value,
) as readonly PageBlockType[];

/** The page's own title, description and social-media thumbnail (its `<head>`). */
export const pageRootPropsSchema = z.object({
  title: text(200),
  description: text(500),
  image: address,
});
export type PageRootProps = z.infer<typeof pageRootPropsSchema>;

export const PAGE_MAX_BLOCKS = 200;

/** `builder_raw_json`: Puck's data. Its other keys (zones of nested blocks) are not used and dropped. */
export const pageDocumentSchema = z.object({
  content: z.array(pageBlockSchema).max(PAGE_MAX_BLOCKS),
  root: z.object({ props: pageRootPropsSchema.default(pageRootPropsSchema.parse({})) }).default({
    props: pageRootPropsSchema.parse({}),
  }),
});
export type PageDocument = z.infer<typeof pageDocumentSchema>;

/** The library videos a page shows (the server checks they are the organisation's). */
export const videoIdsOf = (page: PageDocument): string[] => [
  ...new Set(
    page.content.flatMap((block) =>
      block.type === 'Video' && block.props.videoId ? [block.props.videoId] : [],
    ),
  ),
];
