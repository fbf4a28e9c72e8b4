import {
  analyticsBeaconPath,
  NO_SHOW_GRACE_MINUTES,
  registrantActivityData,
  surveyAttendeeCalls,
  type StudioEvent,
  type Survey,
} from '@studio/domain';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/harness.ts';
import { openedForFile } from '../../../test/file-studio.ts';
import { createJobQueue } from '../../platform/jobs/job-queue.ts';
import { sendBeacon } from '../analytics/browser-beacon.ts';
import { magicLinkCookie } from '../attendee-site/event-app/event-app.fixtures.ts';
import { fileEngagementWorld, NOW, personIn, newSession } from '../engagement/engagement.fixtures.ts';
import { noShowSweepJob } from '../registration/registrants/registrations.jobs.ts';
import {
  checkInByEmail,
  memberByEmail,
  register,
  registrant,
} from '../registration/registrants/registrants.fixtures.ts';
import { startReceiver } from './webhooks.fixtures.ts';

interface Body {
  type: string;
  data: Record<string, unknown>;
}

/** Spec 002 §3.17's activity ids beyond statuses, chat, questions and votes: each from the action that makes it. */
describe('webhooks hear profile changes, visits, surveys and No Shows', () => {
  const receiver = openedForFile(startReceiver);
  let now = NOW;
  const world = fileEngagementWorld('Activities Org', {
    role: 'all',
    jobs: { pollIntervalMs: 50 },
    outboundAllowedHosts: ['127.0.0.1'],
    clock: () => now,
  });
  const db = () => world.studio.database.db;

  /** A new event with an endpoint for `types`; `received()` the bodies of those types it got. */
  async function hooked(...types: string[]) {
    const event = await world.newEvent();
    const created = await world.api.post('/api/event/activity-webhooks/', {
      event: event.id,
      url: receiver.url,
      activity_types: types,
    });
    expect(created.status).toBe(201);
    const received = () =>
      receiver.received
        .map((request) => JSON.parse(request.body) as Body)
        .filter((body) => body.data.event_id === event.id)
        .map(({ type, data }) => ({ type, data }));
    return { event, received };
  }

  /** A registrant of the event (the register call), entered through their magic link. */
  async function registrantIn(event: StudioEvent, first: string) {
    const person = registrant(first);
    expect((await register(world.studio, event.id, person)).status).toBe(201);
    const cookie = await magicLinkCookie(world.studio, world.api, event.id, { email: person.email });
    return { ...person, cookie };
  }

  it("tells a registrant's profile changed by themselves in the event app and by an organiser", async () => {
    const { event, received } = await hooked('user_profile:updated');
    const ada = await registrantIn(event, 'Ada');
    const edited = await world.studio.attendeeSite.inject({
      method: 'PATCH',
      url: `/e/${event.id}/api/me`,
      headers: { cookie: ada.cookie },
      payload: { first_name: 'Ada', last_name: 'Lovelace', title: 'Analyst', company: 'Engines' },
    });
    expect(edited.statusCode).toBe(200);
    await eventually(() => Promise.resolve(expect(received()).toHaveLength(1)));
    const member = await memberByEmail(world.api, event.id, ada.email);
    expect(member).toMatchObject({ last_name: 'Lovelace' });
    expect(received()[0]).toEqual({
      type: 'user_profile:updated',
      data: { event_id: event.id, ...registrantActivityData(member) },
    });

    // Her profile is the organisation's: an organiser's edit from one event reaches her other registrations.
    const other = await hooked('user_profile:updated');
    expect((await register(world.studio, other.event.id, { ...ada, last_name: 'Lovelace' })).status).toBe(
      201,
    );
    const patched = await world.api.patch(`/api/core/user/${member.user}/`, {
      org_user: { event: event.id, org_user_data: { company: 'Analytical Engines' } },
    });
    expect(patched.status).toBe(200);
    await eventually(() => Promise.resolve(expect(received()).toHaveLength(2)));
    expect(received()[1]).toMatchObject({
      type: 'user_profile:updated',
      data: { registration_id: member.id, email: ada.email, last_name: 'Lovelace' },
    });
    await eventually(() => Promise.resolve(expect(other.received()).toHaveLength(1)));
    const otherMember = await memberByEmail(world.api, other.event.id, ada.email);
    expect(other.received()[0]).toMatchObject({
      type: 'user_profile:updated',
      data: { event_id: other.event.id, registration_id: otherMember.id, email: ada.email },
    });
  });

  it("tells a booth's and a discussion room's visit (the event app's beacons)", async () => {
    const { event, received } = await hooked(
      'user_engagement:attended_booth',
      'user_engagement:attended_discussion_group',
    );
    const grace = await personIn(world, event, 'Grace');
    const booth = await world.api.post<{ id: string }>('/api/event/booths/', {
      event: event.id,
      name: 'Demo',
    });
    const room = await world.api.post<{ id: string }>('/api/event/rooms/', {
      event: event.id,
      name: 'Lounge',
    });
    expect([booth.status, room.status]).toEqual([201, 201]);
    const beacon = await sendBeacon(
      world.studio.attendeeSite,
      analyticsBeaconPath(event.id),
      {
        actions: [
          { action: 'booth_visit', target: booth.body.id },
          { action: 'room_visit', target: room.body.id },
        ],
      },
      { cookie: grace.cookie },
    );
    expect(beacon.statusCode).toBeLessThan(300);
    await eventually(() => Promise.resolve(expect(received()).toHaveLength(2)));
    expect(received().sort((a, b) => a.type.localeCompare(b.type))).toEqual([
      {
        type: 'user_engagement:attended_booth',
        data: { event_id: event.id, user_id: grace.userId, booth_id: booth.body.id },
      },
      {
        type: 'user_engagement:attended_discussion_group',
        data: { event_id: event.id, user_id: grace.userId, room_id: room.body.id },
      },
    ]);
  });

  it("tells an attendee's answered survey", async () => {
    const { event, received } = await hooked('user_engagement:in_app_survey');
    const session = await newSession(world, event);
    const library = await world.api.post<Survey>('/api/event/surveys/', {
      event: event.id,
      title: 'Feedback',
      questions: [{ question_type: 'RATING', required: true, text: 'How was it?' }],
    });
    const survey = await world.api.post<Survey>(`/api/event/surveys/${library.body.id}/duplicate/`, {
      broadcast: session,
    });
    const grace = await personIn(world, event, 'Grace');
    now = new Date('2031-05-01T14:30:00Z');
    const answered = await grace.call('POST', surveyAttendeeCalls.answers(survey.body.id), {
      answers: [{ question_id: survey.body.questions[0]!.id, value: 4 }],
    });
    expect(answered.status).toBe(201);
    await eventually(() => Promise.resolve(expect(received()).toHaveLength(1)));
    expect(received()[0]).toEqual({
      type: 'user_engagement:in_app_survey',
      data: { event_id: event.id, user_id: grace.userId, session_id: session, survey_id: survey.body.id },
    });
  });

  describe('once the event has ended', () => {
    // Sends the minute's sweep as the schedule would; the studio's own worker runs it.
    let queue: ReturnType<typeof createJobQueue> | undefined;
    afterAll(() => queue?.stop());
    const sweep = async () => {
      if (!queue) {
        queue = createJobQueue({
          database: world.studio.database,
          log: { info() {}, warn() {}, error() {} },
        });
        queue.register(noShowSweepJob, () => Promise.reject(new Error("the studio's worker sweeps")));
      }
      const jobId = await queue.send(noShowSweepJob, {});
      await eventually(async () => {
        const { rows } = await sql<{
          state: string;
        }>`select state from pgboss.job where id = ${jobId}`.execute(db());
        expect(rows[0]?.state).toBe('completed');
      });
    };
    /** Nothing left to tell: no status report waiting, the webhooks' outbox empty. */
    const told = () =>
      eventually(async () => {
        const { rows } = await sql<{ count: number }>`select count(*)::int as count from pgboss.job
          where name = 'registration.activities' and state <> 'completed'`.execute(db());
        expect(rows[0]?.count).toBe(0);
        expect(await db().selectFrom('webhook_outbox').select('id').execute()).toEqual([]);
      });

    it('tells each Registered person who never attended a No Show, once however often the sweep runs', async () => {
      const { event, received } = await hooked('user_engagement:event_no_show');
      const ada = await registrantIn(event, 'Ada');
      const grace = await registrantIn(event, 'Grace');
      expect(await checkInByEmail(world.api, event.id, grace.email)).toBe(200);
      const ended = new Date(Date.now() - (NO_SHOW_GRACE_MINUTES + 5) * 60_000);
      await db()
        .updateTable('events')
        .set({ start_time: new Date(ended.getTime() - 3_600_000), end_time: ended })
        .where('id', '=', event.id)
        .execute();

      await sweep();
      await eventually(() => Promise.resolve(expect(received()).toHaveLength(1)));
      const member = await memberByEmail(world.api, event.id, ada.email);
      expect(member.event_user_status).toBe('EVENT_NO_SHOW');
      expect(received()[0]).toEqual({
        type: 'user_engagement:event_no_show',
        data: { event_id: event.id, ...registrantActivityData(member) },
      });

      await sweep();
      await told();
      expect(received()).toHaveLength(1);
    });
  });
});
