import { describe, expect, it } from 'vitest';
import { accessMessages, type StudioEvent } from '@studio/domain';
import { newAdmin, setPlan } from '../access/access.fixtures.ts';
import { caller, type Api } from './back-office.fixtures.ts';
import { fileStudio } from '../../../test/file-studio.ts';

const studio = fileStudio();

const start = new Date(Date.UTC(2031, 5, 1, 10)).toISOString();
const end = new Date(Date.UTC(2031, 5, 1, 11)).toISOString();
const recurrence = {
  frequency: 'daily',
  start_date: '2031-06-01',
  end_date: '2031-06-03',
  start_time: '10:00',
  duration_minutes: 30,
  timezone: 'UTC',
};
/** Each gated creation (spec 002 §6), by the plan feature that allows it. */
const creations: [string, (api: Api) => ReturnType<Api['post']>][] = [
  ['series', (api) => api.post('/api/event/series/', { name: 'Talks' })],
  ['repeatingEvents', (api) => api.post('/api/event/series/', { name: 'Standup', recurrence })],
  ['hubPages', (api) => api.post('/api/event/hub-pages/', { name: 'Hub' })],
  ['templates', (api) => api.post('/api/event/studio-templates/', { title: 'Template' })],
  [
    'inPersonEvents',
    (api) =>
      api.post('/api/event/', { title: 'Meetup', start_time: start, end_time: end, host_type: 'In_Person' }),
  ],
  [
    'hybridEvents',
    (api) =>
      api.post('/api/event/', { title: 'Summit', start_time: start, end_time: end, host_type: 'Hybrid' }),
  ],
];

describe('plan gating of the back office (spec 002 §6)', () => {
  it.each(creations)(
    'refuses %s when the plan does not enable it: 403 FEATURE_NOT_ENABLED',
    async (_feature, create) => {
      const admin = await newAdmin(studio, 'Starter Org');
      await setPlan(studio, admin.organization.id, 'starter', {});
      const refused = await create(caller(studio, admin.access));
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        code: 'FEATURE_NOT_ENABLED',
        message: accessMessages.featureNotEnabled,
      });
    },
  );

  it.each(creations)('creates %s when the plan enables it', async (feature, create) => {
    const admin = await newAdmin(studio, 'Growth Org');
    await setPlan(studio, admin.organization.id, 'growth', { [feature]: true });
    expect((await create(caller(studio, admin.access))).status).toBe(201);
  });

  it('refuses turning a virtual event in-person or hybrid when the plan does not enable it', async () => {
    const admin = await newAdmin(studio, 'Starter Edit Org');
    await setPlan(studio, admin.organization.id, 'starter', { hybridEvents: true });
    const api = caller(studio, admin.access);
    const created = await api.post<StudioEvent>('/api/event/', {
      title: 'Webinar',
      start_time: start,
      end_time: end,
    });
    expect(created.status).toBe(201);
    const toInPerson = await api.patch(`/api/event/${created.body.id}/`, { host_type: 'In_Person' });
    expect(toInPerson.status).toBe(403);
    expect(toInPerson.body).toMatchObject({ code: 'FEATURE_NOT_ENABLED' });
    const unchanged = await api.get<StudioEvent>(`/api/event/${created.body.id}/`);
    expect(unchanged.body.host_type).toBe('Virtual');
    const toHybrid = await api.patch<StudioEvent>(`/api/event/${created.body.id}/`, { host_type: 'Hybrid' });
    expect(toHybrid.status).toBe(200);
    expect(toHybrid.body.host_type).toBe('Hybrid');
  });

  it('keeps everything for an organisation without a tier, and virtual events for every plan', async () => {
    const admin = await newAdmin(studio, 'No Tier Org');
    for (const [, create] of creations) expect((await create(caller(studio, admin.access))).status).toBe(201);
    const starter = await newAdmin(studio, 'Starter Virtual Org');
    await setPlan(studio, starter.organization.id, 'starter', {});
    const virtual = await caller(studio, starter.access).post('/api/event/', {
      title: 'Webinar',
      start_time: start,
      end_time: end,
      host_type: 'Virtual',
    });
    expect(virtual.status).toBe(201);
  });
});
