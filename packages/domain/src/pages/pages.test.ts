import { describe, expect, it } from 'vitest';
import {
  blockShownOnPage,
  chapterTime,
  countdownParts,
  defaultPage,
  PAGE_BLOCK_TYPES,
  PAGE_KINDS,
  PAGE_OWNER_TYPES,
  pageDocumentSchema,
  renderPageBlock,
  renderPageHtml,
  videoIdsOf,
  type PageBlock,
  type PageContext,
} from './index.ts';

const evil = '<script>alert(1)</script>"\'&';
const escaped = '&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;';
const videoId = '2b9f4d55-8a9c-4a55-9e55-0d3a1c6b7e10';

const context: PageContext = {
  owner: {
    title: `Launch ${evil}`,
    description: null,
    start_time: '2026-03-10T15:00:00.000Z',
    end_time: '2026-03-10T16:30:00.000Z',
    timezone: 'America/New_York',
    location: `Hall ${evil}`,
  },
  agenda: [
    {
      title: `Keynote ${evil}`,
      start_time: '2026-03-10T15:00:00.000Z',
      end_time: '2026-03-10T15:30:00.000Z',
    },
  ],
  speakers: [{ name: `Ada ${evil}`, headline: 'CTO', photoUrl: 'https://cdn.example/ada.jpg' }],
  booths: [{ name: `Acme ${evil}`, description: 'Rockets', logoUrl: null }],
  events: [
    {
      title: `Day one ${evil}`,
      start_time: '2026-03-10T15:00:00.000Z',
      timezone: 'UTC',
      registerUrl: 'https://events.example/e/1/register',
    },
  ],
  registerUrl: 'https://events.example/e/1/register',
  videos: { [videoId]: { hlsUrl: 'https://media.example/v.m3u8', thumbnailUrl: null } },
};
const sanitize = (html: string) => `[sanitised:${html}]`;

const blocks: Record<PageBlock['type'], PageBlock> = {
  Hero: {
    type: 'Hero',
    props: { id: 'h', title: '', subtitle: evil, imageUrl: 'https://cdn.example/a.jpg' },
  },
  EventDetails: { type: 'EventDetails', props: { id: 'd', heading: evil, showLocation: true } },
  Agenda: { type: 'Agenda', props: { id: 'a', heading: 'Agenda' } },
  Speakers: { type: 'Speakers', props: { id: 's', heading: 'Speakers' } },
  Booths: { type: 'Booths', props: { id: 'b', heading: 'Sponsors' } },
  RegistrationForm: { type: 'RegistrationForm', props: { id: 'r', heading: 'Register' } },
  RichText: { type: 'RichText', props: { id: 't', html: '<p>Hi</p>' } },
  Image: { type: 'Image', props: { id: 'i', url: '/logo.png', alt: evil, linkUrl: 'https://example.com' } },
  Video: { type: 'Video', props: { id: 'v', videoId, title: 'Replay' } },
  CallToAction: { type: 'CallToAction', props: { id: 'c', kind: 'register', label: evil, url: '' } },
  Faq: { type: 'Faq', props: { id: 'f', heading: 'FAQ', items: [{ question: evil, answer: 'Yes' }] } },
  Countdown: { type: 'Countdown', props: { id: 'n', heading: 'Soon' } },
  EventList: { type: 'EventList', props: { id: 'e', heading: 'Events' } },
  Footer: { type: 'Footer', props: { id: 'o', text: evil, links: [{ label: 'Privacy', url: '/privacy' }] } },
};

