import { describe, expect, it } from 'vitest';
import { eventMessages, type Page, type StudioEvent, type Tag } from '@studio/domain';
import { bearer } from '../../../../test/harness.ts';
import { newAdmin, newMember, newWorkspace } from '../../access/access.fixtures.ts';
import { at, caller, idsOf, newEvent } from '../back-office.fixtures.ts';
import { fileStudioWithAdmin } from '../../../../test/file-studio.ts';

const { studio, admin, api } = fileStudioWithAdmin('Events Org');
const hour = 60;
const inDays = (days: number, minutes = 0) => at(new Date(), days * 24 * 60 + minutes);

describe('events: create, get, update, delete', () => {
  it('creates with the dashboard fields and answers them back, with metadata on request', async () => {
    const tag = (
      await api.post<Tag>('/api/core/tags/', { organization: admin.organization.id, tag_name: 'Keynote' })
    ).body;
    const event = await newEvent(api, {
      title: '  Product summit  ',
      start: '2031-05-01T09:00:00+02:00',
      end: '2031-05-01T17:00:00+02:00',
      timezone: 'Europe/Kiev',
      event_type: 'Webinar',
      host_type: 'In_Person',
      location: 'Kyiv',
      description: '<p onclick="steal()">Yearly</p><script>steal()</script>',
      tags: [tag.id],
    });
    expect(event).toMatchObject({
      title: 'Product summit',
      start_time: '2031-05-01T07:00:00.000Z',
      end_time: '2031-05-01T15:00:00.000Z',
      timezone: 'Europe/Kyiv',
      event_type: 'Webinar',
      host_type: 'In_Person',
      location: 'Kyiv',
      // The landing page shows it as it is: kept to the rich text's tags.
      description: '<p>Yearly</p>',
      organization: admin.organization.id,
      workspace: null,
      series: null,
      tags: [{ id: tag.id, tag_name: 'Keynote' }],
      is_ready: true,
      created_by: admin.userId,
    });
    const withMetadata = (await api.get<StudioEvent>(`/api/event/${event.id}/?get_metadata=true`)).body;
    expect(withMetadata.metadata).toEqual({
      time_status: 'upcoming',
      is_repeating: false,
      occurrence_key: null,
      duplicated_from: null,
      workflow_status: 'COMPLETED',
      hub_pages: [],
      calendar_sequence: 0,
    });
    expect((await api.get<StudioEvent>(`/api/event/${event.id}/`)).body.metadata).toBeUndefined();
  });

  it('validates times, zones and references', async () => {
    const bad = async (body: Record<string, unknown>) =>
      (await api.post<{ message: string; errors: Record<string, string[]> }>('/api/event/', body)).body;
    const base = { title: 'T', start_time: '2031-05-01T09:00:00Z', end_time: '2031-05-01T10:00:00Z' };
    expect((await bad({ ...base, end_time: '2031-05-01T08:00:00Z' })).message).toBe(
      'The end time must be after the start time.',
    );
    expect((await bad({ ...base, start_time: '2031-05-01T09:00:00+0200' })).message).toBe(
      eventMessages.invalidTimezoneSuffix,
    );
    expect((await bad({ ...base, timezone: 'Mars/Olympus' })).message).toBe(
      'Choose a time zone from the list.',
    );
    expect((await bad({ title: 'No times' })).errors).toEqual({
      start_time: ['This field is required.'],
      end_time: ['This field is required.'],
    });
    expect((await bad({ ...base, tags: ['00000000-0000-4000-8000-000000000000'] })).errors).toEqual({
      tags: ['This tag does not exist.'],
    });
    expect((await bad({ ...base, series: '00000000-0000-4000-8000-000000000000' })).errors).toEqual({
      series: ['This series does not exist.'],
    });
    // A recording needs no schedule.
    expect((await api.post('/api/event/', { title: 'Talk recording', event_type: 'Recording' })).status).toBe(
      201,
    );
  });

  it('refuses a time off the calendar (400) instead of a server error or a rolled-over date', async () => {
    const event = await newEvent(api, { title: 'Calendar', start: inDays(30), end: inDays(30, hour) });
    for (const start_time of ['0000-01-01T00:00:00Z', '2031-02-31T09:00:00Z', '2031-05-01T24:00:00Z']) {
      const patched = await api.patch<{ code: string; errors: object }>(`/api/event/${event.id}/`, {
        start_time,
      });
      expect(patched.status, start_time).toBe(400);
      expect(patched.body, start_time).toMatchObject({
        code: 'VALIDATION_ERROR',
        errors: { start_time: ['Enter a valid date and time.'] },
      });
    }
    const copy = await api.post(`/api/event/${event.id}/duplicate/`, {
      title: 'Copy',
      start_time: '0000-01-01T00:00:00Z',
      end_time: '0000-01-01T01:00:00Z',
    });
    expect(copy.status).toBe(400);
    expect((await api.get<StudioEvent>(`/api/event/${event.id}/`)).body.start_time).toBe(event.start_time);
  });

  it('updates the dashboard fields; a schedule change raises the invitation sequence', async () => {
    const event = await newEvent(api, {
      title: 'Editable',
      start: '2031-06-01T09:00:00Z',
      end: '2031-06-01T10:00:00Z',
    });
    const series = (await api.post<{ id: string }>('/api/event/series/', { name: 'Talks' })).body;
    const patched = await api.patch<StudioEvent>(`/api/event/${event.id}/`, {
      title: 'Edited',
      end_time: '2031-06-01T11:00:00Z',
      series: series.id,
      event_type: 'Webinar',
      builder_raw_json: { content: [] },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      title: 'Edited',
      end_time: '2031-06-01T11:00:00.000Z',
      series: { id: series.id, name: 'Talks', is_repeating: false },
      event_type: 'Webinar',
    });
    expect(
      (await api.get<StudioEvent>(`/api/event/${event.id}/?get_metadata=true`)).body.metadata
        ?.calendar_sequence,
    ).toBe(1);
    const invalid = await api.patch<{ message: string }>(`/api/event/${event.id}/`, {
      end_time: '2031-06-01T08:00:00Z',
    });
    expect(invalid.status).toBe(400);
    expect(
      (await api.patch<StudioEvent>(`/api/event/${event.id}/`, { series: null })).body.series,
    ).toBeNull();
    expect(
      (await api.patch<StudioEvent>(`/api/event/${event.id}/`, { description: null })).body.description,
    ).toBeNull();
  });

  it('numbers each change of the times as its own calendar update, when several are saved at once', async () => {
    const event = await newEvent(api, {
      title: 'Moving',
      start: '2031-06-02T09:00:00Z',
      end: '2031-06-02T10:00:00Z',
    });
    const ends = ['2031-06-02T11:00:00Z', '2031-06-02T12:00:00Z', '2031-06-02T13:00:00Z'];
    const saved = await Promise.all(
      ends.map((end_time) => api.patch(`/api/event/${event.id}/`, { end_time })),
    );
    expect(saved.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(
      (await api.get<StudioEvent>(`/api/event/${event.id}/?get_metadata=true`)).body.metadata
        ?.calendar_sequence,
    ).toBe(3);
  });

  it('deletes (204), then the event is gone', async () => {
    const event = await newEvent(api, {
      title: 'Doomed',
      start: '2031-06-01T09:00:00Z',
      end: '2031-06-01T10:00:00Z',
    });
    expect((await api.delete(`/api/event/${event.id}/`)).status).toBe(204);
    expect((await api.get(`/api/event/${event.id}/`)).status).toBe(404);
    expect((await api.delete(`/api/event/${event.id}/`)).status).toBe(404);
    expect((await api.get('/api/event/not-a-uuid/')).status).toBe(404);
  });
});

describe('reschedule', () => {
  it('says whether an event can be rescheduled: not past, live or a recording', async () => {
    const future = await newEvent(api, { title: 'Future', start: inDays(2), end: inDays(2, hour) });
    const live = await newEvent(api, { title: 'Live', start: inDays(0, -30), end: inDays(0, 30) });
    const past = await newEvent(api, { title: 'Past', start: inDays(-2), end: inDays(-2, hour) });
    const recording = (
      await api.post<StudioEvent>('/api/event/', { title: 'Recorded', event_type: 'Recording' })
    ).body;
    const check = async (id: string) => (await api.get(`/api/event/${id}/can_reschedule/`)).body;
    expect(await check(future.id)).toEqual({ can_reschedule: true, reason: null });
    expect(await check(live.id)).toEqual({
      can_reschedule: false,
      reason: 'This event is live and cannot be rescheduled now.',
    });
    expect(await check(past.id)).toEqual({
      can_reschedule: false,
      reason: 'This event has already ended and cannot be rescheduled.',
    });
    expect(await check(recording.id)).toEqual({
      can_reschedule: false,
      reason: 'A recording has no schedule to change.',
    });
    const refused = await api.post<{ code: string }>(`/api/event/${past.id}/reschedule/`, {
      start_time: inDays(3).toISOString(),
      end_time: inDays(3, hour).toISOString(),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('CANNOT_RESCHEDULE');
  });

  it("moves the event and answers 'Event Rescheduled Successfully!'", async () => {
    const event = await newEvent(api, { title: 'Movable', start: inDays(2), end: inDays(2, hour) });
    const start = inDays(5);
    const moved = await api.post<{ message: string; event: StudioEvent }>(
      `/api/event/${event.id}/reschedule/`,
      {
        start_time: start.toISOString(),
        end_time: at(start, 90).toISOString(),
        timezone: 'Asia/Calcutta',
      },
    );
    expect(moved.status).toBe(200);
    expect(moved.body.message).toBe('Event Rescheduled Successfully!');
    expect(moved.body.event).toMatchObject({
      start_time: start.toISOString(),
      end_time: at(start, 90).toISOString(),
      timezone: 'Asia/Kolkata',
    });
    const toPast = await api.post(`/api/event/${event.id}/reschedule/`, {
      start_time: inDays(-1).toISOString(),
      end_time: inDays(-1, hour).toISOString(),
    });
    expect(toPast.status).toBe(400);
  });
});

describe('permissions and workspace scoping', () => {
  it('refuses members without the event permissions (403) and other organisations (404)', async () => {
    const event = await newEvent(api, { title: 'Guarded', start: inDays(3), end: inDays(3, hour) });
    const plain = caller(studio, (await newMember(studio, admin.organization.id, null)).access);
    expect((await plain.get('/api/event/')).status).toBe(403);
    expect((await plain.get(`/api/event/${event.id}/`)).status).toBe(403);
    expect((await plain.post('/api/event/', { title: 'x' })).status).toBe(403);
    const editor = caller(studio, (await newMember(studio, admin.organization.id, 'EVENT_EDITOR')).access);
    expect((await editor.get(`/api/event/${event.id}/`)).status).toBe(200);
    expect((await editor.patch(`/api/event/${event.id}/`, { title: 'Edited by editor' })).status).toBe(200);
    expect((await editor.delete(`/api/event/${event.id}/`)).status).toBe(403);
    const outsider = caller(studio, (await newAdmin(studio, 'Elsewhere')).access);
    for (const response of [
      await outsider.get(`/api/event/${event.id}/`),
      await outsider.patch(`/api/event/${event.id}/`, { title: 'Hijacked' }),
      await outsider.delete(`/api/event/${event.id}/`),
      await outsider.post(`/api/event/${event.id}/reschedule/`, {
        start_time: inDays(4).toISOString(),
        end_time: inDays(4, hour).toISOString(),
      }),
      await outsider.get(`/api/event/${event.id}/can_reschedule/`),
      await outsider.post(`/api/event/${event.id}/send_calendar_invites/`, {}),
    ]) {
      expect(response.status).toBe(404);
    }
    expect((await api.get<StudioEvent>(`/api/event/${event.id}/`)).body.title).toBe('Edited by editor');
  });

  it('refuses a member without a role on every events-area route before reading the body (403)', async () => {
    const plain = await newMember(studio, admin.organization.id, null);
    const id = (await newEvent(api, { title: 'Any', start: inDays(3), end: inDays(3, hour) })).id;
    const routes: [string, string][] = [
      ['GET', '/api/event/'],
      ['POST', '/api/event/'],
      ['GET', '/api/event/recordings/'],
      ['GET', '/api/event/timezones/'],
      ['GET', `/api/event/${id}/`],
      ['PATCH', `/api/event/${id}/`],
      ['DELETE', `/api/event/${id}/`],
      ['GET', `/api/event/${id}/can_reschedule/`],
      ['POST', `/api/event/${id}/reschedule/`],
      ['POST', `/api/event/${id}/duplicate/`],
      ['POST', `/api/event/${id}/send_calendar_invites/`],
      ['GET', '/api/event/series/'],
      ['POST', '/api/event/series/'],
      ['GET', `/api/event/series/${id}/`],
      ['PATCH', `/api/event/series/${id}/`],
      ['GET', '/api/event/studio-templates/'],
      ['POST', '/api/event/studio-templates/'],
      ['POST', '/api/event/studio-templates/create_from_event/'],
      ['GET', `/api/event/studio-templates/${id}/`],
      ['PATCH', `/api/event/studio-templates/${id}/`],
      ['DELETE', `/api/event/studio-templates/${id}/`],
      ['POST', `/api/event/studio-templates/${id}/duplicate/`],
      ['POST', `/api/event/studio-templates/${id}/create_event/`],
      ['GET', '/api/event/hub-pages/'],
      ['POST', '/api/event/hub-pages/'],
      ['GET', `/api/event/hub-pages/${id}/`],
      ['PATCH', `/api/event/hub-pages/${id}/`],
      ['DELETE', `/api/event/hub-pages/${id}/`],
      ['POST', `/api/event/hub-pages/${id}/duplicate/`],
      ['GET', '/api/core/tags/'],
      ['POST', '/api/core/tags/'],
      ['GET', `/api/core/tags/${id}/`],
      ['PATCH', `/api/core/tags/${id}/`],
      ['DELETE', `/api/core/tags/${id}/`],
      ['GET', '/api/core/workflows/'],
      ['GET', `/api/core/workflows/${id}/`],
    ];
    for (const [method, url] of routes) {
      const response = await studio.app.inject({
        method: method as 'GET',
        url,
        headers: bearer(plain.access),
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: { bogus: true } }),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await studio.app.inject({ method: method as 'GET', url });
      expect(anonymous.statusCode, `${method} ${url} anonymously`).toBe(401);
    }
    expect((await api.get(`/api/event/${id}/`)).status).toBe(200);
  });

  it('with workspaces enabled, a team admin sees and changes only their teams’ events', async () => {
    const org = await newAdmin(studio, 'Teams Org');
    const owner = caller(studio, org.access);
    const teamAdmin = await newMember(studio, org.organization.id, 'WORKSPACE_ADMIN');
    const blue = await newWorkspace(studio, org.access, 'Blue', [teamAdmin.userId]);
    const red = await newWorkspace(studio, org.access, 'Red');
    const inBlue = await newEvent(owner, {
      title: 'Blue event',
      start: inDays(3),
      end: inDays(3, hour),
      workspace: blue.id,
    });
    const inRed = await newEvent(owner, {
      title: 'Red event',
      start: inDays(3),
      end: inDays(3, hour),
      workspace: red.id,
    });
    const orgLevel = await newEvent(owner, { title: 'Org event', start: inDays(3), end: inDays(3, hour) });
    const team = caller(studio, teamAdmin.access);

    // Workspaces off: the team admin works on the whole organisation.
    expect((await team.get<Page<StudioEvent>>('/api/event/')).body.count).toBe(3);

    await studio.app.inject({
      method: 'PATCH',
      url: `/api/core/organization/${org.organization.id}/`,
      headers: bearer(org.access),
      payload: { is_workspace_enabled: true },
    });
    expect(idsOf((await team.get<Page<StudioEvent>>('/api/event/')).body)).toEqual([inBlue.id]);
    expect((await team.get(`/api/event/${inRed.id}/`)).status).toBe(404);
    expect((await team.get(`/api/event/${orgLevel.id}/`)).status).toBe(404);
    expect((await team.patch(`/api/event/${orgLevel.id}/`, { title: 'Taken' })).status).toBe(404);
    expect((await team.patch(`/api/event/${inBlue.id}/`, { workspace: red.id })).body).toMatchObject({
      errors: { workspace: ['You can only use your own teams.'] },
    });
    expect((await team.patch(`/api/event/${inBlue.id}/`, { workspace: null })).body).toMatchObject({
      errors: { workspace: ['Choose one of your teams.'] },
    });
    expect(
      (
        await team.post('/api/event/', {
          title: 'Mine',
          start_time: inDays(4).toISOString(),
          end_time: inDays(4, hour).toISOString(),
        })
      ).status,
    ).toBe(400);
    const mine = await newEvent(team, {
      title: 'Mine',
      start: inDays(4),
      end: inDays(4, hour),
      workspace: blue.id,
    });
    expect(mine.workspace).toEqual({ id: blue.id, name: 'Blue' });
    // The organisation admin still sees everything.
    expect((await owner.get<Page<StudioEvent>>('/api/event/')).body.count).toBe(4);
    expect((await owner.get<Page<StudioEvent>>(`/api/event/?workspace=${red.id}`)).body.count).toBe(1);
    // Another organisation's workspace cannot be used.
    const elsewhere = await newAdmin(studio, 'Elsewhere 2');
    const foreign = await newWorkspace(studio, elsewhere.access, 'Foreign');
    expect((await owner.patch(`/api/event/${orgLevel.id}/`, { workspace: foreign.id })).status).toBe(400);
  });
});
