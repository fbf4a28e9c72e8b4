import { beforeAll, describe, expect, it } from 'vitest';
import type { PageCodeAreas, StudioEvent } from '@studio/domain';
import { newMember } from '../access/access.fixtures.ts';
import { caller, duplicatedEvent, newEvent } from '../back-office/back-office.fixtures.ts';
import { fileAdminAndOutsider } from '../../../test/file-studio.ts';
import { emptyCodeAreas } from '@studio/domain/testing';

// Role all: this studio runs the duplication job itself.
const org = fileAdminAndOutsider('Code Org', 'Other Code Org', { role: 'all' });
const { studio, api, outsider } = org;
let event: StudioEvent;
beforeAll(async () => {
  event = await newEvent(api, {
    title: 'Code summit',
    start: '2031-06-01T09:00:00Z',
    end: '2031-06-01T17:00:00Z',
  });
});

const areasUrl = (id: string) => `/api/event/${id}/code_areas/`;
const snippetUrl = (id: string) => `/api/event/${id}/tracking_snippet/`;
const HEAD = '<script>window.customHeadRan = true;</script><meta name="verify" content="abc">';
const page = (path: string) => studio.attendeeSite.inject({ method: 'GET', url: path });

describe('code areas (issue 17 §4)', () => {
  it('answers empty areas, saves some, keeps the others', async () => {
    const fresh = await newEvent(api, {
      title: 'Fresh',
      start: '2031-07-01T09:00:00Z',
      end: '2031-07-01T10:00:00Z',
    });
    expect((await api.get<PageCodeAreas>(areasUrl(fresh.id))).body).toEqual(emptyCodeAreas);
    const saved = await api.patch<PageCodeAreas>(areasUrl(fresh.id), {
      head: HEAD,
      form_submission: 'console.log(submissionData, isReRegistration);',
    });
    expect(saved.status).toBe(200);
    await api.patch(areasUrl(fresh.id), { body: '<div id="banner"></div>' });
    expect((await api.get<PageCodeAreas>(areasUrl(fresh.id))).body).toMatchObject({
      head: HEAD,
      body: '<div id="banner"></div>',
      form_submission: 'console.log(submissionData, isReRegistration);',
      add_to_calendar: '',
    });
  });

  it.each([
    [{ head: `<!--${'x'.repeat(1994)}-->` }, 'head', 'Character limit exceeded in the Head code area'],
    [{ body: `<p>${'x'.repeat(1994)}</p>` }, 'body', 'Character limit exceeded in the Body code area'],
    [{ head: '<div>x</div>' }, 'head', 'Use of this tag is not allowed'],
    [{ body: '<style>p{}</style>' }, 'body', 'Use of this tag is not allowed'],
    [{ head: 'alert(1)' }, 'head', 'JavaScript must be inside script tags'],
    [{ body: '<script>document.cookie="a"</script>' }, 'body', 'Use of this keyword is not allowed'],
    [
      { add_to_calendar: 'localStorage.x = calendarType;' },
      'add_to_calendar',
      'Use of this keyword is not allowed',
    ],
    // The editor's lint (HTMLHint, JSHint), re-run on the server (issue 32).
    [{ body: '<script>var x = ;</script>' }, 'body', 'Unresolved error in the Body code area'],
    [{ head: '<script>sendTo(unknownThing);</script>' }, 'head', 'Unresolved error in the Head code area'],
    [{ body: '<div id="a"><p id="a">x</p>' }, 'body', 'Unresolved error in the Body code area'],
    [{ body: '<img src="">' }, 'body', 'Unresolved error in the Body code area'],
    [
      { form_submission: 'let early = submissionData;' },
      'form_submission',
      'Unresolved error in the Form Submission code area',
    ],
  ])('refuses %# (%s) even when the browser is bypassed, storing nothing', async (body, field, message) => {
    const refused = await api.patch(areasUrl(event.id), { ...body, custom_cta_click: 'var kept = ctaText;' });
    expect(refused).toEqual({
      status: 400,
      body: { message, code: 'VALIDATION_ERROR', errors: { [field]: [message] } },
    });
    expect((await api.get<PageCodeAreas>(areasUrl(event.id))).body.custom_cta_click).toBe('');
  });

  it('holds the Head and Body at exactly 2000 characters', async () => {
    const exactly = `<!--${'x'.repeat(1993)}-->`;
    expect(exactly).toHaveLength(2000);
    expect((await api.patch(areasUrl(event.id), { head: exactly, body: exactly })).status).toBe(200);
    await api.patch(areasUrl(event.id), { head: '', body: '' });
  });

  it('answers 404 for another organisation’s event, before looking at the body', async () => {
    expect((await outsider.get(areasUrl(event.id))).status).toBe(404);
    expect((await outsider.patch(areasUrl(event.id), { head: '<div>' })).status).toBe(404);
    expect((await outsider.post(snippetUrl(event.id), { body_section_script: 'x' })).status).toBe(404);
    expect((await api.get(areasUrl('not-an-id'))).status).toBe(404);
  });

  it('lets a brand editor save the tracking snippet but not the code areas', async () => {
    const editor = caller(studio, (await newMember(studio, org.organizationId, 'BRAND_EDITOR')).access);
    expect((await editor.patch(areasUrl(event.id), { head: '' })).status).toBe(403);
    const saved = await editor.post(snippetUrl(event.id), {
      body_section_script: '<img src="https://px.test/a.gif">',
    });
    expect(saved).toEqual({
      status: 200,
      body: { body_section_script: '<img src="https://px.test/a.gif">' },
    });
    await api.post(snippetUrl(event.id), { body_section_script: '' });
  });
});

