import type { TranscriptItem } from '../video-library/transcript.ts';
import { SOCIAL_NETWORKS, SOCIAL_POST_LIMITS, type PostKind, type SocialNetwork } from './api.ts';

/**
 * The local extractive rules posts are drafted by (issue 37 item 4, no cloud AI): the transcript
 * is cut into sentences, each scored by how often the transcript repeats its words (term
 * frequency, stop words left out); the best sentences, the speakers' best quotes and the chapter
 * titles make the drafts.
 */
export interface TranscriptSentence {
  text: string;
  speaker: string | null;
  start_time: number;
}

/** A sentence runs on over cues until its end mark, a change of speaker, or this many words. */
const SENTENCE_MAX_WORDS = 40;
/** Sentences shorter than this carry no idea of their own ("Thank you.", "Right."). */
const SENTENCE_MIN_WORDS = 6;

const STOP_WORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below ' +
    'between both but by can could did do does doing down during each few for from further get got had has have ' +
    'having he her here hers him his how i if in into is it its itself just know let like me more most my no nor ' +
    'not now of off on once only or other our ours out over own really right said same say says she should so ' +
    'some such than that the their theirs them then there these they thing things think this those through to ' +
    'too um uh under until up us very was we well were what when where which while who whom why will with would ' +
    'yeah yes you your yours going gonna want okay ok one lot kind sort actually every everyone today'
  ).split(' '),
);

