import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ATTENDEE_DATA_ID,
  brandingPreviewPath,
  brandingTemplatePreviewPath,
  type PageDocument,
  type BrandingPreviewAccess,
  type BrandingPreviewPageData,
  type StudioTemplate,
} from '@studio/domain';
import { fileStudio, madeBeforeAll } from '../../../../test/file-studio.ts';
import { bearer } from '../../../../test/harness.ts';
import { newAdmin, newMember } from '../../access/access.fixtures.ts';
import { caller, newEvent, type Api } from '../../back-office/back-office.fixtures.ts';
import { agendaApi } from '../../programme/agenda/agenda.fixtures.ts';
import { createPreviewAccess } from './preview-access.ts';

const studioOrigin = 'https://studio.example.test';
const attendeeOrigin = 'https://events.example.test';
const studio = fileStudio({ publicUrl: `${studioOrigin}/`, eventsPublicUrl: attendeeOrigin });
const admin = madeBeforeAll(() => newAdmin(studio, 'Preview Org'));
const api = madeBeforeAll(() => caller(studio, admin.access));
const times = { start: '2031-05-01T13:00:00Z', end: '2031-05-01T21:00:00Z', timezone: 'UTC' };
const event = madeBeforeAll(() => newEvent(api, { title: 'Branded summit', ...times }));
const otherOrgEvent = madeBeforeAll(async () => {
  const other = caller(studio, (await newAdmin(studio, 'Other Org')).access);
  return newEvent(other, { title: 'Not yours', ...times });
});

const mint = (who: Api, eventId: string) =>
  who.post<BrandingPreviewAccess>(`/api/event/${eventId}/branding_preview/`);

const open = (eventId: string, page: string, token: string) =>
  studio.attendeeSite.inject({
    method: 'GET',
    url: `${brandingPreviewPath(eventId, 'splash').replace(/splash$/, page)}?token=${encodeURIComponent(token)}`,
  });

const pageData = (html: string): BrandingPreviewPageData => {
  const json = new RegExp(`<script type="application/json" id="${ATTENDEE_DATA_ID}">(.*?)</script>`).exec(
    html,
  )?.[1];
  return JSON.parse(json ?? 'null') as BrandingPreviewPageData;
};

