import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_ROLES, type BulkEventRolesAnswer, type Page, type PeopleJob } from '@studio/domain';
import { fileStudio, organiserWithEvent } from '../../../test/file-studio.ts';
import { addTestPerson } from './event-invitations.fixtures.ts';

/**
 * A bulk invitation runs in the same process as the studio's requests, as `npm start` runs it
 * (role all, embedded PGlite by default, mail kept in the outbox): the organiser who started it
 * is answered while it is being sent, not once it has ended.
 */
const SPEAKERS = 150;
const studio = fileStudio({ role: 'all' });
const { api, event } = organiserWithEvent(studio, 'Bulk Invitations Org', {
  title: 'Crowded Summit',
  start: '2031-04-01T09:00:00Z',
  end: '2031-04-01T17:00:00Z',
});

beforeAll(async () => {
  for (let index = 0; index < SPEAKERS; index += 1)
    await addTestPerson(studio.database.db, { eventId: event.id, role: EVENT_ROLES.SPEAKER });
});

const jobOf = async (id: string) => (await api.get<PeopleJob>(`/api/event/people-jobs/${id}/`)).body;

describe('a bulk invitation beside the studio’s requests', () => {
  it('answers the enqueue and a list while the invitations are being sent, then finishes', async () => {
    const enqueued = await api.post<BulkEventRolesAnswer>('/api/event/event-roles/bulk/', {
      event: event.id,
      role: EVENT_ROLES.SPEAKER,
      action: 'resend_invite',
      selection: { all: true },
    });
    expect(enqueued.status).toBe(200);
    expect(enqueued.body.count).toBe(SPEAKERS);
    const job = enqueued.body.job!;

    const listed = await api.get<Page<unknown>>(`/api/event/event-roles/?event=${event.id}&role=4`);
    expect(listed.body.count).toBe(SPEAKERS);
    // Both answers came before the last invitation left.
    const meanwhile = await studio.database.db
      .selectFrom('people_jobs')
      .select(['state', 'done'])
      .where('id', '=', job)
      .executeTakeFirstOrThrow();
    expect(meanwhile.state).not.toBe('done');
    expect(meanwhile.done).toBeLessThan(SPEAKERS);

    while ((await jobOf(job)).state !== 'done') await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await jobOf(job)).toMatchObject({ state: 'done', total: SPEAKERS, done: SPEAKERS });
  });
});