const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);
const termsOf = (text: string) =>
  (text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [])
    .map((term) => term.replace(/['’]s$/, ''))
    .filter((term) => term.length > 2 && !STOP_WORDS.has(term));
const ENDS_SENTENCE = /[.!?…]["'”’)\]]*$/;

/** The transcript's sentences in time order, each with its speaker and the time it starts. */
export function transcriptSentences(items: readonly TranscriptItem[]): TranscriptSentence[] {
  const sentences: TranscriptSentence[] = [];
  let current: TranscriptSentence | null = null;
  const flush = () => {
    if (current && current.text) sentences.push(current);
    current = null;
  };
  const ordered = [...items].sort((a, b) => a.start_time - b.start_time);
  for (const item of ordered) {
    const speaker = item.speaker_name?.trim() || item.speaker_label?.trim() || null;
    const text = item.alternatives[0]?.content.replace(/\s+/g, ' ').trim() ?? '';
    if (!text) continue;
    if (current && current.speaker !== speaker) flush();
    // A cue may hold the end of one sentence and the start of the next.
    const parts = text.split(/(?<=[.!?…]["'”’)\]]*)\s+/);
    for (const part of parts) {
      current ??= { text: '', speaker, start_time: item.start_time };
      current.text = current.text ? `${current.text} ${part}` : part;
      if (ENDS_SENTENCE.test(part)) flush();
    }
    if (current && wordsOf(current.text).length >= SENTENCE_MAX_WORDS) flush();
  }
  flush();
  return sentences;
}

/** How often each meaningful word is said in the whole transcript. */
export function termFrequencies(sentences: readonly TranscriptSentence[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const sentence of sentences)
    for (const term of termsOf(sentence.text)) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

/**
 * A sentence's score: the mean frequency (relative to the most repeated word) of its meaningful
 * words; 0 for a sentence too short to stand alone.
 */
export function sentenceScore(
  sentence: TranscriptSentence,
  frequencies: ReadonlyMap<string, number>,
): number {
  if (wordsOf(sentence.text).length < SENTENCE_MIN_WORDS) return 0;
  const terms = termsOf(sentence.text);
  if (terms.length === 0) return 0;
  const top = Math.max(1, ...frequencies.values());
  return terms.reduce((sum, term) => sum + (frequencies.get(term) ?? 0) / top, 0) / terms.length;
}

interface Scored extends TranscriptSentence {
  score: number;
  index: number;
}

function scored(sentences: readonly TranscriptSentence[]): Scored[] {
  const frequencies = termFrequencies(sentences);
  return sentences.map((sentence, index) => ({
    ...sentence,
    index,
    score: sentenceScore(sentence, frequencies),
  }));
}

/** Whether two sentences share most of their words (a repeated point is kept once). */
const repeats = (a: string, b: string) => {
  const left = new Set(termsOf(a));
  const right = termsOf(b);
  return right.length > 0 && right.filter((term) => left.has(term)).length / right.length > 0.7;
};

function best(candidates: readonly Scored[], count: number): Scored[] {
  const chosen: Scored[] = [];
  for (const sentence of [...candidates].sort((a, b) => b.score - a.score || a.index - b.index)) {
    if (chosen.length >= count) break;
    if (sentence.score > 0 && !chosen.some((kept) => repeats(kept.text, sentence.text)))
      chosen.push(sentence);
  }
  return chosen.sort((a, b) => a.index - b.index);
}

/** The `count` best-scoring sentences, in the order they were said. */
export function keySentences(sentences: readonly TranscriptSentence[], count: number): TranscriptSentence[] {
  return best(scored(sentences), count).map(strip);
}

const strip = ({ text, speaker, start_time }: Scored): TranscriptSentence => ({ text, speaker, start_time });

/** Each named speaker's best sentence (a quote), the best speakers first, at most `count`. */
export function speakerQuotes(sentences: readonly TranscriptSentence[], count: number): TranscriptSentence[] {
  const bySpeaker = new Map<string, Scored>();
  for (const sentence of scored(sentences)) {
    if (!sentence.speaker || sentence.score === 0) continue;
    const kept = bySpeaker.get(sentence.speaker);
    if (!kept || sentence.score > kept.score) bySpeaker.set(sentence.speaker, sentence);
  }
  return [...bySpeaker.values()]
    .sort((a, b) => b.score - a.score)
    .slice(0, count)
    .map(strip);
}

/** The most repeated words as hashtags (`#Pipeline`). */
export function hashtags(sentences: readonly TranscriptSentence[], count: number): string[] {
  return [...termFrequencies(sentences)]
    .filter(([term, times]) => times > 1 && /^[\p{L}][\p{L}\p{N}]*$/u.test(term))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, count)
    .map(([term]) => `#${term[0]!.toUpperCase()}${term.slice(1)}`);
}

/** The text cut at a word to fit `limit` characters, with an ellipsis when it was cut. */
export function fitTo(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit - 1);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).replace(/[\s,;:.-]+$/, '');
  return `${atWord}…`;
}

export interface DraftSource {
  /** The video's name. */
  title: string;
  items: readonly TranscriptItem[];
  chapters: readonly { title: string; start_time: number }[];
}

export interface PostDraft {
  kind: PostKind;
  network: SocialNetwork | null;
  title: string;
  body: string;
}

const quoted = (sentence: TranscriptSentence) =>
  sentence.speaker ? `“${sentence.text}” — ${sentence.speaker}` : `“${sentence.text}”`;
const bullets = (sentences: readonly TranscriptSentence[]) =>
  sentences.map((sentence) => `- ${sentence.text}`);

function socialDraft(
  network: SocialNetwork,
  title: string,
  sentences: readonly TranscriptSentence[],
): PostDraft {
  const key = keySentences(sentences, 3);
  const [quote] = speakerQuotes(sentences, 1);
  const tags = hashtags(sentences, 3).join(' ');
  const limit = SOCIAL_POST_LIMITS[network];
  const body =
    network === 'X'
      ? (() => {
          const tail = `\n\n${title}${tags ? ` ${tags}` : ''}`;
          const lead = quote ? quoted(quote) : (key[0]?.text ?? title);
          return tail.length >= limit ? fitTo(lead, limit) : `${fitTo(lead, limit - tail.length)}${tail}`;
        })()
      : [
          `Key takeaways from “${title}”:`,
          '',
          ...bullets(key),
          ...(quote ? ['', quoted(quote)] : []),
          ...(tags ? ['', tags] : []),
        ].join('\n');
  return { kind: 'SOCIAL', network, title, body: fitTo(body, limit) };
}

/** The sentences said between a chapter's start and the next chapter's. */
function chapterSections(
  chapters: DraftSource['chapters'],
  sentences: readonly TranscriptSentence[],
): { title: string; sentences: TranscriptSentence[] }[] {
  const ordered = [...chapters].sort((a, b) => a.start_time - b.start_time);
  return ordered.map((chapter, index) => {
    const end = ordered[index + 1]?.start_time ?? Number.POSITIVE_INFINITY;
    const within = sentences.filter(
      (sentence) => sentence.start_time >= chapter.start_time && sentence.start_time < end,
    );
    return { title: chapter.title, sentences: keySentences(within, 3) };
  });
}

function blogDraft(source: DraftSource, sentences: readonly TranscriptSentence[]): PostDraft {
  const intro = keySentences(sentences, 2)
    .map((sentence) => sentence.text)
    .join(' ');
  const sections = source.chapters.length
    ? chapterSections(source.chapters, sentences).filter((section) => section.sentences.length > 0)
    : [{ title: 'Highlights', sentences: keySentences(sentences, 6) }];
  const quotes = speakerQuotes(sentences, 3);
  const body = [
    intro,
    ...sections.flatMap((section) => [
      '',
      `## ${section.title}`,
      '',
      section.sentences.map((sentence) => sentence.text).join(' '),
    ]),
    ...(quotes.length ? ['', '## In their words', '', ...quotes.map((quote) => `> ${quoted(quote)}`)] : []),
  ].join('\n');
  return { kind: 'BLOG', network: null, title: source.title, body };
}

function emailDraft(source: DraftSource, sentences: readonly TranscriptSentence[]): PostDraft {
  const chapters = [...source.chapters].sort((a, b) => a.start_time - b.start_time);
  const body = [
    'Hi there,',
    '',
    `Thank you for your interest in “${source.title}”. Here is a short recap.`,
    '',
    ...bullets(keySentences(sentences, 4)),
    ...(chapters.length
      ? ['', 'What we covered:', '', ...chapters.map((chapter) => `- ${chapter.title}`)]
      : []),
    '',
    'Watch the full recording any time.',
  ].join('\n');
  return { kind: 'EMAIL', network: null, title: `Recap: ${source.title}`, body };
}

function takeawaysDraft(sentences: readonly TranscriptSentence[]): PostDraft {
  const body = keySentences(sentences, 5)
    .map((sentence, index) => `${index + 1}. ${sentence.text}`)
    .join('\n');
  return { kind: 'TAKEAWAYS', network: null, title: 'Key takeaways', body };
}

/**
 * The drafts of the kinds asked for: a social post per network, an email, a blog article, key
 * takeaways. None when the transcript has nothing worth drafting from.
 */
export function draftPosts(source: DraftSource, kinds: readonly PostKind[]): PostDraft[] {
  const sentences = transcriptSentences(source.items);
  if (keySentences(sentences, 1).length === 0) return [];
  return kinds.flatMap((kind): PostDraft[] => {
    switch (kind) {
      case 'SOCIAL':
        return SOCIAL_NETWORKS.map((network) => socialDraft(network, source.title, sentences));
      case 'EMAIL':
        return [emailDraft(source, sentences)];
      case 'BLOG':
        return [blogDraft(source, sentences)];
      case 'TAKEAWAYS':
        return [takeawaysDraft(sentences)];
    }
  });
}

export type PostBlock =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'quote'; text: string }
  | { type: 'list'; ordered: boolean; items: string[] };

/** A post's text as the blocks a reader sees: `## ` headings, `- ` or `1. ` lists, `> ` quotes, paragraphs. */
export function postBlocks(body: string): PostBlock[] {
  const blocks: PostBlock[] = [];
  for (const line of body.split(/\r?\n/).map((text) => text.trim())) {
    const last = blocks.at(-1);
    const listItem = /^(?:(-|\*)|\d+[.)])\s+(.*)$/.exec(line);
    if (!line) blocks.push({ type: 'paragraph', text: '' });
    else if (line.startsWith('## ')) blocks.push({ type: 'heading', text: line.slice(3).trim() });
    else if (line.startsWith('> ')) blocks.push({ type: 'quote', text: line.slice(2).trim() });
    else if (listItem) {
      const ordered = listItem[1] === undefined;
      if (last?.type === 'list' && last.ordered === ordered) last.items.push(listItem[2]!);
      else blocks.push({ type: 'list', ordered, items: [listItem[2]!] });
    } else if (last?.type === 'paragraph' && last.text) last.text = `${last.text} ${line}`;
    else blocks.push({ type: 'paragraph', text: line });
  }
  return blocks.filter((block) => block.type !== 'paragraph' || block.text !== '');
}