describe('page blocks', () => {
  it.each(PAGE_BLOCK_TYPES)('%s renders its section, escaping every text', (type) => {
    const html = renderPageBlock(blocks[type], context, sanitize);
    expect(html).toMatch(
      new RegExp(`^<section class="page-block page-${type.toLowerCase()}" data-block-id="`),
    );
    expect(html).not.toContain('<script>');
  });

  it('shows the event, its agenda, speakers, booths and events with their texts escaped', () => {
    const html = renderPageHtml(
      { content: Object.values(blocks), root: { props: { title: '', description: '', image: '' } } },
      context,
      sanitize,
    );
    for (const text of ['Launch', 'Hall', 'Keynote', 'Ada', 'Acme', 'Day one'])
      expect(html).toContain(`${text} ${escaped}`);
    expect(html).toContain('<dt class="event-dates">Date</dt><dd class="event-dates">Mar 10, 2026</dd>');
    expect(html).toContain(
      '<dt class="event-dates">Time</dt><dd class="event-dates">11:00 AM – 12:30 PM</dd>',
    );
    // The zone as the studio's picker names it, with its offset on the event's day (summer time).
    expect(html).toContain('<dt>Timezone</dt><dd>(GMT-04:00) America/New_York</dd>');
  });

  it("lists the agenda's sessions by title, each with its times in the owner's zone under it", () => {
    const html = renderPageBlock(blocks.Agenda, context, sanitize);
    expect(html).toContain(
      `<li><strong>Keynote ${escaped}</strong><time datetime="2026-03-10T15:00:00.000Z">`,
    );
    // Intl's thin and narrow spaces around the dash and before AM.
    expect(html).toMatch(/<time [^>]*>Mar 10, 2026, 11:00\s–\s11:30\sAM GMT-4<\/time><\/li>/);
  });

  it('leaves off the page a list of what the owner has none of yet; its builder still shows it', () => {
    const page = {
      content: Object.values(blocks),
      root: { props: { title: '', description: '', image: '' } },
    };
    const bare = { ...context, agenda: [], speakers: [], booths: [], events: [] };
    const html = renderPageHtml(page, bare, sanitize);
    for (const type of ['agenda', 'speakers', 'booths', 'eventlist'])
      expect(html).not.toContain(`class="page-block page-${type}"`);
    for (const type of ['hero', 'registrationform', 'faq', 'footer'])
      expect(html).toContain(`class="page-block page-${type}"`);
    expect(renderPageBlock(blocks.Agenda, bare, sanitize)).toContain('<h2>Agenda</h2>');
  });

  it('dates an event over several days by its first and last day, with its times; a series by its days alone', () => {
    const details = (owner: Partial<PageContext['owner']>) =>
      renderPageBlock(blocks.EventDetails, { ...context, owner: { ...context.owner, ...owner } }, sanitize);
    const conference = details({
      start_time: '2027-01-30T09:00:00Z',
      end_time: '2027-01-31T17:00:00Z',
      timezone: 'UTC',
    });
    expect(conference).toContain(
      '<dt class="event-dates">Dates</dt><dd class="event-dates">Jan 30 – 31, 2027</dd>',
    );
    expect(conference).toContain(
      '<dt class="event-dates">Time</dt><dd class="event-dates">Jan 30, 9:00 AM – Jan 31, 5:00 PM</dd>',
    );
    // A series runs from its first event to its last: no one time between; each event says its own.
    const series = details({
      start_time: '2026-12-04T10:55:00Z',
      end_time: '2027-01-08T11:55:00Z',
      timezone: 'UTC',
      isSeries: true,
    });
    expect(series).toContain(
      '<dt class="event-dates">Dates</dt><dd class="event-dates">Dec 4, 2026 – Jan 8, 2027</dd>',
    );
    expect(series).not.toContain('>Time<');
    // The day is the zone's: 11 PM in New York is the next day in UTC.
    expect(details({ start_time: '2026-03-11T02:00:00Z', end_time: '2026-03-11T03:00:00Z' })).toContain(
      '<dd class="event-dates">Mar 10, 2026</dd>',
    );
  });

  it('shows the owner’s description in the event details through the sanitiser; none, nothing', () => {
    const described = { ...context, owner: { ...context.owner, description: '<p>About</p>' } };
    expect(renderPageBlock(blocks.EventDetails, described, sanitize)).toContain(
      '<div class="event-description">[sanitised:<p>About</p>]</div>',
    );
    expect(renderPageBlock(blocks.EventDetails, context, sanitize)).not.toContain('event-description');
    const empty = { ...context, owner: { ...context.owner, description: '<p></p>' } };
    expect(renderPageBlock(blocks.EventDetails, empty, (html) => html)).not.toContain('event-description');
  });

  it('passes rich text through the sanitiser it is given, and nothing else', () => {
    expect(renderPageBlock(blocks.RichText, context, sanitize)).toContain('[sanitised:<p>Hi</p>]');
    expect(renderPageBlock(blocks.Faq, context, sanitize)).not.toContain('[sanitised');
  });

  it('leaves islands for the form, the video player and the countdown', () => {
    expect(renderPageBlock(blocks.RegistrationForm, context, sanitize)).toContain(
      '<div data-island="register"></div>',
    );
    expect(renderPageBlock(blocks.Video, context, sanitize)).toContain(
      'data-island="video" data-hls-src="https://media.example/v.m3u8"',
    );
    // The player's name for a screen reader: the block's title and the page's owner.
    expect(renderPageBlock(blocks.Video, context, sanitize)).toContain(
      `data-title="Replay: Launch ${escaped}"`,
    );
    expect(renderPageBlock(blocks.Countdown, context, sanitize)).toContain(
      'data-island="countdown" data-starts-at="2026-03-10T15:00:00.000Z"',
    );
    // An owner without a start (a recording, a template) has nothing to count down to.
    expect(blockShownOnPage('Countdown', context)).toBe(true);
    const undated = { ...context, owner: { ...context.owner, start_time: null, end_time: null } };
    expect(blockShownOnPage('Countdown', undated)).toBe(false);
    const countdownOnly = {
      content: [blocks.Countdown],
      root: { props: { title: '', description: '', image: '' } },
    };
    expect(renderPageHtml(countdownOnly, undated, sanitize)).not.toContain('Soon');
  });

  it('marks Register and custom CTAs for the code areas’ click hooks', () => {
    expect(renderPageBlock(blocks.CallToAction, context, sanitize)).toContain(
      `<a class="page-cta button" href="https://events.example/e/1/register" data-block-type="register_cta" data-block-id="c">${escaped}</a>`,
    );
    const custom: PageBlock = {
      type: 'CallToAction',
      props: { id: 'x', kind: 'custom', label: 'Go', url: 'https://example.com' },
    };
    expect(renderPageBlock(custom, context, sanitize)).toContain(
      'href="https://example.com" data-block-type="custom_cta" data-block-id="x"',
    );
  });
});

