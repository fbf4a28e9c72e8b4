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
