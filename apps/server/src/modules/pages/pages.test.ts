import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultPage,
  PAGE_MAX_BYTES,
  STAGE_ROLL_VIDEO_ERRORS,
  type PageDocument,
  type StoredPage,
  type WorkflowStatusAnswer,
} from '@studio/domain';
import { createTestStudio, type TestStudio } from '../../../test/harness.ts';
import { sanitizePageHtml } from '../../platform/http/rich-text.ts';
import { newAdmin } from '../access/access.fixtures.ts';
import { caller, newEvent, type Api } from '../back-office/back-office.fixtures.ts';
import { libraryVideoRow } from '../video-library/video-library.fixtures.ts';
import { createPageContent } from './page-content.ts';
import { createPages } from './pages.ts';

let studio: TestStudio;
let api: Api;
let outsider: Api;
let organizationId: string;
let otherOrganizationId: string;

beforeAll(async () => {
  // Role all: this studio runs the duplication job itself.
  studio = await createTestStudio({ role: 'all' });
  const admin = await newAdmin(studio, 'Pages Org');
  api = caller(studio, admin.access);
  organizationId = admin.organization.id;
  const other = await newAdmin(studio, 'Other Pages Org');
  outsider = caller(studio, other.access);
  otherOrganizationId = other.organization.id;
});
afterAll(() => studio.close());

const event = (title: string, event_type = 'Conference') =>
  newEvent(api, { title, event_type, start: '2031-06-01T09:00:00Z', end: '2031-06-01T17:00:00Z' });
const pagePath = (id: string, kind = 'registration') => `/api/event/${id}/page/?kind=${kind}`;
const built: PageDocument = {
  content: [
    { type: 'Hero', props: { id: 'hero', title: 'Welcome', subtitle: 'Two days', imageUrl: '' } },
    {
      type: 'RichText',
      props: { id: 'text', html: '<p>See you <a href="https://example.com" target="_blank">there</a></p>' },
    },
    { type: 'CallToAction', props: { id: 'cta', kind: 'register', label: 'Join', url: '' } },
  ],
  root: { props: { title: 'Summit page', description: 'The summit', image: '' } },
};