describe('the live preview on the attendee origin (002 §2.1)', () => {
  it('is opened by a token the studio gives those who may change branding, for that event only', async () => {
    const access = await mint(api, event.id);
    expect(access.status).toBe(200);
    expect(access.body.origin).toBe(attendeeOrigin);
    const brandEditor = caller(
      studio,
      (await newMember(studio, admin.organization.id, 'BRAND_EDITOR')).access,
    );
    expect((await mint(brandEditor, event.id)).status).toBe(200);

    const landing = await open(event.id, 'splash', access.body.token);
    expect(landing.statusCode).toBe(200);
    expect(landing.body).toContain('Branded summit');
    expect(pageData(landing.body)).toMatchObject({ eventId: event.id, page: 'splash', studioOrigin });

    expect((await open(event.id, 'splash', '')).statusCode).toBe(401);
    expect((await open(event.id, 'splash', `${access.body.token}x`)).statusCode).toBe(401);
    // A token opens its own event's preview, not another event's.
    expect((await open(otherOrgEvent.id, 'splash', access.body.token)).statusCode).toBe(401);
    expect((await open(event.id, 'backstage', access.body.token)).statusCode).toBe(404);
  });

  it("answers 404 for another organisation's event, and refuses callers without branding rights", async () => {
    expect((await mint(api, otherOrgEvent.id)).status).toBe(404);
    expect((await mint(api, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const eventEditor = caller(
      studio,
      (await newMember(studio, admin.organization.id, 'EVENT_EDITOR')).access,
    );
    expect((await mint(eventEditor, event.id)).status).toBe(403);
  });

  it('may be framed by the studio origin only', async () => {
    const { token } = (await mint(api, event.id)).body;
    const preview = await open(event.id, 'stage', token);
    const policy = String(preview.headers['content-security-policy']);
    expect(policy).toMatch(new RegExp(`frame-ancestors ${studioOrigin}(;|$)`));
    expect(preview.headers['x-frame-options']).toBeUndefined();
    expect(policy).toContain(`font-src 'self' data: ${studioOrigin} https:`);
    // Every other attendee page still refuses framing.
    const landing = await studio.attendeeSite.inject({ method: 'GET', url: `/e/${event.id}` });
    expect(String(landing.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(landing.headers['x-frame-options']).toBe('DENY');
  });

  it("renders the event app's pages with the event's programme in the page, saving nothing", async () => {
    const { token } = (await mint(api, event.id)).body;
    for (const page of ['stage', 'event_tabs', 'onboarding', 'tech_check']) {
      const preview = await open(event.id, page, token);
      expect(preview.statusCode).toBe(200);
      const data = pageData(preview.body);
      expect(data).toMatchObject({ eventId: event.id, page, studioOrigin });
      expect(data.programme?.event).toMatchObject({ id: event.id, title: 'Branded summit' });
      expect(data.programme?.agenda).toEqual([]);
    }
  });

  it('may be framed by the studio at the address it was opened at, not only PUBLIC_URL (issue 32)', async () => {
    const mintAt = (origin: string, host: string) =>
      studio.app.inject({
        method: 'POST',
        url: `/api/event/${event.id}/branding_preview/`,
        headers: { ...bearer(admin.access), origin, host },
        payload: {},
      });
    const framerOf = async (token: string) => {
      const preview = await open(event.id, 'stage', token);
      const policy = String(preview.headers['content-security-policy']);
      return { ancestors: /frame-ancestors ([^;]*)/.exec(policy)?.[1], data: pageData(preview.body) };
    };
    const local = await mintAt('http://192.168.1.20:8080', '192.168.1.20:8080');
    expect(await framerOf(local.json<BrandingPreviewAccess>().token)).toMatchObject({
      ancestors: 'http://192.168.1.20:8080',
      data: { studioOrigin: 'http://192.168.1.20:8080' },
    });
    // An Origin that is not where the request came to (or no Origin) leaves PUBLIC_URL's.
    const foreign = await mintAt('https://evil.example.net', '192.168.1.20:8080');
    expect(await framerOf(foreign.json<BrandingPreviewAccess>().token)).toMatchObject({
      ancestors: studioOrigin,
      data: { studioOrigin },
    });
    const { token } = (await mint(api, event.id)).body;
    const [id, expires, , mac] = token.split('.');
    const forged = `${id}.${expires}.${Buffer.from('https://evil.example.net').toString('base64url')}.${mac}`;
    expect((await open(event.id, 'stage', forged)).statusCode).toBe(401);
  });

  it('refuses an expired token', () => {
    let now = Date.parse('2031-05-01T10:00:00Z');
    const access = createPreviewAccess('k'.repeat(32), () => now);
    const { token, expiresAt } = access.tokenFor('event-1', 'event', { studioOrigin });
    expect(access.opens('event-1', token, 'event')).toEqual({ studioOrigin });
    expect(access.opens('event-2', token, 'event')).toBeUndefined();
    expect(access.opens('event-1', token, 'template')).toBeUndefined();
    now = expiresAt.getTime();
    expect(access.opens('event-1', token, 'event')).toBeUndefined();
  });
});

describe("a template's live preview (issue 18 §5)", () => {
  const templatesPath = '/api/event/studio-templates/';
  const mintForTemplate = (who: Api, templateId: string) =>
    who.post<BrandingPreviewAccess>(`${templatesPath}${templateId}/branding_preview/`);
  const openTemplate = (templateId: string, page: string, token: string) =>
    studio.attendeeSite.inject({
      method: 'GET',
      url: `${brandingTemplatePreviewPath(templateId, 'splash').replace(/splash$/, page)}?token=${encodeURIComponent(token)}`,
    });
  const newTemplate = async (who: Api, title: string) => {
    const created = await who.post<StudioTemplate>(templatesPath, { title });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body;
  };
  const landing: PageDocument = {
    content: [{ type: 'Hero', props: { id: 'hero', title: 'Template hero', subtitle: '', imageUrl: '' } }],
    root: { props: { title: 'Template landing', description: '', image: '' } },
  };

  it('opens with a token for the template, showing its title and the default landing (no dates), framed by the studio only', async () => {
    const template = await newTemplate(api, 'Quarterly webinar kit');
    const access = await mintForTemplate(api, template.id);
    expect(access.status).toBe(200);
    expect(access.body.origin).toBe(attendeeOrigin);

    const splash = await openTemplate(template.id, 'splash', access.body.token);
    expect(splash.statusCode).toBe(200);
    expect(splash.body).toContain('Quarterly webinar kit');
    expect(splash.body).not.toContain('2031');
    expect(pageData(splash.body)).toMatchObject({ eventId: template.id, page: 'splash', studioOrigin });
    const policy = String(splash.headers['content-security-policy']);
    expect(policy).toMatch(new RegExp(`frame-ancestors ${studioOrigin}(;|$)`));
    expect(splash.headers['x-frame-options']).toBeUndefined();

    // No programme: the event app's pages, empty, under the template's title.
    const stage = pageData((await openTemplate(template.id, 'stage', access.body.token)).body);
    expect(stage.programme.event).toMatchObject({ id: template.id, title: 'Quarterly webinar kit' });
    expect(stage.programme).toMatchObject({ agenda: [], speakers: [], booths: [], rooms: [], stage: null });

    // An event's token never opens a template's preview, nor the other way round.
    const eventToken = (await mint(api, event.id)).body.token;
    expect((await openTemplate(event.id, 'splash', eventToken)).statusCode).toBe(401);
    expect((await open(template.id, 'splash', access.body.token)).statusCode).toBe(401);
    expect((await openTemplate(template.id, 'splash', '')).statusCode).toBe(401);
  });

  it("shows the template's own landing page and the programme it holds", async () => {
    const source = await newEvent(api, {
      title: 'Source summit',
      start: '2031-05-01T13:00:00Z',
      end: '2031-05-01T21:00:00Z',
      timezone: 'UTC',
    });
    await agendaApi(api).createSession({
      event: source.id,
      title: 'Opening keynote',
      broadcast_type: 'LIVE',
      start_time: '2031-05-01T13:30:00Z',
      end_time: '2031-05-01T14:00:00Z',
    });
    await api.post('/api/event/rooms/', { event: source.id, name: 'Lounge' });
    const made = await api.post<StudioTemplate>(`${templatesPath}create_from_event/`, { event: source.id });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const template = made.body;
    const saved = await api.put(`${templatesPath}${template.id}/page/?kind=landing`, {
      builder_raw_json: landing,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { token } = (await mintForTemplate(api, template.id)).body;

    const splash = await openTemplate(template.id, 'splash', token);
    expect(splash.statusCode).toBe(200);
    expect(splash.body).toContain('<title>Template landing');
    expect(splash.body).toContain('Template hero');

    const tabs = pageData((await openTemplate(template.id, 'event_tabs', token)).body);
    expect(tabs.programme.event).toMatchObject({ id: template.id, title: template.title });
    expect(tabs.programme.agenda.map((session) => session.title)).toEqual(['Opening keynote']);
    expect(tabs.programme.rooms.map((room) => room.name)).toEqual(['Lounge']);
  });

  it("answers 404 for another organisation's template, and refuses callers without branding rights", async () => {
    const other = caller(studio, (await newAdmin(studio, 'Template Other Org')).access);
    const theirs = await newTemplate(other, 'Not yours either');
    expect((await mintForTemplate(api, theirs.id)).status).toBe(404);
    expect((await mintForTemplate(api, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const ours = await newTemplate(api, 'Ours');
    const eventEditor = caller(
      studio,
      (await newMember(studio, admin.organization.id, 'EVENT_EDITOR')).access,
    );
    expect((await mintForTemplate(eventEditor, ours.id)).status).toBe(403);
  });
});

describe("the public pages in the event's saved branding (issue 18 §5)", () => {
  it('show its colours (landing, registration and on-demand pages), hero, favicon, logo and social thumbnail, with the CSP allowing its style', async () => {
    const saved = await api.patch(`/api/event/${event.id}/`, {
      theme_secondary_color: '#FF0000',
      favicon: 'https://files.example.test/favicon.png',
      logo_url: 'https://files.example.test/logo.png',
      social_media_thumbnail: 'https://files.example.test/thumb.png',
      theme_obj: { splash_page_hero: 'https://files.example.test/hero.jpg' },
    });
    expect(saved.status).toBe(200);
    for (const url of [`/e/${event.id}`, `/e/${event.id}/register`, `/e/${event.id}/on-demand`]) {
      const page = await studio.attendeeSite.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      const style = /<style id="event-branding">(.*?)<\/style>/.exec(page.body)?.[1] ?? '';
      expect(style).toContain('--brand-button-background: #FF0000;');
      expect(style).toContain('url("https://files.example.test/hero.jpg")');
      expect(page.body).toContain('<link rel="icon" href="https://files.example.test/favicon.png">');
      expect(page.body).toContain(
        '<img class="event-logo" alt="" src="https://files.example.test/logo.png">',
      );
      expect(page.body).toContain(
        '<meta property="og:image" content="https://files.example.test/thumb.png">',
      );
      const hash = createHash('sha256').update(style).digest('base64');
      expect(String(page.headers['content-security-policy'])).toContain(`'sha256-${hash}'`);
    }
    const { token } = (await mint(api, event.id)).body;
    expect((await open(event.id, 'stage', token)).body).toContain('--brand-button-background: #FF0000;');
  });
});

describe("the landing hero's text (002 §3.2 splash_text_onimage_color)", () => {
  /** The declarations of the page's first rule for `selector` (in its stylesheets, outside media queries). */
  const rule = (html: string, selector: string) =>
    new RegExp(`(?:^|[}>])${selector.replace('.', '\\.')}\\{([^}]*)\\}`).exec(html)?.[1] ?? '';

  it('wears the Text color on the image over the hero, on the landing page and its live preview', async () => {
    const saved = await api.patch(`/api/event/${event.id}/`, {
      theme_obj: { splash_text_onimage_color: '#ABCDEF', splash_text_color: '#123456' },
    });
    expect(saved.status).toBe(200);
    const { token } = (await mint(api, event.id)).body;
    const pages = [
      await studio.attendeeSite.inject({ method: 'GET', url: `/e/${event.id}` }),
      await open(event.id, 'splash', token),
    ];
    for (const page of pages) {
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('--brand-landing-text-on-image: #ABCDEF;');
      // The hero shows the hero background behind its heading, in the colour on the image.
      expect(page.body).toMatch(
        /<(section|header) class="[^"]*\bpage-hero\b[^"]*"[^>]*>.*?class="event-title"/,
      );
      const hero = rule(page.body, '.page-hero');
      expect(hero).toContain('color:var(--brand-landing-text-on-image');
      expect(hero).toContain('background:var(--brand-hero-background');
    }
  });
});
