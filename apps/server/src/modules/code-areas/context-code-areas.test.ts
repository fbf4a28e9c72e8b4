import { describe, expect, it } from 'vitest';
import type { PageCodeAreas, StudioEvent, StudioTemplateDetail } from '@studio/domain';
import { newMember } from '../access/access.fixtures.ts';
import { caller, newEvent } from '../back-office/back-office.fixtures.ts';
import { fileAdminAndOutsider } from '../../../test/file-studio.ts';
import { restrictedTagRefusal } from './code-areas.fixtures.ts';

const org = fileAdminAndOutsider('Context Code Org', 'Other Context Org');
const { studio, api, outsider } = org;

const PIXEL = '<img src="https://px.test/series.gif">';
const HEAD = '<script>window.seriesHeadRan = true;</script>';
const seriesBase = (id: string) => `/api/event/series/${id}`;
const templateBase = (id: string) => `/api/event/studio-templates/${id}`;

async function newSeries(name: string): Promise<string> {
  const start = new Date(Date.now() + 30 * 86_400_000);
  const event = await newEvent(api, {
    title: `${name} 1`,
    start,
    end: new Date(start.getTime() + 3_600_000),
  });
  const created = await api.post<{ id: string }>('/api/event/series/', { name, events: [event.id] });
  expect(created.status).toBe(201);
  return created.body.id;
}

async function newTemplate(title: string): Promise<string> {
  const created = await api.post<StudioTemplateDetail>('/api/event/studio-templates/', { title });
  expect(created.status).toBe(201);
  return created.body.id;
}

describe('tracking pixels of a series or repeating event (issue 37 §7)', () => {
  it('saves its code areas and tracking snippet, checked as an event’s', async () => {
    const seriesId = await newSeries('Pixel series');
    expect((await api.get(`${seriesBase(seriesId)}/tracking_snippet/`)).body).toEqual({
      body_section_script: '',
    });
    expect(
      (await api.post(`${seriesBase(seriesId)}/tracking_snippet/`, { body_section_script: PIXEL })).body,
    ).toEqual({ body_section_script: PIXEL });
    expect((await api.patch(`${seriesBase(seriesId)}/code_areas/`, { head: HEAD })).status).toBe(200);
    expect((await api.get<PageCodeAreas>(`${seriesBase(seriesId)}/code_areas/`)).body).toMatchObject({
      head: HEAD,
      body: '',
    });
    const refused = await api.patch(`${seriesBase(seriesId)}/code_areas/`, { head: '<div>x</div>' });
    expect(refused).toEqual(restrictedTagRefusal);
  });

  it('runs them on the series’ registration page on the attendee origin, with a nonce', async () => {
    const seriesId = await newSeries('Coded series');
    await api.post(`${seriesBase(seriesId)}/tracking_snippet/`, { body_section_script: PIXEL });
    await api.patch(`${seriesBase(seriesId)}/code_areas/`, { head: HEAD });
    const page = await studio.attendeeSite.inject({ method: 'GET', url: `/s/${seriesId}/register` });
    expect(page.statusCode).toBe(200);
    const nonce = /'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    expect(page.body).toContain(`<script nonce="${nonce}">window.seriesHeadRan = true;</script>`);
    expect(page.body).toContain(`${PIXEL}</body>`);
    const studioPage = await studio.app.inject({ method: 'GET', url: `/s/${seriesId}/register` });
    expect(studioPage.body).not.toContain('seriesHeadRan');
  });

  it('answers 404 to another organisation, and 403 on the code areas to a brand editor', async () => {
    const seriesId = await newSeries('Private series');
    expect((await outsider.get(`${seriesBase(seriesId)}/code_areas/`)).status).toBe(404);
    expect(
      (await outsider.post(`${seriesBase(seriesId)}/tracking_snippet/`, { body_section_script: 'x' })).status,
    ).toBe(404);
    const editor = caller(studio, (await newMember(studio, org.organizationId, 'BRAND_EDITOR')).access);
    expect((await editor.patch(`${seriesBase(seriesId)}/code_areas/`, { head: '' })).status).toBe(403);
    expect(
      (await editor.post(`${seriesBase(seriesId)}/tracking_snippet/`, { body_section_script: PIXEL })).status,
    ).toBe(200);
  });
});

describe('tracking pixels of a template (issue 37 §7)', () => {
  it('are copied onto the events made from it, and onto its duplicates', async () => {
    const templateId = await newTemplate('Pixel template');
    await api.post(`${templateBase(templateId)}/tracking_snippet/`, { body_section_script: PIXEL });
    await api.patch(`${templateBase(templateId)}/code_areas/`, { head: HEAD });
    const made = await api.post<StudioEvent>('/api/event/', {
      title: 'From the template',
      template: templateId,
      start_time: '2031-05-01T10:00:00Z',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await api.get(`/api/event/${made.body.id}/tracking_snippet/`)).body).toEqual({
      body_section_script: PIXEL,
    });
    expect((await api.get<PageCodeAreas>(`/api/event/${made.body.id}/code_areas/`)).body.head).toBe(HEAD);

    const duplicate = await api.post<{ id: string }>(`${templateBase(templateId)}/duplicate/`, {});
    expect(duplicate.status, JSON.stringify(duplicate.body)).toBe(201);
    expect((await api.get(`${templateBase(duplicate.body.id)}/tracking_snippet/`)).body).toEqual({
      body_section_script: PIXEL,
    });
  });

  it('come from the event a template is made from', async () => {
    const event = await newEvent(api, {
      title: 'Pixel source',
      start: '2031-06-01T09:00:00Z',
      end: '2031-06-01T10:00:00Z',
    });
    await api.post(`/api/event/${event.id}/tracking_snippet/`, { body_section_script: PIXEL });
    const template = await api.post<{ id: string }>('/api/event/studio-templates/create_from_event/', {
      event: event.id,
    });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    expect((await api.get(`${templateBase(template.body.id)}/tracking_snippet/`)).body).toEqual({
      body_section_script: PIXEL,
    });
  });

  it('answers 404 to another organisation', async () => {
    const templateId = await newTemplate('Private template');
    expect((await outsider.get(`${templateBase(templateId)}/tracking_snippet/`)).status).toBe(404);
    expect((await outsider.patch(`${templateBase(templateId)}/code_areas/`, { head: '' })).status).toBe(404);
  });
});
