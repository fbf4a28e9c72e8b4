import { randomUUID } from 'node:crypto';
import {
  MAX_RE_REGISTRATIONS,
  NO_SHOW_GRACE_MINUTES,
  registrantActivityData,
  registrationActivityOf,
  registrationClosed,
  REGISTRANTS_UPDATED,
  registrationCodeMessages,
  SEAT_HOLDING_STATUSES,
  type EventMember,
  type EventRegistrationSettings,
  type EventUserStatus,
  type PricingConfig,
  type RegistrationEmailType,
} from '@studio/domain';
import type { Executor } from '../../../platform/db/executor.ts';
import { HttpError, notFound } from '../../../platform/http/errors.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import { isUuid } from '../../../platform/db/uuid.ts';
import type { EventCore, RegistrationEvent } from '../../back-office/events/event-core.service.ts';
import type { EventRolesService } from '../../event-roles/event-roles.service.ts';
import {
  registrantActivitiesByIds,
  registrantActivitiesOf,
  registrantActivityById,
  registrantActivitiesOfPerson,
  registrantById,
} from '../registrant-rows.ts';
import type { Activities, ActivityReport } from '../../../platform/activities.ts';
import type { Realtime } from '../../../platform/realtime/gateway.ts';
import type {
  BatchRegistration,
  RegistrationOutcome,
  RegistrationRequest,
  Registrations,
} from '../registrations.ts';
import type { RegistrationMailer } from './registration-mails.ts';
import {
  addMemberJob,
  registrationActivitiesJob,
  registrationMailJob,
  registrationMailsJob,
  registrantsUpdatedJob,
  type AddMemberPayload,
  type RegistrationActivitiesPayload,
  type RegistrationMailPayload,
  type RegistrationMailsPayload,
  type RegistrantsUpdatedPayload,
  type RegistrationsWork,
} from './registrations.jobs.ts';
import type {
  NewRegistration,
  RegistrationRow,
  RegistrationsRepository,
} from './registrations.repository.ts';

export interface RegistrationsDeps {
  db: Executor;
  jobs: JobQueue;
  repository: RegistrationsRepository;
  mailer: RegistrationMailer;
  events: Pick<EventCore, 'registrationEventOf'>;
  /** The event's seats, waitlist and approval mode (registration's settings), read in `tx`. */
  settingsOf: (eventId: string, tx: Executor) => Promise<EventRegistrationSettings>;
  eventRoles: Pick<EventRolesService, 'attendeeFor'>;
  /** The organisation's resolved plan (capacity needs registrantCap, the waitlist needs waitlist). */
  planOf: (organizationId: string, tx: Executor) => Promise<PricingConfig>;
  /** The organisation's webhooks hear of each registration and status change (issue 36). */
  activities: () => Activities;
  /** The studio's sockets: an event's Registrants page hears that its registrants changed. */
  realtime: Pick<Realtime, 'publish'>;
  now?: () => Date;
}

/** An import's emails, or new registrations to report, per job (each job goes through them one by one). */
const PER_JOB = 500;

/** An event as seating reads it: its state and its registration settings. */
type SeatedEvent = RegistrationEvent & EventRegistrationSettings;

const holdsSeat = (status: EventUserStatus) => (SEAT_HOLDING_STATUSES as readonly string[]).includes(status);

/** A status change refused for want of a seat (409, the register call's code). */
const limitReached = () =>
  new HttpError(409, 'REGISTRATION_LIMIT_REACHED', registrationCodeMessages.REGISTRATION_LIMIT_REACHED);

const codeOfExisting: Partial<Record<EventUserStatus, RegistrationOutcome & { ok: false }>> = {
  WAITLISTED: { ok: false, code: 'USER_ALREADY_WAITLISTED_FOR_EVENT' },
  CANCELED: { ok: false, code: 'USER_ALREADY_CANCELED_FOR_EVENT' },
  REJECTED: { ok: false, code: 'USER_ALREADY_REJECTED_FOR_EVENT' },
};

/**
 * The registrations service (registrations.ts): every write that takes or frees a seat runs here,
 * after locking the event's row, so capacity is counted by one writer at a time and the waitlist
 * is promoted in the same transaction. Emails are jobs enqueued in that transaction.
 */
