import { z } from 'zod';
import {
  CHECK_IN_NOT_REGISTERED,
  CHECK_IN_SEARCH_LIMIT,
  CHECK_IN_UPDATED,
  checkInMessages,
  registrantActivityData,
  registrationActivityOf,
  SEAT_HOLDING_STATUSES,
  type attendanceAnswerSchema,
  type attendanceSchema,
  type CheckInCounts,
  type EventMember,
} from '@studio/domain';
import type { Activities } from '../../../platform/activities.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import { fieldError, HttpError, notFound } from '../../../platform/http/errors.ts';
import type { Realtime } from '../../../platform/realtime/gateway.ts';
import type { PubSub } from '../../../platform/realtime/pubsub.ts';
import type { RegistrationTokens } from '../registration-tokens.ts';
import { createCheckInRepository, type PresentInApp } from './check-in.repository.ts';

/** The pub/sub channel every process's open desks listen on. */
export const CHECK_IN_CHANNEL = 'check_in';
/** What crosses processes on it: an event's new counts. */
export const checkInPushSchema = z.object({
  eventId: z.string(),
  checked_in: z.number().int(),
  registered: z.number().int(),
});
export type CheckInPush = z.infer<typeof checkInPushSchema>;

export type Attendance = z.infer<typeof attendanceSchema>;
export type AttendanceAnswer = z.infer<typeof attendanceAnswerSchema>;

/** The event a check-in is made in: its id and organisation (already checked by the caller). */
export interface CheckInEvent {
  id: string;
  organizationId: string;
}

export interface CheckInDeps {
  db: Executor;
  tokens: RegistrationTokens;
  realtime: Pick<Realtime, 'publish'>;
  pubsub: Pick<PubSub, 'publish'>;
  /** The organisation's webhooks hear of each check-in (issue 36). */
  activities: () => Activities;
  /** Undoing a check-in leaves Attended whoever was present in the event's app. */
  presentInApp: PresentInApp;
}

const SEAT_HOLDING: readonly string[] = SEAT_HOLDING_STATUSES;
const codeInvalid = () => fieldError('code', checkInMessages.codeInvalid, 'CHECK_IN_CODE_INVALID');

/**
 * In-person attendance (issue 16 §6): the studio's attendance call and the check-in desk share it.
 * A registrant holding a seat is marked Attended with when and by whom; marking again changes
 * nothing (the desk's offline queue may send a check-in twice). Each change is pushed to the
 * event's studio sockets and to every open desk with the new counts.
 */
export function createCheckInService(deps: CheckInDeps) {
  const repository = createCheckInRepository(deps.db, deps.presentInApp);

  /** The registration a request names in this event: by id, or by the QR code's signed text. */
  function registrationIdOf(event: CheckInEvent, input: Attendance): string {
    if ('member' in input) return input.member;
    const token = deps.tokens.read('ci', input.code);
    if (!token || token.eventId !== event.id) throw codeInvalid();
    return token.subjectId;
  }

  async function publish(event: CheckInEvent, counts: CheckInCounts): Promise<void> {
    await deps.realtime.publish(
      event.organizationId,
      { type: CHECK_IN_UPDATED, data: { eventId: event.id, event: event.id, ...counts } },
      { eventId: event.id },
    );
    await deps.pubsub.publish(CHECK_IN_CHANNEL, { eventId: event.id, ...counts } satisfies CheckInPush);
  }

  return {
    async attendance(
      event: CheckInEvent,
      input: Attendance,
      checkedInBy: string | null,
    ): Promise<AttendanceAnswer> {
      const registrationId = registrationIdOf(event, input);
      const { changed, member, counts } = await deps.db.transaction().execute(async (tx) => {
        const registration = await repository.lockRegistration(registrationId, tx);
        if (!registration || registration.event_id !== event.id) {
          if ('code' in input) throw codeInvalid();
          throw notFound();
        }
        if (registration.is_blocked || !SEAT_HOLDING.includes(registration.status)) {
          throw new HttpError(400, CHECK_IN_NOT_REGISTERED, checkInMessages.notRegistered);
        }
        // Checked in is the desk's stamp: someone Attended from the event's app is not yet in.
        const isIn = registration.checked_in_at !== null;
        const changes = input.attended !== isIn;
        if (changes && input.attended) await repository.markAttended(registrationId, checkedInBy, tx);
        if (changes && !input.attended) await repository.unmarkAttended(registrationId, tx);
        const found = await repository.member(event.id, registrationId, tx);
        if (!found) throw notFound();
        if (changes && input.attended && registration.status !== 'ATTENDED')
          await deps.activities().record(
            {
              organizationId: event.organizationId,
              eventId: event.id,
              type: registrationActivityOf.ATTENDED,
              data: registrantActivityData(found),
            },
            tx,
          );
        return { changed: changes, member: found, counts: await repository.counts(event.id, tx) };
      });
      if (changed) await publish(event, counts);
      return { member, changed, counts };
    },

    /** A page of the desk's search (`CHECK_IN_SEARCH_LIMIT` from `offset`), how many match, the counts. */
    async search(
      eventId: string,
      search: string,
      offset = 0,
    ): Promise<{ results: EventMember[]; count: number; counts: CheckInCounts }> {
      const [page, counts] = await Promise.all([
        repository.search(eventId, search, { limit: CHECK_IN_SEARCH_LIMIT, offset }),
        repository.counts(eventId),
      ]);
      return { ...page, counts };
    },

    counts: (eventId: string) => repository.counts(eventId),
  };
}

export type CheckInService = ReturnType<typeof createCheckInService>;
