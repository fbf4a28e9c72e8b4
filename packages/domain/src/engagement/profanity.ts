/**
 * The profanity filter (issue 34 §2; the organiser's 'Profanity Filter' toggle,
 * `profanity_filter_enabled`): a small list of words, matched whole and case-insensitively,
 * each letter masked with an asterisk. Applied once on the server when a message or question is
 * stored, so every view reads the same filtered text.
 */
export const PROFANITY_WORDS = [
  'arse',
  'arsehole',
  'asshole',
  'bastard',
  'bitch',
  'bollocks',
  'bullshit',
  'crap',
  'cunt',
  'damn',
  'dick',
  'fuck',
  'fucked',
  'fucker',
  'fucking',
  'motherfucker',
  'piss',
  'prick',
  'shit',
  'shitty',
  'slut',
  'twat',
  'wanker',
  'whore',
] as const;

const PROFANITY_PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${PROFANITY_WORDS.join('|')})(?![\\p{L}\\p{N}])`,
  'giu',
);

/** The text with every listed word masked (`shit` → `****`); other words, even containing one, unchanged. */
export const maskProfanity = (text: string): string =>
  text.replace(PROFANITY_PATTERN, (word) => '*'.repeat(word.length));

/** Attendee or staff text as it is stored: masked when the event's profanity filter is on. */
export const storedEngagementText = (features: { profanityFilter: boolean }, text: string): string =>
  features.profanityFilter ? maskProfanity(text) : text;