describe('tracking snippet (issue 17 §5)', () => {
  it('saves {body_section_script} up to 2048 characters and refuses more or a restricted keyword', async () => {
    const exactly = `<!--${'x'.repeat(2041)}-->`;
    expect((await api.post(snippetUrl(event.id), { body_section_script: exactly })).status).toBe(200);
    expect((await api.get(snippetUrl(event.id))).body).toEqual({ body_section_script: exactly });
    const over = await api.post(snippetUrl(event.id), { body_section_script: `${exactly}x` });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({
      message: 'Character limit exceeded in the Tracking Pixel Snippet code area',
      errors: { body_section_script: ['Character limit exceeded in the Tracking Pixel Snippet code area'] },
    });
    const keyword = await api.post(snippetUrl(event.id), {
      body_section_script: '<script>sessionStorage.a = 1</script>',
    });
    expect(keyword.body).toMatchObject({ message: 'Use of this keyword is not allowed' });
    const unlinted = await api.post(snippetUrl(event.id), {
      body_section_script: '<script>var x = ;</script>',
    });
    expect(unlinted).toEqual({
      status: 400,
      body: {
        message: 'Unresolved error in the Tracking Pixel Snippet code area',
        code: 'VALIDATION_ERROR',
        errors: { body_section_script: ['Unresolved error in the Tracking Pixel Snippet code area'] },
      },
    });
    expect((await api.get(snippetUrl(event.id))).body).toEqual({ body_section_script: exactly });
    await api.post(snippetUrl(event.id), { body_section_script: '' });
  });
});

describe('custom code on the public pages', () => {
  it('runs on the attendee origin’s landing, registration and confirmation pages with a nonce, never in the studio', async () => {
    const coded = await newEvent(api, {
      title: 'Coded',
      start: '2031-08-01T09:00:00Z',
      end: '2031-08-01T10:00:00Z',
    });
    await api.patch(areasUrl(coded.id), {
      head: HEAD,
      body: '<noscript><img src="https://px.test/b.gif"></noscript>',
      form_submission: 'window.lastSubmission = submissionData;',
    });
    await api.post(snippetUrl(coded.id), { body_section_script: '<img src="https://px.test/pixel.gif">' });

    for (const path of [
      `/e/${coded.id}`,
      `/e/${coded.id}/register`,
      `/e/${coded.id}/registered?status=REGISTRATION`,
    ]) {
      const response = await page(path);
      expect(response.statusCode).toBe(200);
      const nonce = /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];
      expect(nonce).toBeTruthy();
      const html = response.body;
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head).toContain(`<script nonce="${nonce}">window.customHeadRan = true;</script>`);
      expect(head).toContain(
        `<script nonce="${nonce}">(window.__studioHooks=window.__studioHooks||{}).onFormSubmission=function(submissionData, isReRegistration) {\nwindow.lastSubmission = submissionData;\n};</script>`,
      );
      expect(html).toMatch(/<body[^>]*><noscript><img src="https:\/\/px.test\/b.gif"><\/noscript>/);
      expect(html).toContain('<img src="https://px.test/pixel.gif"></body>');
      expect(response.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+' https:/);
    }

    // The studio's origin never serves it.
    for (const url of ['/', `/events/${coded.id}/registration-new/tracking-pixels`, `/e/${coded.id}`]) {
      const studioPage = await studio.app.inject({ method: 'GET', url });
      expect(studioPage.body).not.toContain('customHeadRan');
      expect(String(studioPage.headers['content-security-policy'])).not.toContain('nonce-');
    }
  });

  it('leaves a page without custom code under the strict policy', async () => {
    const plain = await newEvent(api, {
      title: 'Plain',
      start: '2031-09-01T09:00:00Z',
      end: '2031-09-01T10:00:00Z',
    });
    const response = await page(`/e/${plain.id}`);
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self';");
    expect(response.body).not.toContain('__studioHooks');
  });

  it('goes with the event when it is duplicated', async () => {
    const source = await newEvent(api, {
      title: 'Source',
      start: '2031-10-01T09:00:00Z',
      end: '2031-10-01T10:00:00Z',
    });
    await api.patch(areasUrl(source.id), { head: HEAD });
    const copy = await duplicatedEvent(api, source.id);
    expect((await api.get<PageCodeAreas>(areasUrl(copy))).body.head).toBe(HEAD);
  });
});