describe('a page of an event', () => {
  it('answers the default page until one is saved, then the saved one; a webinar’s default has no agenda', async () => {
    const summit = await event('Summit');
    const first = await api.get<StoredPage>(pagePath(summit.id));
    expect(first).toMatchObject({
      status: 200,
      body: { kind: 'registration', is_default: true, updated_at: null },
    });
    expect(first.body.builder_raw_json).toEqual(defaultPage('event', 'registration', 'Conference'));
    const webinar = await event('Webinar', 'Webinar');
    const types = (await api.get<StoredPage>(pagePath(webinar.id))).body.builder_raw_json.content.map(
      (b) => b.type,
    );
    expect(types).not.toContain('Agenda');

    const saved = await api.put<StoredPage>(pagePath(summit.id), { builder_raw_json: built });
    expect(saved).toMatchObject({ status: 200, body: { is_default: false, builder_raw_json: built } });
    expect((await api.get<StoredPage>(pagePath(summit.id))).body).toMatchObject({
      is_default: false,
      builder_raw_json: built,
    });
    // Each kind is its own page.
    expect((await api.get<StoredPage>(pagePath(summit.id, 'landing'))).body.is_default).toBe(true);
  });

  it('refuses builder JSON that does not match the blocks, and stores nothing', async () => {
    const summit = await event('Strict');
    const unknown = await api.put<{ code: string; errors: Record<string, string[]> }>(pagePath(summit.id), {
      builder_raw_json: { content: [{ type: 'Marquee', props: { id: 'm' } }] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('VALIDATION_ERROR');
    const badProps = await api.put<{ errors: Record<string, string[]> }>(pagePath(summit.id), {
      builder_raw_json: { content: [{ type: 'Image', props: { id: 'i', url: 'javascript:alert(1)' } }] },
    });
    expect(badProps.status).toBe(400);
    expect(Object.keys(badProps.body.errors)).toEqual(['builder_raw_json.content.0.props.url']);
    expect((await api.put(pagePath(summit.id), { builder_raw_json: 'nope' })).status).toBe(400);
    expect(
      (await api.put(`/api/event/${summit.id}/page/?kind=splash`, { builder_raw_json: built })).status,
    ).toBe(400);
    expect((await api.get<StoredPage>(pagePath(summit.id))).body.is_default).toBe(true);
  });

  it('refuses an oversized page with 413', async () => {
    const summit = await event('Big');
    const html = 'x'.repeat(19_000);
    const content = Array.from({ length: Math.ceil(PAGE_MAX_BYTES / html.length) + 1 }, (_, i) => ({
      type: 'RichText',
      props: { id: `t${i}`, html },
    }));
    expect((await api.put(pagePath(summit.id), { builder_raw_json: { content } })).status).toBe(413);
  });

  it('takes the organisation’s library videos and refuses another organisation’s', async () => {
    const summit = await event('Replay');
    const ours = await libraryVideoRow(studio, organizationId, 'COMPLETE');
    const theirs = await libraryVideoRow(studio, otherOrganizationId, 'COMPLETE');
    const withVideo = (videoId: string) => ({
      builder_raw_json: { content: [{ type: 'Video', props: { id: 'v', videoId, title: 'Replay' } }] },
    });
    expect((await api.put(pagePath(summit.id, 'on_demand'), withVideo(ours))).status).toBe(200);
    const refused = await api.put(pagePath(summit.id, 'on_demand'), withVideo(theirs));
    expect(refused).toMatchObject({
      status: 400,
      body: {
        code: 'VIDEO_DOESNOT_BELONG_TO_ORGANIZATION',
        message: STAGE_ROLL_VIDEO_ERRORS.VIDEO_DOESNOT_BELONG_TO_ORGANIZATION,
      },
    });
    const stored = (await api.get<StoredPage>(pagePath(summit.id, 'on_demand'))).body.builder_raw_json;
    expect(stored.content[0]).toMatchObject({ props: { videoId: ours } });
  });

  it('answers 404 for another organisation’s event, series, template and hub page', async () => {
    const summit = await event('Private');
    const series = (await api.post<{ id: string }>('/api/event/series/', { name: 'Talks' })).body;
    const template = (
      await api.post<{ id: string }>('/api/event/studio-templates/', {
        title: 'Quarterly',
        settings: { event_type: 'Webinar' },
      })
    ).body;
    const hub = (
      await api.post<{ id: string }>('/api/event/hub-pages/', { name: 'Hub', events: [summit.id] })
    ).body;
    const paths = [
      `/api/event/${summit.id}/page/`,
      `/api/event/series/${series.id}/page/`,
      `/api/event/studio-templates/${template.id}/page/`,
      `/api/event/hub-pages/${hub.id}/page/`,
      '/api/event/not-a-uuid/page/',
    ];
    for (const path of paths) {
      expect((await outsider.get(path)).status).toBe(404);
      expect((await outsider.put(path, { builder_raw_json: built })).status).toBe(404);
    }
    // The owner's organisation reads and saves each of them; a hub page's default lists its events.
    for (const path of paths.slice(0, 4))
      expect((await api.put(path, { builder_raw_json: built })).status).toBe(200);
    const hubDefault = await api.get<StoredPage>(`/api/event/hub-pages/${hub.id}/page/?kind=landing`);
    expect(hubDefault.body.builder_raw_json.content.map((b) => b.type)).toContain('EventList');
  });

  it('is copied with the event when the event is duplicated', async () => {
    const source = await event('Copied page');
    await api.put(pagePath(source.id, 'landing'), { builder_raw_json: built });
    const copy = (await api.post<{ id: string }>(`/api/event/${source.id}/duplicate/`, {})).body;
    for (let i = 0; i < 400; i += 1) {
      const status = (await api.get<WorkflowStatusAnswer>(`/api/core/workflows/${copy.id}/`)).body;
      if (status.status === 'COMPLETED') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await api.get<StoredPage>(pagePath(copy.id, 'landing'))).body).toMatchObject({
      is_default: false,
      builder_raw_json: built,
    });
    expect((await api.get<StoredPage>(pagePath(copy.id, 'registration'))).body.is_default).toBe(true);
  });
});

const notUsed = () => Promise.reject(new Error('not used'));
/** The service the attendee site calls, built beside the studio on its database (events read as stored). */
const renderedPage = (eventId: string) =>
  createPages({
    db: studio.database.db,
    backOffice: {
      events: {
        publicEventById: async (id) => {
          const row = await studio.database.db
            .selectFrom('events')
            .selectAll()
            .where('id', '=', id)
            .executeTakeFirst();
          return (
            row && {
              ...row,
              organizationId: row.organization_id,
              workspaceId: row.workspace_id,
              registrationForm: row.registration_form_data,
            }
          );
        },
        programmeEventOf: notUsed,
        get: notUsed,
        publicSeries: notUsed,
      },
      series: { get: notUsed },
      templates: { get: notUsed },
      hubPages: { get: notUsed, publicHubPage: notUsed },
    },
    videos: { playbackOf: () => Promise.resolve(new Map()) },
    sanitize: sanitizePageHtml,
    content: createPageContent({
      publicSeries: notUsed,
      sessionsOf: () => Promise.resolve([]),
      speakersOf: () => Promise.resolve([]),
      boothsOf: () => Promise.resolve([]),
      hubPageEventsOf: notUsed,
      recordingCandidatesOf: notUsed,
      attendeeBaseUrl: () => Promise.resolve('https://events.example'),
    }),
  }).renderedPage('event', eventId, 'registration');

describe('the rendered page', () => {
  it('has the saved title and description and the blocks’ sanitised HTML', async () => {
    const summit = await event('Rendered');
    await api.put(pagePath(summit.id), { builder_raw_json: built });
    const page = await renderedPage(summit.id);
    expect(page).toMatchObject({ title: 'Summit page', description: 'The summit', image: null });
    expect(page?.html).toContain('<h1>Welcome</h1>');
    expect(page?.html).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">there</a>',
    );
    expect(page?.html).toContain(
      `href="https://events.example/e/${summit.id}/register" data-block-type="register_cta"`,
    );
    expect(await renderedPage('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });
});

describe('HTML shown on pages (001 §5)', () => {
  it('keeps iframes, images, video and source; strips javascript links; blank targets get noopener noreferrer', () => {
    const html = sanitizePageHtml(
      [
        '<iframe src="https://player.example/1" allowfullscreen></iframe>',
        '<img src="https://cdn.example/a.png" alt="A">',
        '<video controls><source src="https://cdn.example/a.mp4" type="video/mp4"></video>',
        '<a href="javascript:alert(1)">bad</a>',
        '<a href="https://example.com" target="_blank" rel="opener">out</a>',
        '<a href="/faq">faq</a>',
        '<script>alert(1)</script><p onclick="x()">hi</p>',
      ].join(''),
    );
    expect(html).toContain('<iframe src="https://player.example/1" allowfullscreen></iframe>');
    expect(html).toContain('<img src="https://cdn.example/a.png" alt="A" />');
    expect(html).toContain(
      '<video controls><source src="https://cdn.example/a.mp4" type="video/mp4" /></video>',
    );
    expect(html).toContain('<a>bad</a>');
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">out</a>');
    expect(html).toContain('<a href="/faq">faq</a>');
    expect(html).not.toContain('script');
    expect(html).toContain('<p>hi</p>');
  });
});
