import { describe, expect, it } from 'vitest';
import type { TranscriptItem } from '../video-library/transcript.ts';
import { createPostRequestSchema, postBodyError, SOCIAL_POST_LIMITS } from './api.ts';
import {
  draftPosts,
  fitTo,
  hashtags,
  keySentences,
  postBlocks,
  speakerQuotes,
  transcriptSentences,
} from './drafting.ts';

const cue = (start: number, content: string, speaker?: string): TranscriptItem => ({
  start_time: start,
  end_time: start + 4,
  type: 'pronunciation',
  ...(speaker ? { speaker_name: speaker } : {}),
  alternatives: [{ content }],
});

const webinar: TranscriptItem[] = [
  cue(0, 'Welcome everyone.', 'Ada'),
  cue(4, 'Today we look at how a data pipeline turns raw events', 'Ada'),
  cue(8, 'into reports your sales team can trust. A pipeline starts', 'Ada'),
  cue(12, 'with clean data from every source.', 'Ada'),
  cue(20, 'Thanks Ada.', 'Grace'),
  cue(24, 'In my experience a reliable data pipeline pays for itself within a quarter.', 'Grace'),
  cue(30, 'We had lunch at noon and the weather was lovely outside today.', 'Grace'),
  cue(60, 'Testing every pipeline stage keeps the data honest for the sales team.', 'Ada'),
];

describe('transcript sentences', () => {
  it('joins cues into sentences, splits a cue holding two, and keeps speakers and start times', () => {
    const sentences = transcriptSentences(webinar);
    expect(sentences.map((sentence) => [sentence.speaker, sentence.start_time, sentence.text])).toEqual([
      ['Ada', 0, 'Welcome everyone.'],
      [
        'Ada',
        4,
        'Today we look at how a data pipeline turns raw events into reports your sales team can trust.',
      ],
      ['Ada', 8, 'A pipeline starts with clean data from every source.'],
      ['Grace', 20, 'Thanks Ada.'],
      ['Grace', 24, 'In my experience a reliable data pipeline pays for itself within a quarter.'],
      ['Grace', 30, 'We had lunch at noon and the weather was lovely outside today.'],
      ['Ada', 60, 'Testing every pipeline stage keeps the data honest for the sales team.'],
    ]);
  });

  it('cuts unpunctuated speech (a speech engine without punctuation) every 40 words at a cue', () => {
    const words = Array.from({ length: 25 }, (_, index) => `word${index}`).join(' ');
    const sentences = transcriptSentences([cue(0, words), cue(5, words), cue(10, 'tail end')]);
    expect(sentences).toHaveLength(2);
    expect(sentences[1]).toMatchObject({ start_time: 10, text: 'tail end' });
  });
});

describe('key sentences by term frequency', () => {
  it('picks the sentences made of the most repeated words, in spoken order, short ones never', () => {
    const key = keySentences(transcriptSentences(webinar), 2).map((sentence) => sentence.start_time);
    expect(key).toEqual([8, 60]);
    const four = keySentences(transcriptSentences(webinar), 4).map((sentence) => sentence.text);
    expect(four).not.toContain('We had lunch at noon and the weather was lovely outside today.');
    const all = keySentences(transcriptSentences(webinar), 10).map((sentence) => sentence.text);
    expect(all).not.toContain('Welcome everyone.');
    expect(all.at(-1)).toBe('Testing every pipeline stage keeps the data honest for the sales team.');
  });

  it('quotes each named speaker by their best sentence, and tags the most repeated words', () => {
    const sentences = transcriptSentences(webinar);
    expect(speakerQuotes(sentences, 5).map((quote) => [quote.speaker, quote.start_time])).toEqual([
      ['Ada', 8],
      ['Grace', 24],
    ]);
    expect(hashtags(sentences, 3)).toEqual(['#Data', '#Pipeline', '#Sales']);
  });
});

