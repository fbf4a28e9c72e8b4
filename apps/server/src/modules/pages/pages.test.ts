import { describe, expect, it } from 'vitest';
import {
  defaultPage,
  PAGE_MAX_BYTES,
  pageMessages,
  STAGE_ROLL_VIDEO_ERRORS,
  type Page,
  type PageDocument,
  type StoredPage,
  type StudioEvent,
  type StudioTemplate,
  type WorkflowStatusAnswer,
} from '@studio/domain';
import { fileAdminAndOutsider } from '../../../test/file-studio.ts';
import { sanitizePageHtml } from '../../platform/http/rich-text.ts';
import { newEvent } from '../back-office/back-office.fixtures.ts';
import { libraryVideoRow } from '../video-library/video-library.fixtures.ts';
import { createPageContent } from './page-content.ts';
import { createPages } from './pages.ts';

// Role all: this studio runs the duplication job itself.
const org = fileAdminAndOutsider('Pages Org', 'Other Pages Org', { role: 'all' });
const { studio, api, outsider } = org;

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

  it("answers, for the builder's preview, what its blocks show: the event's own details, sessions and booths", async () => {
    const gala = await event('Spring gala');
    expect(
      (
        await api.post('/api/event/broadcasts/', {
          event: gala.id,
          title: 'Opening toast',
          broadcast_type: 'LIVE',
          start_time: '2031-06-01T10:00:00Z',
          end_time: '2031-06-01T11:00:00Z',
        })
      ).status,
    ).toBe(201);
    await api.post('/api/event/booths/', { event: gala.id, name: 'Fizz & Co' });
    const { preview } = (await api.get<StoredPage>(pagePath(gala.id))).body;
    expect(preview).toMatchObject({
      owner: { title: 'Spring gala', start_time: '2031-06-01T09:00:00.000Z' },
      agenda: [{ title: 'Opening toast' }],
      booths: [{ name: 'Fizz & Co' }],
    });
    expect(preview?.registerUrl).toContain(`/e/${gala.id}/register`);
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
    const ours = await libraryVideoRow(studio, org.organizationId, 'COMPLETE');
    const theirs = await libraryVideoRow(studio, org.outsiderOrganizationId, 'COMPLETE');
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
    await completed(copy.id);
    expect((await api.get<StoredPage>(pagePath(copy.id, 'landing'))).body).toMatchObject({
      is_default: false,
      builder_raw_json: built,
    });
    expect((await api.get<StoredPage>(pagePath(copy.id, 'registration'))).body.is_default).toBe(true);
  });
});

