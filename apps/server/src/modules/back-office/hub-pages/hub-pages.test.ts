import { beforeAll, describe, expect, it } from 'vitest';
import type { HubPage, Page, StudioEvent } from '@studio/domain';
import { fileStudioWithAdmin } from '../../../../test/file-studio.ts';
import { newAdmin, newWorkspace } from '../../access/access.fixtures.ts';
import { caller, newEvent } from '../back-office.fixtures.ts';

const { studio, admin, api } = fileStudioWithAdmin('Hub Org');
let blue: { id: string };
let events: StudioEvent[];

beforeAll(async () => {
  blue = await newWorkspace(studio, admin.access, 'Blue');
  events = [
    await newEvent(api, { title: 'One', start: '2031-01-01T10:00:00Z', end: '2031-01-01T11:00:00Z' }),
    await newEvent(api, { title: 'Two', start: '2031-01-02T10:00:00Z', end: '2031-01-02T11:00:00Z' }),
    await newEvent(api, { title: 'Three', start: '2031-01-03T10:00:00Z', end: '2031-01-03T11:00:00Z' }),
  ];
});

const names = (page: Page<HubPage>) => page.results.map((hub) => hub.name);
const list = async (query: string) =>
  names((await api.get<Page<HubPage>>(`/api/event/hub-pages/?${query}`)).body);

describe('hub pages', () => {
  it('creates with the events it lists, in order', async () => {
    const [one, two] = events as [StudioEvent, StudioEvent];
    const created = await api.post<HubPage>('/api/event/hub-pages/', {
      name: 'Spring hub',
      organization: admin.organization.id,
      events: [two.id, one.id],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Spring hub',
      organization: admin.organization.id,
      workspace: null,
    });
    expect(created.body.events.map((event) => event.title)).toEqual(['Two', 'One']);
    const metadata = (await api.get<StudioEvent>(`/api/event/${one.id}/?get_metadata=true`)).body.metadata;
    expect(metadata?.hub_pages).toEqual([{ id: created.body.id, name: 'Spring hub' }]);
  });

  it('lists organisation / workspace pages, searches the name and sorts by name or created_at both ways', async () => {
    await api.post('/api/event/hub-pages/', { name: 'autumn hub', workspace: blue.id });
    await api.post('/api/event/hub-pages/', { name: 'Winter hub' });
    expect(await list('')).toEqual(['Winter hub', 'autumn hub', 'Spring hub']);
    expect(await list('ordering=created_at')).toEqual(['Spring hub', 'autumn hub', 'Winter hub']);
    expect(await list('ordering=name')).toEqual(['autumn hub', 'Spring hub', 'Winter hub']);
    expect(await list('ordering=-name')).toEqual(['Winter hub', 'Spring hub', 'autumn hub']);
    expect(await list('name=WINT')).toEqual(['Winter hub']);
    expect(await list('workspace__isnull=true&ordering=name')).toEqual(['Spring hub', 'Winter hub']);
    expect(await list('scope=organization&ordering=name')).toEqual(['Spring hub', 'Winter hub']);
    expect(await list('scope=workspace')).toEqual(['autumn hub']);
    expect(await list(`workspace=${blue.id}`)).toEqual(['autumn hub']);
    const page = (
      await api.get<Page<HubPage>>(
        `/api/event/hub-pages/?organization=${admin.organization.id}&ordering=name&limit=2&offset=2`,
      )
    ).body;
    expect(names(page)).toEqual(['Winter hub']);
    expect(page.count).toBe(3);
  });

  it("updates the name, workspace and the events it lists; refuses another organisation's events", async () => {
    const hub = (await api.post<HubPage>('/api/event/hub-pages/', { name: 'Editable hub' })).body;
    const [one, two, three] = events as [StudioEvent, StudioEvent, StudioEvent];
    const updated = await api.patch<HubPage>(`/api/event/hub-pages/${hub.id}/`, {
      name: 'Edited hub',
      workspace: blue.id,
      events: [three.id, one.id, two.id],
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Edited hub', workspace: { id: blue.id, name: 'Blue' } });
    expect(updated.body.events.map((event) => event.title)).toEqual(['Three', 'One', 'Two']);
    const outsider = caller(studio, (await newAdmin(studio, 'Other')).access);
    const foreign = await newEvent(outsider, {
      title: 'Foreign',
      start: '2031-01-01T10:00:00Z',
      end: '2031-01-01T11:00:00Z',
    });
    const refused = await api.patch<{ errors: Record<string, string[]> }>(`/api/event/hub-pages/${hub.id}/`, {
      events: [foreign.id],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ events: ['This event does not exist.'] });
    expect((await outsider.get(`/api/event/hub-pages/${hub.id}/`)).status).toBe(404);
    expect((await outsider.patch(`/api/event/hub-pages/${hub.id}/`, { name: 'Stolen' })).status).toBe(404);
    expect((await outsider.delete(`/api/event/hub-pages/${hub.id}/`)).status).toBe(404);
  });

  it('duplicates (with its events) and deletes', async () => {
    const [one] = events as [StudioEvent];
    const hub = (await api.post<HubPage>('/api/event/hub-pages/', { name: 'Source hub', events: [one.id] }))
      .body;
    const copy = await api.post<HubPage>(`/api/event/hub-pages/${hub.id}/duplicate/`, {});
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: 'Copy of Source hub', events: [{ id: one.id, title: 'One' }] });
    const named = await api.post<HubPage>(`/api/event/hub-pages/${hub.id}/duplicate/`, {
      name: 'Team hub',
      workspace: blue.id,
    });
    expect(named.body).toMatchObject({ name: 'Team hub', workspace: { id: blue.id } });
    expect((await api.delete(`/api/event/hub-pages/${hub.id}/`)).status).toBe(204);
    expect((await api.get(`/api/event/hub-pages/${hub.id}/`)).status).toBe(404);
    // Deleting an event takes it off the pages that listed it.
    expect((await api.delete(`/api/event/${one.id}/`)).status).toBe(204);
    expect((await api.get<HubPage>(`/api/event/hub-pages/${copy.body.id}/`)).body.events).toEqual([]);
  });
});
