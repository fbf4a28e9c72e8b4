import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  attendeePageMessages,
  EVENT_ROLES,
  eventOnDemandPath,
  eventRegisterPath,
  type PageDocument,
  registrationCodeMessages,
  seriesRegisterPath,
  type StoredPage,
  type StudioEvent,
} from '@studio/domain';
import { newEvent, occurrencesOf } from '../back-office/back-office.fixtures.ts';
import { peopleApi, speakerDetails } from '../event-roles/event-roles.fixtures.ts';
import { libraryVideoRow } from '../video-library/video-library.fixtures.ts';
import { fileStudioWithAdmin } from '../../../test/file-studio.ts';

// The built public pages through the whole studio: pages, back office, people, programme and library.
const attendeeOrigin = 'https://events.example.test';
const { studio, admin, api } = fileStudioWithAdmin('Public Pages Org', { eventsPublicUrl: attendeeOrigin });

const event = (title: string) =>
  newEvent(api, { title, start: '2031-06-01T09:00:00Z', end: '2031-06-01T17:00:00Z', timezone: 'UTC' });
const visit = (url: string) => studio.attendeeSite.inject({ method: 'GET', url });
const savePage = async (path: string, content: PageDocument['content'], root = {}) => {
  const saved = await api.put(path, { builder_raw_json: { content, root: { props: root } } });
  expect(saved.status).toBe(200);
};
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** A library video that plays (HLS ready) with a thumbnail and chapters. */
async function playableVideo(name: string, chapters: { title: string; start_time: number }[] = []) {
  const id = await libraryVideoRow(studio, admin.organization.id, 'COMPLETE', name, 120);
  await studio.database.db
    .updateTable('video_assets')
    .set({
      hls_key: `videos/${id}/hls/master.m3u8`,
      thumbnail_key: `videos/${id}/thumbnail.jpg`,
      metadata: JSON.stringify({ chapters }),
    })
    .where('id', '=', id)
    .execute();
  return id;
}