describe('the page document', () => {
  it('refuses an unknown block, bad props and javascript addresses', () => {
    expect(pageDocumentSchema.safeParse({ content: [{ type: 'Marquee', props: { id: 'm' } }] }).success).toBe(
      false,
    );
    expect(
      pageDocumentSchema.safeParse({ content: [{ type: 'Hero', props: { id: 'h', title: 7 } }] }).success,
    ).toBe(false);
    const script = { type: 'Image', props: { id: 'i', url: 'javascript:alert(1)' } };
    expect(pageDocumentSchema.safeParse({ content: [script] }).success).toBe(false);
  });

  it('fills missing props with their defaults and names the videos', () => {
    const page = pageDocumentSchema.parse({ content: [{ type: 'Video', props: { id: 'v', videoId } }] });
    expect(page.content[0]).toEqual({ type: 'Video', props: { id: 'v', videoId, title: '' } });
    expect(page.root.props).toEqual({ title: '', description: '', image: '' });
    expect(videoIdsOf(page)).toEqual([videoId]);
  });

  it('has a valid default page for every owner type and kind; webinars have no agenda', () => {
    for (const owner of PAGE_OWNER_TYPES)
      for (const kind of PAGE_KINDS)
        expect(pageDocumentSchema.parse(defaultPage(owner, kind))).toEqual(defaultPage(owner, kind));
    const types = (eventType: string) =>
      defaultPage('event', 'registration', eventType).content.map((b) => b.type);
    // A series' pages tell what it is (its description, in the details) before listing its events.
    for (const kind of PAGE_KINDS.filter((kind) => kind !== 'on_demand'))
      expect(
        defaultPage('series', kind)
          .content.map((b) => b.type)
          .slice(0, 3),
      ).toEqual(['Hero', 'EventDetails', 'EventList']);
    expect(types('Conference')).toContain('Agenda');
    expect(types('Webinar')).not.toContain('Agenda');
    // A recording has no schedule: nothing dated, only what it is about.
    for (const kind of ['landing', 'registration'] as const)
      expect(defaultPage('event', kind, 'Recording').content.map((b) => [b.type, b.props])).toEqual(
        expect.not.arrayContaining([
          ['Countdown', expect.anything()],
          ['Agenda', expect.anything()],
          ['EventDetails', expect.objectContaining({ heading: 'When and where' })],
        ]),
      );
    expect(defaultPage('hub_page', 'registration').content.map((b) => b.type)).toContain('EventList');
  });
});