export function createRegistrations(deps: RegistrationsDeps) {
  const { db, jobs, repository } = deps;
  const now = deps.now ?? (() => new Date());

  /** Tells the webhooks that a registration has this status now (`registrant`: its data), in `tx`. */
  const reportStatus = (
    event: Pick<RegistrationEvent, 'organizationId' | 'id'>,
    status: EventUserStatus,
    registrant: ActivityReport['data'],
    tx: Executor,
  ) => {
    const type = registrationActivityOf[status];
    return deps
      .activities()
      .record({ organizationId: event.organizationId, eventId: event.id, type, data: registrant }, tx);
  };

  /** The event's studio pages are told its registrants changed, once `tx` has committed. */
  const tellStudio = (event: Pick<RegistrationEvent, 'organizationId' | 'id'>, tx: Executor) =>
    jobs.send(
      registrantsUpdatedJob,
      { organizationId: event.organizationId, eventId: event.id },
      { tx, singletonKey: event.id },
    );

  const mail = (
    event: RegistrationEvent,
    registrationId: string,
    emailType: RegistrationEmailType,
    tx: Executor,
  ) =>
    jobs.send(
      registrationMailJob,
      {
        organizationId: event.organizationId,
        eventId: event.id,
        registrationId,
        emailType,
        occasion: `${emailType}:${randomUUID()}`,
      },
      { tx },
    );

  /**
   * Runs `work` in `tx` (whose opener called ready() first), or in a transaction of its own (then
   * wakes the mail workers).
   */
  async function writing<T>(tx: Executor | undefined, work: (tx: Executor) => Promise<T>): Promise<T> {
    if (tx) return work(tx);
    await jobs.ready();
    const result = await db.transaction().execute(work);
    jobs.nudge(registrationMailJob);
    jobs.nudge(registrantsUpdatedJob);
    return result;
  }

  /** Seats of the event under its plan: null when unlimited. */
  async function capacityOf(
    event: SeatedEvent,
    tx: Executor,
  ): Promise<{ seats: number | null; waitlist: boolean }> {
    const plan = await deps.planOf(event.organizationId, tx);
    return {
      seats: plan.registrantCap ? event.registration_capacity : null,
      waitlist: plan.waitlist && event.waitlist_enabled,
    };
  }

  async function lockedEvent(organizationId: string, eventId: string, tx: Executor): Promise<SeatedEvent> {
    const event = await deps.events.registrationEventOf(eventId, tx, true);
    if (!event || event.organizationId !== organizationId) throw notFound();
    return { ...event, ...(await deps.settingsOf(eventId, tx)) };
  }

  /**
   * The first of the waitlist take the free seats (never in approval mode), each told by email and
   * reported registered, as an organiser's promotion is.
   */
  async function promote(event: SeatedEvent, tx: Executor): Promise<void> {
    if (event.registration_approval_required) return;
    const { seats } = await capacityOf(event, tx);
    const free = seats === null ? null : seats - (await repository.seatsHeld(event.id, tx));
    if (free !== null && free <= 0) return;
    const promoted = await repository.firstWaitlisted(event.id, free, tx);
    for (const row of promoted) {
      await repository.setStatus(row, 'REGISTRATION', tx);
      await reportStatus(
        event,
        'REGISTRATION',
        (read) => registrantActivityById(row.event_role_id, read ?? tx),
        tx,
      );
      await mail(event, row.event_role_id, 'Promoted', tx);
    }
    if (promoted.length > 0) await tellStudio(event, tx);
  }

  const closed = (event: RegistrationEvent) => registrationClosed(event, now());

  /** Someone registering again: a Registered person gets a new confirmation (a few times). */
  async function again(
    existing: RegistrationRow,
    event: RegistrationEvent,
    request: Pick<RegistrationRequest, 'sendEmail'>,
    tx: Executor,
  ): Promise<RegistrationOutcome> {
    if (existing.is_blocked) return { ok: false, code: 'USER_BLOCKED_FROM_EVENT' };
    const refused = codeOfExisting[existing.status];
    if (refused) return refused;
    if (existing.re_registrations >= MAX_RE_REGISTRATIONS)
      return { ok: false, code: 'MAX_RE_REGISTRATION_LIMIT_REACHED' };
    await repository.countReRegistration(existing.event_role_id, tx);
    if (request.sendEmail) await mail(event, existing.event_role_id, 'Registration', tx);
    return { ok: false, code: 'USER_ALREADY_IN_EVENT' };
  }

  /**
   * Decides new registrations' statuses, one after the other: the event's capacity and seats
   * held are read once (in `tx`, under the event's lock), and each seat given is counted.
   * Answers the status, or null for the code refusing it (REGISTRATION_LIMIT_REACHED).
   */
  function seating(event: SeatedEvent, tx: Executor) {
    let capacity: { seats: number | null; waitlist: boolean } | undefined;
    let held: number | undefined;
    let given = 0;
    return async (
      request: Pick<RegistrationRequest, 'status'>,
    ): Promise<{ status: EventUserStatus; awaitingApproval: boolean } | null> => {
      // An organiser's chosen status is their approval; a public registration waits for it.
      if (request.status === undefined && event.registration_approval_required)
        return { status: 'WAITLISTED', awaitingApproval: true };
      const wanted = request.status ?? 'REGISTRATION';
      if (wanted !== 'REGISTRATION') {
        if (holdsSeat(wanted)) given += 1;
        return { status: wanted, awaitingApproval: false };
      }
      capacity ??= await capacityOf(event, tx);
      if (capacity.seats === null) return { status: 'REGISTRATION', awaitingApproval: false };
      held ??= await repository.seatsHeld(event.id, tx);
      if (held + given < capacity.seats) {
        given += 1;
        return { status: 'REGISTRATION', awaitingApproval: false };
      }
      return capacity.waitlist ? { status: 'WAITLISTED', awaitingApproval: false } : null;
    };
  }

  /** The email a new registration gets (none while it awaits approval). */
  const welcomeOf = (decided: { status: EventUserStatus; awaitingApproval: boolean }) =>
    holdsSeat(decided.status)
      ? ('Registration' as const)
      : decided.status === 'WAITLISTED' && !decided.awaitingApproval
        ? ('Waitlist' as const)
        : null;

  async function register(request: RegistrationRequest, tx?: Executor): Promise<RegistrationOutcome> {
    return writing(tx, async (tx) => {
      const event = await lockedEvent(request.organizationId, request.eventId, tx);
      if (closed(event)) return { ok: false, code: 'REGISTRATION_CLOSED' };
      const existing = await repository.findByEmail(event.id, request.person.email, tx);
      if (existing) return again(existing, event, request, tx);
      const decided = await seating(event, tx)(request);
      if (!decided) return { ok: false, code: 'REGISTRATION_LIMIT_REACHED' };
      // Only now is the person found or created: a refusal leaves nobody behind.
      const { userId, eventRoleId, person, newPerson } = await deps.eventRoles.attendeeFor(
        request.organizationId,
        event.id,
        request.person,
        tx,
      );
      const stored = await repository.insert(
        [newRegistration(request.organizationId, event.id, userId, eventRoleId, decided.status, request)],
        tx,
      );
      const welcome = request.sendEmail ? welcomeOf(decided) : null;
      if (welcome) await mail(event, eventRoleId, welcome, tx);
      // The registrant as this transaction wrote them: reporting them reads nothing more (issue 36).
      const registrant = registrantActivityData({
        id: eventRoleId,
        user: userId,
        ...person,
        event_user_status: decided.status,
        answers: stored.get(eventRoleId)!,
      });
      await reportStatus(event, decided.status, registrant, tx);
      await tellStudio(event, tx);
      return { ok: true, registrationId: eventRoleId, userId, created: true, newPerson, ...decided };
    });
  }

  const newRegistration = (
    organizationId: string,
    eventId: string,
    userId: string,
    eventRoleId: string,
    status: EventUserStatus,
    request: BatchRegistration,
  ): NewRegistration => ({
    event_role_id: eventRoleId,
    organization_id: organizationId,
    event_id: eventId,
    user_id: userId,
    status,
    source: request.source,
    form_id: request.formId ?? null,
    answers: request.answers,
    timezone: request.timezone ?? null,
  });

  /**
   * Many people into one event (registrations.ts): one lock, one capacity count, each person and
   * their role through the event roles service, then the registrations written and their emails
   * and statuses' reports enqueued in batches (jobs that go through each), all in `tx`.
   */
  async function registerMany(
    organizationId: string,
    eventId: string,
    requests: readonly BatchRegistration[],
    tx: Executor,
  ): Promise<RegistrationOutcome[]> {
    const event = await lockedEvent(organizationId, eventId, tx);
    if (closed(event)) return requests.map(() => ({ ok: false, code: 'REGISTRATION_CLOSED' }));
    const existing = await repository.findByEmails(
      event.id,
      requests.map((request) => request.person.email),
      tx,
    );
    const decide = seating(event, tx);
    const outcomes: RegistrationOutcome[] = [];
    const written: NewRegistration[] = [];
    const mails: RegistrationMailsPayload['mails'] = [];
    const reported: RegistrationActivitiesPayload['registrations'] = [];
    for (const request of requests) {
      const found = existing.get(request.person.email.trim().toLowerCase());
      if (found) {
        outcomes.push(await again(found, event, request, tx));
        continue;
      }
      const decided = await decide(request);
      if (!decided) {
        outcomes.push({ ok: false, code: 'REGISTRATION_LIMIT_REACHED' });
        continue;
      }
      const { userId, eventRoleId, newPerson } = await deps.eventRoles.attendeeFor(
        organizationId,
        event.id,
        request.person,
        tx,
      );
      written.push(newRegistration(organizationId, event.id, userId, eventRoleId, decided.status, request));
      const welcome = request.sendEmail ? welcomeOf(decided) : null;
      if (welcome) mails.push({ registrationId: eventRoleId, emailType: welcome });
      reported.push({ registrationId: eventRoleId, status: decided.status });
      outcomes.push({ ok: true, registrationId: eventRoleId, userId, created: true, newPerson, ...decided });
    }
    await repository.insert(written, tx);
    const occasion = randomUUID();
    for (let start = 0; start < mails.length; start += PER_JOB)
      await jobs.send(
        registrationMailsJob,
        { organizationId, eventId: event.id, occasion, mails: mails.slice(start, start + PER_JOB) },
        { tx },
      );
    await reportLater({ organizationId, eventId: event.id, registrations: reported }, tx);
    return outcomes;
  }

  /** Statuses of many registrations of an event, reported by jobs (PER_JOB each) enqueued in `tx`. */
  async function reportLater(statuses: RegistrationActivitiesPayload, tx: Executor): Promise<void> {
    const { registrations, ...event } = statuses;
    await tellStudio({ organizationId: event.organizationId, id: event.eventId }, tx);
    for (let start = 0; start < registrations.length; start += PER_JOB)
      await jobs.send(
        registrationActivitiesJob,
        { ...event, registrations: registrations.slice(start, start + PER_JOB) },
        { tx },
      );
  }

  /**
   * The attendance rule's No Shows: Registered people of events ended more than the grace ago,
   * each reported (user_engagement:event_no_show) by a job enqueued in the same transaction, so a
   * sweep run again finds them No Shows already and reports none twice.
   */
  async function sweepNoShows(): Promise<number> {
    const endedBy = new Date(now().getTime() - NO_SHOW_GRACE_MINUTES * 60_000);
    await jobs.ready();
    const marked = await db.transaction().execute(async (tx) => {
      const rows = await repository.markNoShows(endedBy, tx);
      for (const eventId of new Set(rows.map((row) => row.event_id))) {
        const ofEvent = rows.filter((row) => row.event_id === eventId);
        const registrations = ofEvent.map((row) => ({
          registrationId: row.event_role_id,
          status: 'EVENT_NO_SHOW' as const,
        }));
        await reportLater({ organizationId: ofEvent[0]!.organization_id, eventId, registrations }, tx);
      }
      return rows.length;
    });
    if (marked > 0) {
      jobs.nudge(registrationActivitiesJob);
      jobs.nudge(registrantsUpdatedJob);
    }
    return marked;
  }

  async function changeStatus(
    organizationId: string,
    registrationId: string,
    status: EventUserStatus,
  ): Promise<EventMember> {
    const found = isUuid(registrationId) ? await repository.find(registrationId) : undefined;
    if (!found || found.organization_id !== organizationId) throw notFound();
    await writing(undefined, async (tx) => {
      const event = await lockedEvent(organizationId, found.event_id, tx);
      const row = await repository.find(registrationId, tx);
      if (!row || row.status === status) return;
      if (holdsSeat(status) && !holdsSeat(row.status) && !row.is_blocked) {
        const { seats } = await capacityOf(event, tx);
        if (seats !== null && (await repository.seatsHeld(event.id, tx)) >= seats) throw limitReached();
      }
      await repository.setStatus(row, status, tx);
      await reportStatus(event, status, (read) => registrantActivityById(row.event_role_id, read ?? tx), tx);
      await tellStudio(event, tx);
      if (status === 'REGISTRATION' && row.status === 'WAITLISTED')
        await mail(
          event,
          row.event_role_id,
          event.registration_approval_required ? 'Approved' : 'Promoted',
          tx,
        );
      if (status === 'REJECTED') await mail(event, row.event_role_id, 'Rejected', tx);
      // A seat given up: the registrant's calendar entry is withdrawn (METHOD:CANCEL).
      if (status === 'CANCELED' && holdsSeat(row.status))
        await mail(event, row.event_role_id, 'Canceled', tx);
      if (holdsSeat(row.status) && !holdsSeat(status)) await promote(event, tx);
    });
    return (await registrantById(registrationId, db))!;
  }

  const registrations: Registrations = {
    ready: () => jobs.ready(),
    register,
    registerMany,
    changeStatus,
    async attendedInApp(organizationId, eventId, userId) {
      await jobs.ready();
      const attended = await db.transaction().execute(async (tx) => {
        const registrationId = await repository.attendedInApp(organizationId, eventId, userId, tx);
        if (!registrationId) return false;
        await tellStudio({ organizationId, id: eventId }, tx);
        await deps.activities().record(
          {
            organizationId,
            eventId,
            type: registrationActivityOf.ATTENDED,
            data: (read) => registrantActivityById(registrationId, read ?? tx),
          },
          tx,
        );
        return true;
      });
      if (attended) jobs.nudge(registrantsUpdatedJob);
      return attended;
    },
    async seatsFreed(organizationId, eventId, tx) {
      await writing(tx, async (tx) => promote(await lockedEvent(organizationId, eventId, tx), tx));
    },
    async member(organizationId, registrationId) {
      const member = isUuid(registrationId) ? await registrantById(registrationId, db) : undefined;
      return member && (await repository.find(registrationId))?.organization_id === organizationId
        ? member
        : null;
    },
  };

  const work: RegistrationsWork = {
    async sendMail(payload: RegistrationMailPayload) {
      const member = await registrantById(payload.registrationId, db);
      const event = await deps.events.registrationEventOf(payload.eventId, db, false);
      if (!member || !event || member.is_blocked) return;
      await deps.mailer.send(member, event, payload.emailType, payload.occasion);
    },
    /** An import's emails, each enqueued as its own job (its occasion kept: a retry sends none twice). */
    async enqueueMails(payload: RegistrationMailsPayload) {
      for (const { registrationId, emailType } of payload.mails)
        await jobs.send(registrationMailJob, {
          organizationId: payload.organizationId,
          eventId: payload.eventId,
          registrationId,
          emailType,
          occasion: `${emailType}:${payload.occasion}`,
        });
    },
    /**
     * An import's new registrations (or the sweep's No Shows), each status reported as `register`
     * reports one's (webhooks, CRM pushes, Slack, Marketo), their data read in one statement; in
     * one transaction, so a retried job reports none twice.
     */
    async reportStatuses(payload: RegistrationActivitiesPayload) {
      const event = { organizationId: payload.organizationId, id: payload.eventId };
      const ids = payload.registrations.map((registration) => registration.registrationId);
      await db.transaction().execute(async (tx) => {
        const registrants = await registrantActivitiesByIds(ids, tx);
        for (const { registrationId, status } of payload.registrations) {
          const registrant = registrants.get(registrationId);
          if (registrant) await reportStatus(event, status, registrant, tx);
        }
      });
    },
    async addMember(payload: AddMemberPayload) {
      await register({
        organizationId: payload.organizationId,
        eventId: payload.eventId,
        person: payload.person,
        answers: payload.answers ?? {},
        formId: payload.formId ?? null,
        source: 'manual',
        status: payload.status,
        sendEmail: payload.sendEmail,
      });
    },
    sweepNoShows,
    async registrantsUpdated({ organizationId, eventId }: RegistrantsUpdatedPayload) {
      await deps.realtime.publish(
        organizationId,
        { type: REGISTRANTS_UPDATED, data: { eventId } },
        { eventId },
      );
    },
  };

  return {
    ...registrations,
    work,

    /** The event's registrants (or those with these emails) as their activity data, page by page. */
    registrantsToSync: (eventId: string, emails?: readonly string[]) =>
      registrantActivitiesOf(eventId, emails, db),

    /** POST /api/event/event-members/: the registration is a durable job (answered 202). */
    async enqueueAddMember(payload: AddMemberPayload): Promise<void> {
      await jobs.ready();
      await jobs.send(addMemberJob, payload);
      jobs.nudge(addMemberJob);
    },

    /**
     * A person's profile changed (the people's link): it is the organisation's one profile, so each
     * of their registrations is told (user_profile:updated, to each event's subscribers).
     */
    async profileUpdated(organizationId: string, userId: string): Promise<void> {
      for (const { eventId, data } of await registrantActivitiesOfPerson(organizationId, userId, db))
        await deps.activities().record({ organizationId, eventId, type: 'user_profile:updated', data });
    },

    /** The registrant's cancel link (the attendee site's cancel page): Canceled, the seat freed. */
    async cancel(eventId: string, registrationId: string): Promise<EventMember | null> {
      const found = isUuid(registrationId) ? await repository.find(registrationId) : undefined;
      if (!found || found.event_id !== eventId) return null;
      if (found.status === 'CANCELED') return registrantById(registrationId, db).then((m) => m ?? null);
      return changeStatus(found.organization_id, registrationId, 'CANCELED');
    },
  };
}

export type RegistrationsService = ReturnType<typeof createRegistrations>;