/** Waits for an event's duplication to finish (this studio runs its jobs). */
async function completed(eventId: string): Promise<void> {
  for (let i = 0; i < 400; i += 1) {
    const status = (await api.get<WorkflowStatusAnswer>(`/api/core/workflows/${eventId}/`)).body;
    if (status.status === 'COMPLETED') return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the duplication did not complete');
}

const eventPath = (id: string) => `/api/event/${id}/`;
const templatePath = (id: string) => `/api/event/studio-templates/${id}/`;

describe('an event’s and a template’s builder_raw_json: their registration page', () => {
  it('PATCH of the event stores the registration page the page builder and the attendee site show', async () => {
    const summit = await event('Patched page');
    expect((await api.get<StudioEvent>(eventPath(summit.id))).body.builder_raw_json).toBeNull();
    const patched = await api.patch<StudioEvent>(eventPath(summit.id), { builder_raw_json: built });
    expect(patched).toMatchObject({ status: 200, body: { builder_raw_json: built } });
    expect((await api.get<StoredPage>(pagePath(summit.id))).body).toMatchObject({
      is_default: false,
      builder_raw_json: built,
    });
    const page = await studio.attendeeSite.inject({ method: 'GET', url: `/e/${summit.id}/register` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Register for Summit page</title>');
    expect(page.body).toContain('<h1 class="event-title">Welcome</h1>');
  });

  it('a page PUT is what the event, its list and the template answer', async () => {
    const summit = await event('Put page');
    await api.put(pagePath(summit.id), { builder_raw_json: built });
    expect((await api.get<StudioEvent>(eventPath(summit.id))).body.builder_raw_json).toEqual(built);
    const listed = await api.get<Page<StudioEvent>>(`/api/event/?title=Put%20page`);
    expect(listed.body.results.map((found) => found.builder_raw_json)).toEqual([built]);
    // Another kind is not the registration page.
    const other = await event('Landing only');
    await api.put(pagePath(other.id, 'landing'), { builder_raw_json: built });
    expect((await api.get<StudioEvent>(eventPath(other.id))).body.builder_raw_json).toBeNull();

    const template = (await api.post<StudioTemplate>('/api/event/studio-templates/', { title: 'Paged' }))
      .body;
    expect(template.settings.builder_raw_json).toBeNull();
    await api.put(`/api/event/studio-templates/${template.id}/page/?kind=registration`, {
      builder_raw_json: built,
    });
    expect((await api.get<StudioTemplate>(templatePath(template.id))).body.settings.builder_raw_json).toEqual(
      built,
    );
  });

  it('refuses JSON that does not match the blocks or another organisation’s video (400), storing nothing of the request', async () => {
    const summit = await event('Refused page');
    const badProps = await api.patch<{ code: string; errors: Record<string, string[]> }>(
      eventPath(summit.id),
      {
        title: 'Not renamed',
        builder_raw_json: { content: [{ type: 'Image', props: { id: 'i', url: 'javascript:alert(1)' } }] },
      },
    );
    expect(badProps).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    expect(Object.keys(badProps.body.errors)).toEqual(['builder_raw_json.content.0.props.url']);
    expect((await api.patch(eventPath(summit.id), { builder_raw_json: 'nope' })).status).toBe(400);
    const theirs = await libraryVideoRow(studio, org.outsiderOrganizationId, 'COMPLETE');
    const foreign = await api.patch<{ errors: Record<string, string[]> }>(eventPath(summit.id), {
      title: 'Not renamed',
      builder_raw_json: { content: [{ type: 'Video', props: { id: 'v', videoId: theirs, title: 'X' } }] },
    });
    expect(foreign).toMatchObject({
      status: 400,
      body: {
        code: 'VIDEO_DOESNOT_BELONG_TO_ORGANIZATION',
        errors: { builder_raw_json: [STAGE_ROLL_VIDEO_ERRORS.VIDEO_DOESNOT_BELONG_TO_ORGANIZATION] },
      },
    });
    // Over a page PUT's limit inside a request that may be larger: refused as the field's error.
    const html = 'x'.repeat(19_000);
    const content = Array.from({ length: Math.ceil(PAGE_MAX_BYTES / html.length) + 1 }, (_, i) => ({
      type: 'RichText',
      props: { id: `t${i}`, html },
    }));
    expect(
      await api.patch(eventPath(summit.id), { title: 'Not renamed', builder_raw_json: { content } }),
    ).toMatchObject({ status: 400, body: { errors: { builder_raw_json: [pageMessages.pageTooLarge] } } });
    const created = await api.post('/api/event/', {
      title: 'Never made',
      start_time: '2031-06-01T09:00:00Z',
      end_time: '2031-06-01T10:00:00Z',
      builder_raw_json: { content: [{ type: 'Marquee', props: { id: 'm' } }] },
    });
    expect(created.status).toBe(400);

    const after = (await api.get<StudioEvent>(eventPath(summit.id))).body;
    expect(after).toMatchObject({ title: 'Refused page', builder_raw_json: null });
    expect((await api.get<StoredPage>(pagePath(summit.id))).body.is_default).toBe(true);
    expect((await api.get<Page<StudioEvent>>('/api/event/?title=Never%20made')).body.count).toBe(0);
  });

  it('null clears the stored page: the default page again', async () => {
    const summit = await event('Cleared page');
    await api.put(pagePath(summit.id), { builder_raw_json: built });
    const cleared = await api.patch<StudioEvent>(eventPath(summit.id), { builder_raw_json: null });
    expect(cleared).toMatchObject({ status: 200, body: { builder_raw_json: null } });
    const page = (await api.get<StoredPage>(pagePath(summit.id))).body;
    expect(page).toMatchObject({ is_default: true, updated_at: null });
    expect(page.builder_raw_json).toEqual(defaultPage('event', 'registration', 'Conference'));
  });

  it('is given on create, copied once with duplication, and through templates (their own page) to their events', async () => {
    const source = await event('Source page');
    const created = await api.post<StudioEvent>('/api/event/', {
      title: 'Created with a page',
      start_time: '2031-06-01T09:00:00Z',
      end_time: '2031-06-01T10:00:00Z',
      builder_raw_json: built,
    });
    expect(created).toMatchObject({ status: 201, body: { builder_raw_json: built } });
    await api.patch(eventPath(source.id), { builder_raw_json: built });
    const copy = (await api.post<{ id: string }>(`/api/event/${source.id}/duplicate/`, {})).body;
    await completed(copy.id);
    expect((await api.get<StudioEvent>(eventPath(copy.id))).body.builder_raw_json).toEqual(built);

    // A template made from the event has the event's pages as its own (its page builder shows them).
    const template = (
      await api.post<StudioTemplate>('/api/event/studio-templates/create_from_event/', { event: source.id })
    ).body;
    expect(template.settings.builder_raw_json).toEqual(built);
    const templatePage = `/api/event/studio-templates/${template.id}/page/?kind=registration`;
    expect((await api.get<StoredPage>(templatePage)).body).toMatchObject({ is_default: false });
    // Its settings edit that page; its events and its copies get it.
    const edited = { ...built, root: { props: { ...built.root.props, title: 'Template page' } } };
    const patched = await api.patch<StudioTemplate>(templatePath(template.id), {
      settings: { builder_raw_json: edited },
    });
    expect(patched.body.settings.builder_raw_json).toEqual(edited);
    expect((await api.get<StoredPage>(templatePage)).body.builder_raw_json).toEqual(edited);
    const made = await api.post<StudioEvent>(`/api/event/studio-templates/${template.id}/create_event/`, {
      title: 'From the template',
      start_time: '2031-07-01T09:00:00Z',
    });
    expect(made).toMatchObject({ status: 201, body: { builder_raw_json: edited } });
    const duplicate = (
      await api.post<StudioTemplate>(`/api/event/studio-templates/${template.id}/duplicate/`, {})
    ).body;
    expect(duplicate.settings.builder_raw_json).toEqual(edited);
    // Given fields win over the template's; null clears the template's page.
    const given = await api.post<StudioEvent>('/api/event/', {
      title: 'Given page',
      template: template.id,
      start_time: '2031-08-01T09:00:00Z',
      builder_raw_json: built,
    });
    expect(given.body.builder_raw_json).toEqual(built);
    const clearedTemplate = await api.patch<StudioTemplate>(templatePath(template.id), {
      settings: { builder_raw_json: null },
    });
    expect(clearedTemplate.body.settings.builder_raw_json).toBeNull();
    expect((await api.get<StoredPage>(templatePage)).body.is_default).toBe(true);
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
              is_ready: true,
              registrationForm: row.registration_form_data,
              repeatingSeriesId: null,
              branding: { branding: row.branding, theme_obj: row.theme_obj },
            }
          );
        },
        programmeEventOf: notUsed,
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
    expect(page?.html).toContain('<h1 class="event-title">Welcome</h1>');
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