describe('videos, recordings and the hooks’ page', () => {
  const recording = {
    hlsUrl: 'https://media.example/rec.m3u8',
    thumbnailUrl: 'https://media.example/rec.jpg',
    chapters: [
      { title: `Q&A ${evil}`, start_time: 3700 },
      { title: 'Welcome', start_time: 0 },
    ],
  };
  const empty: PageBlock = { type: 'Video', props: { id: 'r', videoId: '', title: '' } };

  it('plays the owner’s recording in a Video block with no library video, chapters in order', () => {
    const html = renderPageBlock(empty, { ...context, recording }, sanitize);
    expect(html).toContain(
      'data-island="video" data-hls-src="https://media.example/rec.m3u8" data-poster="https://media.example/rec.jpg"',
    );
    expect(html).toContain(`data-title="Launch ${escaped}"`);
    expect(html).toContain(
      `<ol class="page-chapters"><li><button type="button" data-seek="0">0:00 Welcome</button></li><li><button type="button" data-seek="3700">1:01:40 Q&amp;A ${escaped}</button></li></ol>`,
    );
    expect(renderPageBlock(empty, context, sanitize)).toContain(
      '<div data-island="video"><p class="muted">The recording is not available yet.</p></div>',
    );
  });

  it('names the session of a recording on its player, so its on-demand watches carry it', () => {
    const ofSession = { ...recording, sessionId: 's-1' };
    expect(renderPageBlock(empty, { ...context, recording: ofSession }, sanitize)).toContain(
      'data-poster="https://media.example/rec.jpg" data-session="s-1" data-title=',
    );
    expect(renderPageBlock(empty, { ...context, recording }, sanitize)).not.toContain('data-session');
  });

  it('hands the video’s WebVTT captions to the player, and none when it has no transcript', () => {
    const captioned = { ...recording, captionsUrl: 'https://media.example/rec.vtt?a=1&b=2' };
    expect(renderPageBlock(empty, { ...context, recording: captioned }, sanitize)).toContain(
      'data-poster="https://media.example/rec.jpg" data-captions-src="https://media.example/rec.vtt?a=1&amp;b=2"',
    );
    expect(renderPageBlock(empty, { ...context, recording }, sanitize)).not.toContain('data-captions-src');
  });

  it('names the page, event and page type for the CTA hooks on the page’s wrapper', () => {
    const page = { content: [], root: { props: { title: '', description: '', image: '' } } };
    expect(renderPageHtml(page, context, sanitize, { pageType: 'Hub', eventId: null, eventName: evil })).toBe(
      `<div class="built-page" data-page-type="Hub" data-event-name="${escaped}"></div>`,
    );
    expect(renderPageHtml(page, context, sanitize)).toBe('<div class="built-page"></div>');
  });

  it('counts down in whole units and formats chapter times', () => {
    const start = new Date('2031-05-30T14:00:00Z');
    expect(countdownParts(start, new Date('2031-05-29T11:56:56Z'))).toEqual({
      days: 1,
      hours: 2,
      minutes: 3,
      seconds: 4,
    });
    expect(countdownParts(start, start)).toBeNull();
    expect([chapterTime(5), chapterTime(75), chapterTime(3600)]).toEqual(['0:05', '1:15', '1:00:00']);
  });
});
