import { beforeAll, describe, expect, it } from 'vitest';
import type { AttendeeLinks, StudioEvent } from '@studio/domain';
import { setPlan } from '../access/access.fixtures.ts';
import { newEvent } from '../back-office/back-office.fixtures.ts';
import { fileAdminAndOutsider } from '../../../test/file-studio.ts';

const attendeeOrigin = 'https://events.example.test';
const world = fileAdminAndOutsider('Links Org', 'Stranger Org', { eventsPublicUrl: attendeeOrigin });
const { studio, api, outsider: stranger } = world;
let event: StudioEvent;

beforeAll(async () => {
  event = await newEvent(api, {
    title: 'Linked',
    start: '2031-03-01T09:00:00Z',
    end: '2031-03-01T10:00:00Z',
  });
});

describe('public link helpers (002 §2)', () => {
  it('answers every public page of an event on the attendee origin', async () => {
    const links = await api.get<AttendeeLinks>(`/api/event/${event.id}/attendee_links/`);
    expect(links).toEqual({
      status: 200,
      body: {
        landing: `${attendeeOrigin}/e/${event.id}`,
        register: `${attendeeOrigin}/e/${event.id}/register`,
        on_demand: `${attendeeOrigin}/e/${event.id}/on-demand`,
        embed: `${attendeeOrigin}/embed/${event.id}`,
        check_in: `${attendeeOrigin}/e/${event.id}/check-in`,
        self_check_in: `${attendeeOrigin}/e/${event.id}/check-in?selfCheckIn=true`,
      },
    });
    expect((await stranger.get(`/api/event/${event.id}/attendee_links/`)).status).toBe(404);
  });

  it('answers a series’ registration page, and 404 to another organisation', async () => {
    const series = await api.post<{ id: string }>('/api/event/series/', { name: 'Links series', events: [] });
    expect(series.status).toBe(201);
    expect(await api.get(`/api/event/series/${series.body.id}/attendee_links/`)).toEqual({
      status: 200,
      body: { register: `${attendeeOrigin}/s/${series.body.id}/register` },
    });
    expect((await stranger.get(`/api/event/series/${series.body.id}/attendee_links/`)).status).toBe(404);
  });

  it('answers a hub page’s public page, and 404 to another organisation', async () => {
    const hubPage = await api.post<{ id: string }>('/api/event/hub-pages/', {
      name: 'Links hub',
      events: [],
    });
    expect(hubPage.status).toBe(201);
    expect(await api.get(`/api/event/hub-pages/${hubPage.body.id}/attendee_links/`)).toEqual({
      status: 200,
      body: { page: `${attendeeOrigin}/h/${hubPage.body.id}` },
    });
    expect((await stranger.get(`/api/event/hub-pages/${hubPage.body.id}/attendee_links/`)).status).toBe(404);
  });

  it('tells anyone where a public event’s embed is (the dummy page), and 404 for no event', async () => {
    const embed = await studio.app.inject({
      method: 'GET',
      url: `/api/public/event/${event.id}/embed_link/`,
    });
    expect(embed.statusCode).toBe(200);
    expect(embed.json()).toEqual({ embed: `${attendeeOrigin}/embed/${event.id}` });
    const unknown = await studio.app.inject({
      method: 'GET',
      url: '/api/public/event/00000000-0000-4000-8000-000000000000/embed_link/',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('offers no embed while the plan has no embedded events (002 §6 embeddedEvents)', async () => {
    await setPlan(studio, world.organizationId, 'STARTER', { embeddedEvents: false });
    try {
      const links = await api.get<AttendeeLinks>(`/api/event/${event.id}/attendee_links/`);
      expect(links.body).toMatchObject({ landing: `${attendeeOrigin}/e/${event.id}`, embed: null });
      const publicLink = await studio.app.inject({
        method: 'GET',
        url: `/api/public/event/${event.id}/embed_link/`,
      });
      expect(publicLink.statusCode).toBe(404);
      const embed = await studio.attendeeSite.inject({ method: 'GET', url: `/embed/${event.id}` });
      expect(embed.statusCode).toBe(404);
      await setPlan(studio, world.organizationId, 'STARTER', { embeddedEvents: true });
      expect((await api.get<AttendeeLinks>(`/api/event/${event.id}/attendee_links/`)).body.embed).toBe(
        `${attendeeOrigin}/embed/${event.id}`,
      );
      expect(
        (await studio.attendeeSite.inject({ method: 'GET', url: `/embed/${event.id}` })).statusCode,
      ).toBe(200);
    } finally {
      await setPlan(studio, world.organizationId, null);
    }
  });
});