describe('drafts', () => {
  const source = {
    title: 'Pipelines that pay',
    items: webinar,
    chapters: [
      { title: 'Trusting the data', start_time: 40 },
      { title: 'Why pipelines', start_time: 0 },
    ],
  };

  it('drafts a post per network within its length limit, an email, a blog with chapter sections, takeaways', () => {
    const drafts = draftPosts(source, ['SOCIAL', 'EMAIL', 'BLOG', 'TAKEAWAYS']);
    expect(drafts.map((draft) => [draft.kind, draft.network])).toEqual([
      ['SOCIAL', 'LINKEDIN'],
      ['SOCIAL', 'X'],
      ['SOCIAL', 'FACEBOOK'],
      ['EMAIL', null],
      ['BLOG', null],
      ['TAKEAWAYS', null],
    ]);
    for (const draft of drafts.filter((post) => post.network))
      expect(draft.body.length).toBeLessThanOrEqual(SOCIAL_POST_LIMITS[draft.network!]);
    const x = drafts[1]!;
    expect(x.body).toBe(
      '“A pipeline starts with clean data from every source.” — Ada\n\nPipelines that pay #Data #Pipeline #Sales',
    );
    expect(drafts[3]).toMatchObject({ title: 'Recap: Pipelines that pay' });
    expect(drafts[3]!.body).toContain('What we covered:\n\n- Why pipelines\n- Trusting the data');
    const blog = drafts[4]!.body;
    expect(blog.indexOf('## Why pipelines')).toBeLessThan(blog.indexOf('## Trusting the data'));
    expect(blog).toContain('## Trusting the data\n\nTesting every pipeline stage');
    expect(drafts[5]!.body.split('\n')[0]).toMatch(/^1\. /);
  });

  it('drafts nothing from a transcript with no sentence worth keeping', () => {
    expect(draftPosts({ ...source, items: [cue(0, 'Hello.')] }, ['BLOG'])).toEqual([]);
  });

  it('keeps an X post to 280 characters however long the quote', () => {
    const long = Array.from({ length: 30 }, () => 'pipeline data matters').join(' ');
    const [x] = draftPosts({ ...source, items: [cue(0, `${long}.`, 'Ada'), cue(9, `${long}!`)] }, [
      'SOCIAL',
    ]).filter((draft) => draft.network === 'X');
    expect(x!.body.length).toBeLessThanOrEqual(280);
    expect(x!.body).toContain('…');
  });
});

describe('rules of a post', () => {
  it('cuts at a word with an ellipsis', () => {
    expect(fitTo('one two three', 9)).toBe('one two…');
    expect(fitTo('short', 9)).toBe('short');
  });

  it('refuses a social post over its network limit or without a network', () => {
    expect(postBodyError('SOCIAL', 'X', 'x'.repeat(281))).toBe(
      'A X (Twitter) post is at most 280 characters.',
    );
    expect(postBodyError('BLOG', null, 'x'.repeat(5000))).toBeUndefined();
    const missing = createPostRequestSchema.safeParse({
      kind: 'SOCIAL',
      title: '',
      body: 'hi',
      video_asset: 'v',
    });
    expect(missing.success).toBe(false);
    const emailWithNetwork = createPostRequestSchema.safeParse({
      kind: 'EMAIL',
      network: 'X',
      title: '',
      body: 'hi',
      video_asset: 'v',
    });
    expect(emailWithNetwork.success).toBe(false);
  });

  it('reads a body as headings, lists, quotes and paragraphs', () => {
    expect(postBlocks('Intro line\ncontinues\n\n## Part\n- a\n- b\n1. first\n> said')).toEqual([
      { type: 'paragraph', text: 'Intro line continues' },
      { type: 'heading', text: 'Part' },
      { type: 'list', ordered: false, items: ['a', 'b'] },
      { type: 'list', ordered: true, items: ['first'] },
      { type: 'quote', text: 'said' },
    ]);
  });
});
