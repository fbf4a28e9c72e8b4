import { afterAll, describe, expect, it } from 'vitest';
import {
  NO_SHOW_GRACE_MINUTES,
  analyticsBeaconPath,
  analyticsPath,
  type AnalyticsReport,
  type CheckInCounts,
  type EventMember,
  type EventUserStatus,
  type StudioEvent,
} from '@studio/domain';
import { eventually } from '../../../test/harness.ts';
import { openedForFile } from '../../../test/file-studio.ts';
import { fileEngagementWorld, personIn } from '../engagement/engagement.fixtures.ts';
import { startReceiver } from '../webhooks/webhooks.fixtures.ts';
import { sendBeacon } from './browser-beacon.ts';
import { createJobQueue } from '../../platform/jobs/job-queue.ts';
import { noShowSweepJob } from '../registration/registrants/registrations.jobs.ts';

/** The one attendance rule (ATTENDANCE_ACTIONS): the registrant's status, the desk and the summary. */
describe('attendance: a registrant present in the event app is Attended', () => {
  const receiver = openedForFile(startReceiver);
  const world = fileEngagementWorld('Attendance Org', {
    role: 'all',
    jobs: { pollIntervalMs: 50 },
    outboundAllowedHosts: ['127.0.0.1'],
  });
  const db = () => world.studio.database.db;

  /** A person admitted to the event with a registration of this status (the register call's stand-in). */
  async function registrantIn(event: StudioEvent, first: string, status: EventUserStatus = 'REGISTRATION') {
    const person = await personIn(world, event, first);
    const role = await db()
      .selectFrom('event_roles')
      .select('id')
      .where('event_id', '=', event.id)
      .where('user_id', '=', person.userId)
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('event_registrations')
      .values({
        event_role_id: role.id,
        organization_id: event.organization,
        event_id: event.id,
        user_id: person.userId,
        status,
        source: 'form',
        answers: '{}',
        ...(status === 'WAITLISTED' ? { waitlisted_at: new Date() } : {}),
      })
      .execute();
    return { ...person, registrationId: role.id };
  }
  const beacon = async (event: StudioEvent, cookie: string, actions: object[]) => {
    const answer = await sendBeacon(
      world.studio.attendeeSite,
      analyticsBeaconPath(event.id),
      { actions },
      { cookie },
    );
    expect(answer.statusCode).toBe(204);
  };
  const registration = (id: string) =>
    db()
      .selectFrom('event_registrations')
      .select(['status', 'checked_in_at'])
      .where('event_role_id', '=', id)
      .executeTakeFirstOrThrow();
  const checkIn = (event: StudioEvent, member: string) =>
    world.api.post<{ member: EventMember; changed: boolean; counts: CheckInCounts }>(
      `/api/event/${event.id}/attendance/`,
      { member },
    );
  const summary = async (event: StudioEvent) =>
    (await world.api.get<AnalyticsReport>(analyticsPath(event.id, 'summary'))).body.figures;

  it('marks a Registered registrant Attended on their first stage visit, once, told to the webhooks; no desk check-in', async () => {
    const event = await world.newEvent();
    await world.api.post('/api/event/activity-webhooks/', {
      event: event.id,
      url: receiver.url,
      activity_types: ['user_profile:attended'],
    });
    const grace = await registrantIn(event, 'Grace');
    await beacon(event, grace.cookie, [{ action: 'stage_visit' }]);
    expect(await registration(grace.registrationId)).toEqual({ status: 'ATTENDED', checked_in_at: null });
    await beacon(event, grace.cookie, [{ action: 'watched', mode: 'live', seconds: 30 }]);
    await eventually(() => Promise.resolve(expect(receiver.received).toHaveLength(1)));
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
      type: 'user_profile:attended',
      data: { user_id: grace.userId, status: 'ATTENDED' },
    });
    // The second beacon told nothing more.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received).toHaveLength(1);
  });

  it('leaves a waitlisted, canceled or rejected registration as it is; a session_left alone is no attendance', async () => {
    const event = await world.newEvent();
    for (const status of ['WAITLISTED', 'CANCELED', 'REJECTED'] as const) {
      const person = await registrantIn(event, status.toLowerCase(), status);
      // Canceled and rejected people are refused entry; their beacon does not even arrive.
      await sendBeacon(
        world.studio.attendeeSite,
        analyticsBeaconPath(event.id),
        { actions: [{ action: 'stage_visit' }] },
        { cookie: person.cookie },
      );
      expect((await registration(person.registrationId)).status).toBe(status);
    }
    const ada = await registrantIn(event, 'Ada');
    await beacon(event, ada.cookie, [{ action: 'session_left' }]);
    expect((await registration(ada.registrationId)).status).toBe('REGISTRATION');
  });

  it("keeps the desk's checked-in figure to the desk's check-ins; the summary counts both, with its registrations", async () => {
    const event = await world.newEvent();
    const grace = await registrantIn(event, 'Grace');
    const ada = await registrantIn(event, 'Ada');
    await registrantIn(event, 'Alan');
    await registrantIn(event, 'Waiting', 'WAITLISTED');
    const open = await personIn(world, event, 'Walk-in');
    await beacon(event, grace.cookie, [{ action: 'stage_visit' }]);
    await beacon(event, open.cookie, [{ action: 'booth_visit' }]);

    const desk = await checkIn(event, ada.registrationId);
    expect(desk.body).toMatchObject({ changed: true, counts: { checked_in: 1, registered: 3 } });
    // Attended from the app is not in at the desk: checking Grace in still changes something.
    const graceAtDesk = await checkIn(event, grace.registrationId);
    expect(graceAtDesk.body).toMatchObject({ changed: true, counts: { checked_in: 2 } });

    // Grace (app and desk), Ada (desk) and the walk-in of an open event, each once.
    expect(await summary(event)).toMatchObject({ attendees: 3, registrations: 3 });
  });

  it('undoes a desk check-in back to Attended for whoever was present in the app (before or after it), else Registered', async () => {
    const event = await world.newEvent();
    const grace = await registrantIn(event, 'Grace');
    const ada = await registrantIn(event, 'Ada');
    const alan = await registrantIn(event, 'Alan');
    await beacon(event, grace.cookie, [{ action: 'stage_visit' }]);
    for (const person of [grace, ada, alan]) await checkIn(event, person.registrationId);
    // Ada came to the app after the desk had checked her in.
    await beacon(event, ada.cookie, [{ action: 'booth_visit' }]);

    const undo = (member: string) =>
      world.api.post<{ member: EventMember; counts: CheckInCounts }>(`/api/event/${event.id}/attendance/`, {
        member,
        attended: false,
      });
    expect((await undo(grace.registrationId)).body).toMatchObject({
      member: { event_user_status: 'ATTENDED', checked_in_at: null },
    });
    expect(await registration(ada.registrationId)).toMatchObject({ status: 'ATTENDED' });
    await undo(ada.registrationId);
    const alanUndone = await undo(alan.registrationId);
    expect(alanUndone.body).toMatchObject({
      member: { event_user_status: 'REGISTRATION', checked_in_at: null },
      counts: { checked_in: 0, registered: 3 },
    });
    expect(await registration(grace.registrationId)).toEqual({ status: 'ATTENDED', checked_in_at: null });
    expect(await registration(ada.registrationId)).toEqual({ status: 'ATTENDED', checked_in_at: null });
  });

  describe('once the event has ended', () => {
    // Sends the minute's sweep as the schedule would; the studio's own worker runs it.
    const sender = () => {
      const queue = createJobQueue({
        database: world.studio.database,
        log: { info() {}, warn() {}, error() {} },
      });
      queue.register(noShowSweepJob, () => Promise.reject(new Error("the studio's worker sweeps")));
      return queue;
    };
    let queue: ReturnType<typeof sender> | undefined;
    afterAll(async () => {
      await queue?.stop();
    });

    it('makes its Registered people No Shows past the grace; the replay watched in the app then makes one Attended', async () => {
      const event = await world.newEvent();
      const ada = await registrantIn(event, 'Ada');
      const grace = await registrantIn(event, 'Grace');
      const waiting = await registrantIn(event, 'Waiting', 'WAITLISTED');
      const other = await world.newEvent();
      const alan = await registrantIn(other, 'Alan');
      await beacon(event, grace.cookie, [{ action: 'stage_visit' }]);
      // The event ended longer ago than the grace; the other ends within it.
      const endedAt = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
      const ends = async (id: string, minutesAgo: number) =>
        db()
          .updateTable('events')
          .set({ start_time: endedAt(minutesAgo + 60), end_time: endedAt(minutesAgo) })
          .where('id', '=', id)
          .execute();
      await ends(event.id, NO_SHOW_GRACE_MINUTES + 5);
      await ends(other.id, NO_SHOW_GRACE_MINUTES - 5);
      queue = sender();
      await queue.send(noShowSweepJob, {});
      await eventually(async () =>
        expect((await registration(ada.registrationId)).status).toBe('EVENT_NO_SHOW'),
      );
      expect((await registration(grace.registrationId)).status).toBe('ATTENDED');
      expect((await registration(waiting.registrationId)).status).toBe('WAITLISTED');
      expect((await registration(alan.registrationId)).status).toBe('REGISTRATION');

      await beacon(event, ada.cookie, [{ action: 'watched', mode: 'on_demand', seconds: 60 }]);
      expect((await registration(ada.registrationId)).status).toBe('ATTENDED');
    });
  });
});