describe('blocks of a built page read the event’s people and programme', () => {
  it('shows the visible speakers by rank with title and company, and the booths', async () => {
    const summit = await event('Speakers summit');
    const people = peopleApi(api);
    const speaker = (name: string, fields: Record<string, unknown>) =>
      people.create({ event: summit.id, role: EVENT_ROLES.SPEAKER, user: speakerDetails(name, fields) });
    expect((await speaker('Grace', { title: 'Admiral', company: 'Navy' })).status).toBe(201);
    expect((await speaker('Alan', { company: 'Bletchley' })).status).toBe(201);
    const hidden = await speaker('Hidden', {});
    expect((await people.patch(hidden.body.id, { hidden: true })).status).toBe(200);
    await api.post('/api/event/booths/', { event: summit.id, name: 'Acme', description: 'Rockets' });
    await savePage(`/api/event/${summit.id}/page/?kind=landing`, [
      { type: 'Speakers', props: { id: 'speakers', heading: 'Speakers' } },
      { type: 'Booths', props: { id: 'booths', heading: 'Sponsors' } },
    ]);

    const page = await visit(`/e/${summit.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<strong>Grace Speaker</strong><span>Admiral, Navy</span>');
    expect(page.body).toContain('<strong>Alan Speaker</strong><span>Bletchley</span>');
    expect(page.body.indexOf('Grace Speaker')).toBeLessThan(page.body.indexOf('Alan Speaker'));
    expect(page.body).not.toContain('Hidden Speaker');
    expect(page.body).toContain('<strong>Acme</strong><p>Rockets</p>');
  });

  it('plays a library Video block from the studio’s media origin', async () => {
    const summit = await event('Video summit');
    const video = await playableVideo('Teaser');
    await savePage(`/api/event/${summit.id}/page/?kind=landing`, [
      { type: 'Video', props: { id: 'teaser', videoId: video, title: 'Teaser' } },
    ]);
    const page = await visit(`/e/${summit.id}`);
    expect(page.body).toMatch(
      new RegExp(`data-island="video" data-hls-src="[^"]*videos/${video}/hls/master.m3u8`),
    );
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toMatch(/media-src [^;]*http:\/\/localhost/);
    expect(policy).toMatch(/connect-src [^;]*http:\/\/localhost/);
  });
});

describe('the event description on its default pages', () => {
  it('shows the description on the landing and registration pages, sanitised as it renders', async () => {
    const summit = await event('Described summit');
    // Stored as written (not through the API's save-time cleaning): the page must still clean it.
    await studio.database.db
      .updateTable('events')
      .set({ description: '<p>Talks on <strong>rockets</strong></p><script>alert(1)</script>' })
      .where('id', '=', summit.id)
      .execute();
    for (const url of [`/e/${summit.id}`, eventRegisterPath(summit.id)]) {
      const page = await visit(url);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(
        '<div class="event-description"><p>Talks on <strong>rockets</strong></p></div>',
      );
      expect(page.body.slice(page.body.indexOf('<main>'))).not.toContain('alert(1)');
      // The head's description is its words, not its markup.
      expect(page.body).toContain('<meta name="description" content="Talks on rockets alert(1)">');
    }
  });

  it('shows no description block for an event without one', async () => {
    const summit = await event('Bare summit');
    for (const url of [`/e/${summit.id}`, eventRegisterPath(summit.id)])
      expect((await visit(url)).body).not.toContain('event-description');
  });
});

describe('captions on built pages', () => {
  it('gives a Video block’s player the video’s WebVTT captions, served as the other players’', async () => {
    const summit = await event('Captioned summit');
    const video = await playableVideo('Keynote');
    const plain = await playableVideo('Silent');
    const items = [
      { start_time: 0, end_time: 2.5, type: 'pronunciation', alternatives: [{ content: 'Welcome all.' }] },
    ];
    await studio.database.db
      .updateTable('video_assets')
      .set({ transcript: JSON.stringify({ url: null, items }) })
      .where('id', '=', video)
      .execute();
    await savePage(`/api/event/${summit.id}/page/?kind=landing`, [
      { type: 'Video', props: { id: 'keynote', videoId: video, title: 'Keynote' } },
      { type: 'Video', props: { id: 'silent', videoId: plain, title: 'Silent' } },
    ]);
    const page = await visit(`/e/${summit.id}`);
    const captions = new RegExp(`data-captions-src="([^"]*videos/${video}/captions/en\\.vtt[^"]*)"`).exec(
      page.body,
    );
    expect(captions).not.toBeNull();
    expect(page.body.match(/data-captions-src=/g)).toHaveLength(1);
    const served = await studio.app.inject({
      method: 'GET',
      url: new URL(captions![1]!.replaceAll('&amp;', '&')).pathname,
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('text/vtt');
    expect(served.body).toContain('Welcome all.');
  });
});

describe('hub pages on the attendee origin (/h/{id})', () => {
  it("dates a series' page by its events' first and last days in the first's zone, no one time between, in the series' place, as the builder's preview does", async () => {
    const first = await newEvent(api, {
      title: 'Series talk one',
      start: '2031-06-01T09:00:00Z',
      end: '2031-06-01T17:00:00Z',
      timezone: 'Europe/Lisbon',
    });
    const last = await newEvent(api, {
      title: 'Series talk two',
      start: '2031-06-15T09:00:00Z',
      end: '2031-06-15T10:00:00Z',
      timezone: 'UTC',
    });
    const series = await api.post<{ id: string }>('/api/event/series/', {
      name: 'Talks in June',
      location: 'Lisbon',
      events: [first.id, last.id],
    });
    expect(series.status).toBe(201);
    await savePage(`/api/event/series/${series.body.id}/page/?kind=registration`, [
      { type: 'EventDetails', props: { id: 'details', heading: 'When and where', showLocation: true } },
    ]);
    const page = await visit(seriesRegisterPath(series.body.id));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      '<dt class="event-dates">Dates</dt><dd class="event-dates">Jun 1 – 15, 2031</dd>',
    );
    expect(page.body).not.toContain('>Time</dt>');
    expect(page.body).toContain('<dt>Timezone</dt>');
    expect(page.body).toContain('<dt>Location</dt><dd>Lisbon</dd>');
    const stored = await api.get<StoredPage>(`/api/event/series/${series.body.id}/page/?kind=registration`);
    expect(stored.body.preview?.owner).toMatchObject({
      start_time: '2031-06-01T09:00:00.000Z',
      end_time: '2031-06-15T10:00:00.000Z',
      timezone: 'Europe/Lisbon',
      location: 'Lisbon',
      isSeries: true,
    });
  });

  it('lists the hub page’s events, each linking to its registration page', async () => {
    const first = await event('Spring launch');
    const second = await event('Autumn launch');
    const hub = (
      await api.post<{ id: string }>('/api/event/hub-pages/', {
        name: 'Launches',
        events: [first.id, second.id],
      })
    ).body;
    await savePage(
      `/api/event/hub-pages/${hub.id}/page/?kind=landing`,
      [
        { type: 'Hero', props: { id: 'hero', title: '', subtitle: '', imageUrl: '' } },
        { type: 'EventList', props: { id: 'events', heading: 'Our events' } },
      ],
      { title: '', description: 'Every launch', image: 'https://cdn.example/hub.png' },
    );

    const page = await visit(`/h/${hub.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Launches</title>');
    expect(page.body).toContain('<meta property="og:description" content="Every launch">');
    expect(page.body).toContain('<meta property="og:image" content="https://cdn.example/hub.png">');
    expect(page.body).toContain('data-page-type="Hub"');
    for (const listed of [first, second])
      expect(page.body).toContain(`<a href="${attendeeOrigin}/e/${listed.id}/register">${listed.title}</a>`);
    expect(page.body.indexOf('Spring launch')).toBeLessThan(page.body.indexOf('Autumn launch'));
  });

  it('answers the not-found page for an unknown or malformed id', async () => {
    for (const id of [UNKNOWN, 'not-a-uuid']) {
      const page = await visit(`/h/${id}`);
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain(`<p>${attendeePageMessages.notFound('page')}</p>`);
    }
  });
});

describe('the on-demand page and its embed', () => {
  let summit: StudioEvent;
  let recording: string;
  beforeAll(async () => {
    summit = await event('Recorded summit');
    recording = await playableVideo('Recording', [
      { title: 'Q&A', start_time: 3700 },
      { title: 'Welcome', start_time: 0 },
    ]);
    const set = await api.patch(`/api/event/${summit.id}/`, { stage_roll_video_asset: recording });
    expect(set.status).toBe(200);
  });

  it('shows the event’s recording with its chapters on the default on-demand page', async () => {
    const page = await visit(`/e/${summit.id}/on-demand`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Recorded summit</title>');
    expect(page.body).toMatch(
      new RegExp(
        `data-island="video" data-hls-src="[^"]*videos/${recording}/hls/master.m3u8[^"]*" data-poster=`,
      ),
    );
    expect(page.body).toMatch(/<meta property="og:image" content="[^"]*thumbnail.jpg/);
    expect(page.body).toContain(
      '<ol class="page-chapters"><li><button type="button" data-seek="0">0:00 Welcome</button></li>' +
        '<li><button type="button" data-seek="3700">1:01:40 Q&amp;A</button></li></ol>',
    );
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it('embeds just the player, framable by any site; other pages stay unframable', async () => {
    const embed = await visit(`/embed/${summit.id}`);
    expect(embed.statusCode).toBe(200);
    expect(embed.body).toContain('<body class="embed"><main><div data-island="video"');
    expect(embed.body).not.toContain('data-seek');
    expect(embed.headers['x-frame-options']).toBeUndefined();
    expect(embed.headers['content-security-policy']).toMatch(/frame-ancestors \*/);
    const landing = await visit(`/e/${summit.id}`);
    expect(landing.headers['x-frame-options']).toBe('DENY');
    expect(landing.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
  });

  it('plays what aired: the recording of a live session before a pre-recorded session yet to start', async () => {
    const recorded = await event('Live, then on demand');
    const live = await playableVideo('Live keynote recording');
    const later = await api.post('/api/event/broadcasts/', {
      event: recorded.id,
      title: 'Product tour',
      broadcast_type: 'SIMULIVE',
      video_assets: [await playableVideo('Product tour')],
      start_time: '2031-06-01T15:00:00Z',
      end_time: '2031-06-01T16:00:00Z',
    });
    expect(later.status).toBe(201);
    await studio.database.db
      .updateTable('video_assets')
      .set({ source: 'EVENT_RECORDING', event_id: recorded.id })
      .where('id', '=', live)
      .execute();
    for (const path of [`/e/${recorded.id}/on-demand`, `/embed/${recorded.id}`]) {
      const page = await visit(path);
      expect(page.body).toMatch(new RegExp(`data-island="video" data-hls-src="[^"]*videos/${live}/hls/`));
      expect(page.body).not.toContain('The recording is not available yet.');
    }
  });

  it('answers the on-demand builder’s preview with the recording and the session it plays in', async () => {
    const replayed = await newEvent(api, {
      title: 'Pre-recorded, then on demand',
      start: '2020-06-01T09:00:00Z',
      end: '2020-06-01T17:00:00Z',
      timezone: 'UTC',
    });
    const video = await playableVideo('Pre-recorded keynote');
    const session = await api.post<{ id: string }>('/api/event/broadcasts/', {
      event: replayed.id,
      title: 'Keynote',
      broadcast_type: 'SIMULIVE',
      video_assets: [video],
      start_time: '2020-06-01T09:00:00Z',
      end_time: '2020-06-01T10:00:00Z',
    });
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    const builder = await api.get<StoredPage>(`/api/event/${replayed.id}/page/?kind=on_demand`);
    expect(builder.status, JSON.stringify(builder.body)).toBe(200);
    expect(builder.body.preview?.recording?.hlsUrl).toContain(`videos/${video}/hls/`);
    expect(builder.body.preview?.recording?.sessionId).toBe(session.body.id);
  });

  it('leads an ended event’s Register button to its replay once it has one to play', async () => {
    const past = await newEvent(api, {
      title: 'Last year’s summit',
      start: '2020-06-01T09:00:00Z',
      end: '2020-06-01T17:00:00Z',
      timezone: 'UTC',
    });
    const cta = (page: { body: string }) =>
      /<a class="page-cta button" href="([^"]*)"[^>]*>([^<]*)<\/a>/.exec(page.body);
    const before = cta(await visit(`/e/${past.id}`));
    expect(before?.slice(1)).toEqual([`${attendeeOrigin}${eventRegisterPath(past.id)}`, 'Register']);

    const set = await api.patch(`/api/event/${past.id}/`, { stage_roll_video_asset: recording });
    expect(set.status).toBe(200);
    const after = cta(await visit(`/e/${past.id}`));
    expect(after?.slice(1)).toEqual([`${attendeeOrigin}${eventOnDemandPath(past.id)}`, 'Watch on demand']);
    // An event yet to happen keeps its Register button, recording or not.
    expect(cta(await visit(`/e/${summit.id}`))?.[2]).toBe('Register');
  });

  it('shows a recording’s default pages with no dates, zone, countdown or calendar, and takes registrations', async () => {
    // As the studio creates one: no schedule, its creation time stored as its start and end.
    const created = await api.post<StudioEvent>('/api/event/', {
      title: 'Product Tour',
      event_type: 'Recording',
      description: '<p>The release, step by step.</p>',
    });
    expect(created.status).toBe(201);
    const { id } = created.body;
    const landing = await visit(`/e/${id}`);
    const register = await visit(eventRegisterPath(id));
    for (const page of [landing, register]) {
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('The release, step by step.');
      // The dates' rows and paragraph (the style names the class too), the zone's row.
      for (const dated of [
        'class="event-dates"',
        'class="muted event-dates"',
        '<dt>Timezone</dt>',
        'When and where',
        'data-island="countdown"',
        'Starts in',
      ])
        expect(page.body).not.toContain(dated);
    }
    expect(register.body).toContain('<form data-registration-form');
    expect(register.body).not.toContain(registrationCodeMessages.REGISTRATION_CLOSED);
    expect((await visit(`/e/${id}/calendar.ics`)).statusCode).toBe(404);
  });

  it('shows a repeating event’s saved on-demand page on its occurrences, in each one’s title and recording', async () => {
    const created = await api.post<{ id: string }>('/api/event/series/', {
      name: 'Weekly replay',
      recurrence: {
        frequency: 'daily',
        start_date: '2031-07-01',
        end_date: '2031-07-02',
        start_time: '09:00',
        duration_minutes: 60,
        timezone: 'UTC',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const seriesId = created.body.id;
    const [first, second] = await occurrencesOf(api, seriesId);
    if (!first || !second) throw new Error('The rule made no occurrences');
    const renamed = await api.patch(`/api/event/${first.id}/`, {
      title: 'Replay, first week',
      stage_roll_video_asset: recording,
    });
    expect(renamed.status).toBe(200);
    const words = (html: string): PageDocument['content'] => [
      { type: 'RichText', props: { id: 'words', html } },
    ];
    await savePage(
      `/api/event/${second.id}/page/?kind=on_demand`,
      words('<p>The second week’s own page</p>'),
    );
    // A plain series' on-demand page is nobody's: its events keep their own.
    const plain = await event('In a plain series');
    const plainSeries = await api.post<{ id: string }>('/api/event/series/', {
      name: 'Plain series',
      events: [plain.id],
    });
    expect(plainSeries.status).toBe(201);
    await savePage(
      `/api/event/series/${plainSeries.body.id}/page/?kind=on_demand`,
      words('<p>Not for plain series</p>'),
    );
    const studioPage = (id: string) =>
      api.get<{ repeating_event?: string }>(`/api/event/${id}/page/?kind=on_demand`);

    // Before the repeating event's page is saved, each occurrence shows its own (or the default).
    expect((await visit(`/e/${first.id}/on-demand`)).body).toContain('<title>Replay, first week</title>');
    expect((await visit(`/e/${second.id}/on-demand`)).body).toContain('The second week’s own page');
    expect((await studioPage(first.id)).body.repeating_event).toBeUndefined();

    await savePage(`/api/event/series/${seriesId}/page/?kind=on_demand`, [
      { type: 'Hero', props: { id: 'hero', title: '', subtitle: 'Every week, on demand', imageUrl: '' } },
      { type: 'Video', props: { id: 'replay', videoId: '', title: 'Replay' } },
    ]);
    const page = await visit(`/e/${first.id}/on-demand`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Replay, first week</title>');
    expect(page.body).toContain('Every week, on demand');
    expect(page.body).toMatch(/<h1[^>]*>Replay, first week<\/h1>/);
    expect(page.body).toMatch(new RegExp(`data-island="video" data-hls-src="[^"]*videos/${recording}/hls/`));
    // The player is named for a screen reader: the block's title and the occurrence's, the embed's by the occurrence.
    expect(page.body).toContain('data-title="Replay: Replay, first week"');
    const embed = await visit(`/embed/${first.id}`);
    expect(embed.body).toContain('<title>Replay, first week</title>');
    expect(embed.body).toMatch(new RegExp(`data-island="video" data-hls-src="[^"]*videos/${recording}/hls/`));
    expect(embed.body).toContain('data-title="Replay, first week"');
    // The second occurrence: the same page, its own title, no recording yet; its own page no longer shown.
    const other = await visit(`/e/${second.id}/on-demand`);
    expect(other.body).toContain('Every week, on demand');
    expect(other.body).toContain(`<title>${second.title}</title>`);
    expect(other.body).toContain('The recording is not available yet.');
    expect(other.body).not.toContain('The second week’s own page');
    // The studio's builder of the occurrence still edits its own page and says which one attendees see.
    const own = await studioPage(second.id);
    expect(own.body.repeating_event).toBe(seriesId);
    expect(JSON.stringify(own.body)).toContain('The second week’s own page');

    expect((await visit(`/e/${plain.id}/on-demand`)).body).not.toContain('Not for plain series');
  });

  it('says the recording is not available for an event without one; unknown events are 404', async () => {
    const bare = await event('Unrecorded');
    for (const path of [`/e/${bare.id}/on-demand`, `/embed/${bare.id}`]) {
      const page = await visit(path);
      expect(page.body).toContain(
        '<div data-island="video"><p class="muted">The recording is not available yet.</p></div>',
      );
    }
    for (const path of [`/e/${UNKNOWN}/on-demand`, `/embed/${UNKNOWN}`, '/embed/nope'])
      expect((await visit(path)).statusCode).toBe(404);
  });
});

// Last: the organisation's brand kit would dress the events the tests above create.
describe("hub and series pages in their organisation's brand kit", () => {
  it('wear the kit’s colours and logo, its style allowed by the CSP; no kit, no branding', async () => {
    const hub = (await api.post<{ id: string }>('/api/event/hub-pages/', { name: 'Kit hub', events: [] }))
      .body;
    const series = (await api.post<{ id: string }>('/api/event/series/', { name: 'Kit series' })).body;
    const pages = [`/h/${hub.id}`, `/s/${series.id}/register`];
    for (const path of pages) {
      const plain = await visit(path);
      expect(plain.statusCode, path).toBe(200);
      expect(plain.body, path).not.toContain('class="event-logo"');
    }

    const logo = 'https://files.example.test/kit-logo.png';
    const kit = await api.put(`/api/core/organization/${admin.organization.id}/brand_kit/`, {
      logo_url: logo,
      theme_secondary_color: '#FF0000',
    });
    expect(kit.status).toBe(200);
    for (const path of pages) {
      const page = await visit(path);
      expect(page.statusCode, path).toBe(200);
      const style = /<style id="event-branding">(.*?)<\/style>/.exec(page.body)?.[1] ?? '';
      expect(style, path).toContain('--brand-button-background: #FF0000;');
      expect(page.body, path).toContain(`<main><img class="event-logo" alt="" src="${logo}">`);
      const hash = `'sha256-${createHash('sha256').update(style).digest('base64')}'`;
      expect(page.headers['content-security-policy'], path).toContain(hash);
    }
  });
});
