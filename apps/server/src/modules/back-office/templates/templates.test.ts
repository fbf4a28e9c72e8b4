import { describe, expect, it } from 'vitest';
import type { Page, PageDocument, StudioEvent, StudioTemplate, Tag } from '@studio/domain';
import { bearer } from '../../../../test/harness.ts';
import { newAdmin, newMember, newWorkspace } from '../../access/access.fixtures.ts';
import { caller, newEvent } from '../back-office.fixtures.ts';
import { fileStudioWithAdmin, madeBeforeAll } from '../../../../test/file-studio.ts';

const { studio, api, admin } = fileStudioWithAdmin('Templates Org');
const blue = madeBeforeAll(() => newWorkspace(studio, admin.access, 'Blue'));

const createTemplate = async (body: Record<string, unknown>) => {
  const created = await api.post<StudioTemplate>('/api/event/studio-templates/', body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
};
/** An event's seats, waitlist and approval mode (registration's settings). */
const registrationSettingsOf = async (eventId: string) =>
  (await api.get(`/api/event/${eventId}/registration_settings/`)).body;
/** A registration page (an event's and a template's `builder_raw_json`). */
const heroPage: PageDocument = {
  content: [{ type: 'Hero', props: { id: 'hero', title: 'Big', subtitle: '', imageUrl: '' } }],
  root: { props: { title: 'Flagship', description: '', image: '' } },
};
const titles = (page: Page<StudioTemplate>) => page.results.map((template) => template.title);

describe('templates', () => {
  it('lists with search, workspace scope and title / created_at sorts both ways', async () => {
    await createTemplate({ title: 'Webinar kit' });
    await createTemplate({ title: 'annual summit', workspace: blue.id });
    await createTemplate({ title: 'Meetup' });
    const list = async (query: string) =>
      titles((await api.get<Page<StudioTemplate>>(`/api/event/studio-templates/?${query}`)).body);
    expect(await list('')).toEqual(['Meetup', 'annual summit', 'Webinar kit']);
    expect(await list('ordering=created_at')).toEqual(['Webinar kit', 'annual summit', 'Meetup']);
    expect(await list('ordering=title')).toEqual(['annual summit', 'Meetup', 'Webinar kit']);
    expect(await list('ordering=-title')).toEqual(['Webinar kit', 'Meetup', 'annual summit']);
    expect(await list('search=SUMM')).toEqual(['annual summit']);
    expect(await list(`workspace=${blue.id}`)).toEqual(['annual summit']);
    expect(await list('workspace__isnull=true&ordering=title')).toEqual(['Meetup', 'Webinar kit']);
    const page = (
      await api.get<Page<StudioTemplate>>('/api/event/studio-templates/?ordering=title&limit=1&offset=1')
    ).body;
    expect(titles(page)).toEqual(['Meetup']);
    expect(page.count).toBe(3);
  });

  it("titles a template made without one 'Your amazing event' (002 §3.2)", async () => {
    expect((await createTemplate({})).title).toBe('Your amazing event');
    expect((await api.post('/api/event/studio-templates/', { title: '  ' })).status).toBe(400);
  });

  it('creates from an event, and an event from the template with its settings copied', async () => {
    const tag = (
      await api.post<Tag>('/api/core/tags/', { organization: admin.organization.id, tag_name: 'Flagship' })
    ).body;
    // What the template copies from its event to the events made from it, as given.
    const copied = {
      timezone: 'America/New_York',
      description: 'Our best',
      location: 'NYC',
      salesforce_campaign_id: 'sf-9',
      builder_raw_json: heroPage,
      registration_form_data: { id: 'form-1', is_global_form: true },
    };
    const source = await newEvent(api, {
      title: 'Flagship webinar',
      event_type: 'Webinar',
      host_type: 'Hybrid',
      start: '2031-03-01T15:00:00Z',
      end: '2031-03-01T16:30:00Z',
      ...copied,
      tags: [tag.id],
      workspace: blue.id,
    });
    const template = (
      await api.post<StudioTemplate>('/api/event/studio-templates/create_from_event/', { event: source.id })
    ).body;
    expect(template).toMatchObject({
      title: 'Flagship webinar',
      source_event: source.id,
      workspace: { id: blue.id, name: 'Blue' },
      registration_form_data: { id: 'form-1', is_global_form: true },
      settings: {
        event_type: 'Webinar',
        host_type: 'Hybrid',
        description: 'Our best',
        location: 'NYC',
        timezone: 'America/New_York',
        duration_minutes: 90,
        salesforce_campaign_id: 'sf-9',
        builder_raw_json: heroPage,
        tags: [tag.id],
      },
    });
    const made = await api.post<StudioEvent>(`/api/event/studio-templates/${template.id}/create_event/`, {
      title: 'Flagship webinar, spring',
      start_time: '2031-04-01T15:00:00Z',
      workspace: blue.id,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      title: 'Flagship webinar, spring',
      event_type: 'Webinar',
      host_type: 'Hybrid',
      start_time: '2031-04-01T15:00:00.000Z',
      end_time: '2031-04-01T16:30:00.000Z',
      ...copied,
      tags: [{ id: tag.id, tag_name: 'Flagship' }],
      template: template.id,
    });
    // POST /api/event/ with `template` does the same; given fields win.
    const viaEvents = await api.post<StudioEvent>('/api/event/', {
      title: 'Override',
      template: template.id,
      start_time: '2031-05-01T10:00:00Z',
      location: 'Boston',
    });
    expect(viaEvents.body).toMatchObject({
      location: 'Boston',
      description: 'Our best',
      end_time: '2031-05-01T11:30:00.000Z',
    });
  });

  it("carries the registration settings from an event to its template and on to the template's events", async () => {
    const source = await newEvent(api, {
      title: 'Capped meetup',
      start: '2031-06-01T18:00:00Z',
      end: '2031-06-01T20:00:00Z',
    });
    const registration = {
      registration_capacity: 80,
      waitlist_enabled: true,
      registration_approval_required: true,
    };
    expect((await api.patch(`/api/event/${source.id}/registration_settings/`, registration)).status).toBe(
      200,
    );
    const template = (
      await api.post<StudioTemplate>('/api/event/studio-templates/create_from_event/', { event: source.id })
    ).body;
    expect(template.settings).toMatchObject(registration);
    const made = await api.post<StudioEvent>(`/api/event/studio-templates/${template.id}/create_event/`, {
      title: 'Capped meetup, July',
      start_time: '2031-07-01T18:00:00Z',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(await registrationSettingsOf(made.body.id)).toEqual(registration);

    // A template made by hand: the capacity it names, no waitlist or approval unless it says so.
    const handMade = await createTemplate({ title: 'Small room', settings: { registration_capacity: 12 } });
    expect(handMade.settings).toMatchObject({
      registration_capacity: 12,
      waitlist_enabled: false,
      registration_approval_required: false,
    });
    const fromHandMade = await api.post<StudioEvent>(
      `/api/event/studio-templates/${handMade.id}/create_event/`,
      { title: 'Small room talk', start_time: '2031-08-01T18:00:00Z' },
    );
    expect(await registrationSettingsOf(fromHandMade.body.id)).toEqual({
      registration_capacity: 12,
      waitlist_enabled: false,
      registration_approval_required: false,
    });
    // A template without registration settings leaves the event's defaults: unlimited, open.
    const plain = await createTemplate({ title: 'Plain' });
    const fromPlain = await api.post<StudioEvent>(`/api/event/studio-templates/${plain.id}/create_event/`, {
      title: 'Plain talk',
      start_time: '2031-08-02T18:00:00Z',
    });
    expect(await registrationSettingsOf(fromPlain.body.id)).toEqual({
      registration_capacity: null,
      waitlist_enabled: false,
      registration_approval_required: false,
    });
  });

  it('keeps every setting and branding field of saves sent at the same time (none lost to another)', async () => {
    const template = await createTemplate({ title: 'Busy', settings: { event_type: 'Webinar' } });
    const url = `/api/event/studio-templates/${template.id}/`;
    for (const round of [1, 2, 3]) {
      const answers = await Promise.all([
        api.patch(url, { settings: { duration_minutes: 30 + round } }),
        api.patch(url, { settings: { location: `Room ${round}` } }),
        api.patch(url, { demo_request_button_text: `Book ${round}` }),
        api.patch(url, { demo_request_title: `Booked ${round}` }),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      expect((await api.get(url)).body).toMatchObject({
        settings: { event_type: 'Webinar', duration_minutes: 30 + round, location: `Room ${round}` },
        demo_request_button_text: `Book ${round}`,
        demo_request_title: `Booked ${round}`,
      });
    }
  });

  it('makes no copy of a template deleted while it is duplicated (404), never a half copy', async () => {
    const template = await createTemplate({ title: 'Going away' });
    const before = (await api.get<Page<StudioTemplate>>('/api/event/studio-templates/?page_size=100')).body
      .count;
    // The delete is written but not committed when the duplicate arrives.
    let duplicating: ReturnType<typeof api.post> | undefined;
    await studio.database.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('studio_templates').where('id', '=', template.id).execute();
      duplicating = api.post(`/api/event/studio-templates/${template.id}/duplicate/`, {});
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect((await duplicating!).status).toBe(404);
    const after = (await api.get<Page<StudioTemplate>>('/api/event/studio-templates/?page_size=100')).body
      .count;
    expect(after).toBe(before - 1);
  });

  it('gets, updates (settings merged), duplicates (title, workspace) and deletes', async () => {
    const template = await createTemplate({
      title: 'Base',
      settings: { event_type: 'Webinar', duration_minutes: 45 },
    });
    expect(
      (await api.get<StudioTemplate>(`/api/event/studio-templates/${template.id}/`)).body.settings,
    ).toMatchObject({ event_type: 'Webinar', duration_minutes: 45, host_type: 'Virtual', timezone: 'UTC' });
    const updated = await api.patch<StudioTemplate>(`/api/event/studio-templates/${template.id}/`, {
      title: 'Base v2',
      settings: { location: 'Online' },
    });
    expect(updated.body).toMatchObject({
      title: 'Base v2',
      settings: { event_type: 'Webinar', duration_minutes: 45, location: 'Online' },
    });
    const copy = await api.post<StudioTemplate>(`/api/event/studio-templates/${template.id}/duplicate/`, {});
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({
      title: 'Copy of Base v2',
      workspace: null,
      settings: { location: 'Online' },
    });
    const named = await api.post<StudioTemplate>(`/api/event/studio-templates/${template.id}/duplicate/`, {
      title: 'Team copy',
      workspace: blue.id,
    });
    expect(named.body).toMatchObject({ title: 'Team copy', workspace: { id: blue.id } });
    expect((await api.delete(`/api/event/studio-templates/${template.id}/`)).status).toBe(204);
    expect((await api.get(`/api/event/studio-templates/${template.id}/`)).status).toBe(404);
    expect((await api.post('/api/event/studio-templates/', { title: '' })).status).toBe(400);
  });

  it('is scoped: other organisations 404, team admins only their teams with workspaces on', async () => {
    const template = await createTemplate({ title: 'Org-wide' });
    const outsider = caller(studio, (await newAdmin(studio, 'Other')).access);
    expect((await outsider.get(`/api/event/studio-templates/${template.id}/`)).status).toBe(404);
    expect((await outsider.post(`/api/event/studio-templates/${template.id}/duplicate/`, {})).status).toBe(
      404,
    );
    expect(
      (
        await outsider.post(`/api/event/studio-templates/${template.id}/create_event/`, {
          title: 'x',
          start_time: '2031-01-01T00:00:00Z',
        })
      ).status,
    ).toBe(404);
    const teamAdmin = await newMember(studio, admin.organization.id, 'WORKSPACE_ADMIN');
    const green = await newWorkspace(studio, admin.access, 'Green', [teamAdmin.userId]);
    const greenTemplate = await createTemplate({ title: 'Green kit', workspace: green.id });
    await studio.app.inject({
      method: 'PATCH',
      url: `/api/core/organization/${admin.organization.id}/`,
      headers: bearer(admin.access),
      payload: { is_workspace_enabled: true },
    });
    const team = caller(studio, teamAdmin.access);
    expect(titles((await team.get<Page<StudioTemplate>>('/api/event/studio-templates/')).body)).toEqual([
      'Green kit',
    ]);
    expect((await team.get(`/api/event/studio-templates/${template.id}/`)).status).toBe(404);
    expect(
      (await team.post(`/api/event/studio-templates/${greenTemplate.id}/duplicate/`, { workspace: blue.id }))
        .status,
    ).toBe(400);
    expect((await team.post(`/api/event/studio-templates/${greenTemplate.id}/duplicate/`, {})).status).toBe(
      201,
    );
  });
});
