import { describe, expect, it } from 'vitest';
import type { EventMember, Page, RegistrantActivityUrl, RegistrantProfile } from '@studio/domain';
import { register, registrant, registrationEvent } from '../registrants/registrants.fixtures.ts';
import { fileAdminAndOutsider } from '../../../../test/file-studio.ts';

const org = fileAdminAndOutsider('Activity Org', 'Other Activity Org');
const { studio, api, outsider } = org;

const publicGet = async <T>(url: string) => {
  const response = await studio.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json<T>() };
};

/** A person registered for two of the organisation's events; their user id. */
async function registeredTwice(): Promise<{ userId: string; titles: string[] }> {
  const person = registrant('Grace');
  const first = await registrationEvent(api);
  const second = await registrationEvent(
    api,
    {},
    {
      start: new Date(Date.now() + 20 * 86_400_000),
      end: new Date(Date.now() + 20 * 86_400_000 + 3_600_000),
    },
  );
  for (const event of [first, second]) expect((await register(studio, event.id, person)).status).toBe(201);
  const members = await api.get<Page<EventMember>>(`/api/event/event-members/?event=${first.id}`);
  const member = members.body.results.find((row) => row.email === person.email);
  if (!member) throw new Error('The registrant is not listed');
  return { userId: member.user, titles: [second.title, first.title] };
}

describe('registrant activity (002 §7.11)', () => {
  it('gives an organiser one short URL per person, whose page lists their registrations', async () => {
    const { userId, titles } = await registeredTwice();
    const made = await api.post<RegistrantActivityUrl>('/api/core/registrant_activity_url/', {
      user: userId,
    });
    expect(made.status).toBe(200);
    expect(made.body.url).toMatch(/\/registrants-activity\?short_url=[\w-]{22}$/);
    const again = await api.post<RegistrantActivityUrl>('/api/core/registrant_activity_url/', {
      user: userId,
    });
    expect(again.body.short_url).toBe(made.body.short_url);

    const shortUrl = made.body.short_url;
    expect(await publicGet(`/api/core/registrant_activity_url/is_enabled/?short_url=${shortUrl}`)).toEqual({
      status: 200,
      body: { is_enabled: true, organization_id: org.organizationId },
    });
    const profile = await publicGet<RegistrantProfile>(
      `/api/core/registrant_activity_url/registrant_profile/?short_url=${shortUrl}&organization_id=${org.organizationId}`,
    );
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ full_name: 'Grace Parks', company: null });
    // The latest event first.
    expect(profile.body.events.map((event) => event.title)).toEqual(titles);
    expect(profile.body.events[0]).toMatchObject({ event_user_status: 'REGISTRATION', checked_in_at: null });
  });

  it('answers not enabled for an unknown short URL, and 404 for another organisation', async () => {
    expect(await publicGet('/api/core/registrant_activity_url/is_enabled/?short_url=nothing-here')).toEqual({
      status: 200,
      body: { is_enabled: false, organization_id: null },
    });
    const { userId } = await registeredTwice();
    const made = await api.post<RegistrantActivityUrl>('/api/core/registrant_activity_url/', {
      user: userId,
    });
    const otherOrganization = '00000000-0000-4000-8000-000000000000';
    expect(
      (
        await publicGet(
          `/api/core/registrant_activity_url/registrant_profile/?short_url=${made.body.short_url}&organization_id=${otherOrganization}`,
        )
      ).status,
    ).toBe(404);
    // Another organisation's organiser cannot make a page for someone who never registered with them.
    expect((await outsider.post('/api/core/registrant_activity_url/', { user: userId })).status).toBe(404);
    expect((await outsider.post('/api/core/registrant_activity_url/', { user: 'not-a-user' })).status).toBe(
      400,
    );
  });

  it('stops a revoked link from opening; the next link made is a new one', async () => {
    const { userId } = await registeredTwice();
    const made = await api.post<RegistrantActivityUrl>('/api/core/registrant_activity_url/', {
      user: userId,
    });
    // Another organisation cannot revoke it (it revokes only its own people's links).
    expect((await outsider.delete(`/api/core/registrant_activity_url/?user=${userId}`)).status).toBe(204);
    const enabled = `/api/core/registrant_activity_url/is_enabled/?short_url=${made.body.short_url}`;
    expect((await publicGet<{ is_enabled: boolean }>(enabled)).body.is_enabled).toBe(true);

    expect((await api.delete(`/api/core/registrant_activity_url/?user=${userId}`)).status).toBe(204);
    expect((await publicGet<{ is_enabled: boolean }>(enabled)).body.is_enabled).toBe(false);
    expect(
      (
        await publicGet(
          `/api/core/registrant_activity_url/registrant_profile/?short_url=${made.body.short_url}&organization_id=${org.organizationId}`,
        )
      ).status,
    ).toBe(404);
    const renewed = await api.post<RegistrantActivityUrl>('/api/core/registrant_activity_url/', {
      user: userId,
    });
    expect(renewed.body.short_url).not.toBe(made.body.short_url);
    expect((await api.delete('/api/core/registrant_activity_url/?user=not-a-user')).status).toBe(400);
  });
});
