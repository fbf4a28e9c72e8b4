/**
 * Spec 002 §5.2: what rich text may hold — headings 1-6, bold, italic, strike, lists, a rule,
 * links and alignment. The server keeps only these (and https/mailto links) from what it stores.
 */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  's',
  'ul',
  'ol',
  'li',
  'hr',
  'a',
] as const;
export const RICH_TEXT_ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const;

/**
 * The options of sanitize-html (the one sanitiser) for organisers' rich text: the server applies
 * them when it stores a description and the studio again when it shows one — never raw HTML.
 */
export const RICH_TEXT_POLICY = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { a: ['href', 'target', 'rel'], '*': ['style'] },
  allowedStyles: { '*': { 'text-align': [new RegExp(`^(${RICH_TEXT_ALIGNMENTS.join('|')})$`)] } },
  allowedSchemes: ['https', 'http', 'mailto'],
  transformTags: {
    a: (tagName: string, attribs: Record<string, string>) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer nofollow' },
    }),
  },
};

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

/**
 * Plain text of a (sanitised) rich description, for social tags and calendar entries: tags gone,
 * the sanitiser's entities read, white space folded, at most 300 characters.
 */
export const richTextAsPlainText = (html: string | null) =>
  (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(nbsp|amp|lt|gt|quot|#39);/g, (_entity, name: string) => ENTITIES[name] ?? ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);
