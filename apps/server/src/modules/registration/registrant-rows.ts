import { sql, type RawBuilder } from 'kysely';
import {
  awaitsApproval,
  registrantActivityData,
  type EventMember,
  type EventUserStatus,
  type RegistrationSource,
} from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import { eventsReadModel } from '../back-office/events.read-model.ts';
import { peopleReadModel, type ProfileColumn } from '../event-roles/people.read-model.ts';
import { usersReadModel } from '../users/users.read-model.ts';

/** A registration with the person as the event's organisation knows them. */
export interface MemberRow {
  id: string;
  event_id: string;
  organization_id: string;
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  company: string | null;
  title: string | null;
  status: EventUserStatus;
  is_blocked: boolean;
  source: RegistrationSource;
  answers: Record<string, unknown>;
  registered_at: Date;
  waitlisted_at: Date | null;
  checked_in_at: Date | null;
  /** The event requires approval (its registration settings; no row: it does not). */
  approval_required: boolean;
}

/** A profile column of the registrant (in a query of registrantRows). */
export const registrantProfile = (column: ProfileColumn) => peopleReadModel.profile(column);

/** A registrants' list's orderings by the person (`ordering=`): first name, email or company, either way. */
export const personOrderings: Record<
  'first_name' | '-first_name' | 'email' | '-email' | 'company' | '-company',
  [RawBuilder<unknown>, 'asc' | 'desc']
> = {
  first_name: [sql`lower(${registrantProfile('first_name')})`, 'asc'],
  '-first_name': [sql`lower(${registrantProfile('first_name')})`, 'desc'],
  email: [sql`users.email`, 'asc'],
  '-email': [sql`users.email`, 'desc'],
  company: [sql`lower(${registrantProfile('company')})`, 'asc'],
  '-company': [sql`lower(${registrantProfile('company')})`, 'desc'],
};

/**
 * Registrations with their people (the organisation's profile, else the account), for the
 * members table, its export and bulk actions, the registration emails and the check-in desk.
 */
export function registrantRows(tx: Executor) {
  const user = sql.ref<string>('event_registrations.user_id');
  return peopleReadModel
    .joinProfiles(
      usersReadModel.joinPeople(tx.selectFrom('event_registrations'), user),
      user,
      sql.ref('event_registrations.organization_id'),
    )
    .select([
      'event_registrations.event_role_id as id',
      'event_registrations.event_id',
      'event_registrations.organization_id',
      'event_registrations.user_id',
      'users.email',
      'event_registrations.status',
      'event_registrations.is_blocked',
      'event_registrations.source',
      'event_registrations.answers',
      'event_registrations.registered_at',
      'event_registrations.waitlisted_at',
      'event_registrations.checked_in_at',
    ])
    .select([
      registrantProfile('first_name').$castTo<string>().as('first_name'),
      registrantProfile('last_name').$castTo<string>().as('last_name'),
      registrantProfile('company').as('company'),
      registrantProfile('title').as('title'),
      sql<boolean>`coalesce((select settings.registration_approval_required
        from event_registration_settings as settings
        where settings.event_id = event_registrations.event_id), false)`.as('approval_required'),
    ]);
}

/** The organisation's events each of these people is registered for, in registration order. */
async function eventsOfPeople(organizationId: string, userIds: readonly string[], tx: Executor) {
  const events = new Map<string, { id: string; title: string }[]>();
  if (userIds.length === 0) return events;
  const rows = await tx
    .selectFrom('event_registrations')
    .select(['event_registrations.user_id', 'event_registrations.event_id'])
    .select(eventsReadModel.titleOf(sql.ref('event_registrations.event_id')).as('title'))
    .where('event_registrations.organization_id', '=', organizationId)
    .where('event_registrations.user_id', 'in', userIds)
    .orderBy('event_registrations.registered_at')
    .orderBy('event_registrations.event_id')
    .execute();
  for (const row of rows)
    events.set(row.user_id, [...(events.get(row.user_id) ?? []), { id: row.event_id, title: row.title }]);
  return events;
}

/** Registrants (of one organisation) as the members table shows them; their events with this one first. */
export async function toEventMembers(
  organizationId: string,
  rows: readonly MemberRow[],
  tx: Executor,
): Promise<EventMember[]> {
  const events = await eventsOfPeople(organizationId, [...new Set(rows.map((row) => row.user_id))], tx);
  return rows.map((row) => {
    const theirs = events.get(row.user_id) ?? [];
    return {
      id: row.id,
      event: row.event_id,
      user: row.user_id,
      email: row.email,
      first_name: row.first_name,
      last_name: row.last_name,
      full_name: `${row.first_name} ${row.last_name}`.trim(),
      company: row.company,
      title: row.title,
      events: [
        ...theirs.filter((event) => event.id === row.event_id),
        ...theirs.filter((event) => event.id !== row.event_id),
      ],
      event_user_status: row.status,
      awaiting_approval: awaitsApproval(row.status, row.approval_required),
      is_blocked: row.is_blocked,
      source: row.source,
      answers: row.answers,
      registered_at: row.registered_at.toISOString(),
      waitlisted_at: row.waitlisted_at?.toISOString() ?? null,
      checked_in_at: row.checked_in_at?.toISOString() ?? null,
    };
  });
}

/** Whether the person registered for one of the organisation's events. */
export async function isRegistrantOf(organizationId: string, userId: string, tx: Executor): Promise<boolean> {
  const row = await tx
    .selectFrom('event_registrations')
    .select('event_role_id')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** One registrant as the members table shows them. */
export async function registrantById(id: string, tx: Executor): Promise<EventMember | undefined> {
  const row = await registrantRows(tx).where('event_registrations.event_role_id', '=', id).executeTakeFirst();
  return row && (await toEventMembers(row.organization_id, [row], tx))[0];
}

/** One registrant as webhooks receive them, in one statement (their other events are not read). */
export async function registrantActivityById(id: string, tx: Executor) {
  const row = await registrantRows(tx)
    .where('event_registrations.event_role_id', '=', id)
    .executeTakeFirstOrThrow();
  return registrantActivityData({ ...row, user: row.user_id, event_user_status: row.status });
}

/** The person's registrations in the organisation as webhooks receive them, with their events. */
export async function registrantActivitiesOfPerson(organizationId: string, userId: string, tx: Executor) {
  const rows = await registrantRows(tx)
    .where('event_registrations.organization_id', '=', organizationId)
    .where('event_registrations.user_id', '=', userId)
    .execute();
  return rows.map((row) => ({
    eventId: row.event_id,
    data: registrantActivityData({ ...row, user: row.user_id, event_user_status: row.status }),
  }));
}

/** These registrants as webhooks receive them, by id, in one statement. */
export async function registrantActivitiesByIds(ids: readonly string[], tx: Executor) {
  if (ids.length === 0) return new Map<string, ReturnType<typeof registrantActivityData>>();
  const rows = await registrantRows(tx).where('event_registrations.event_role_id', 'in', ids).execute();
  return new Map(
    rows.map((row) => [
      row.id,
      registrantActivityData({ ...row, user: row.user_id, event_user_status: row.status }),
    ]),
  );
}

/** Registrants read per page by registrantActivitiesOf. */
const ACTIVITY_PAGE = 500;

/**
 * The event's registrants (or those with these emails) as their activity data, a page at a time
 * (the CRMs' back-fill and retries push each at the status it has now).
 */
export async function* registrantActivitiesOf(
  eventId: string,
  emails: readonly string[] | undefined,
  tx: Executor,
) {
  const lowered = emails?.map((email) => email.toLowerCase());
  if (lowered?.length === 0) return;
  for (let after: string | undefined; ;) {
    let query = registrantRows(tx).where('event_registrations.event_id', '=', eventId);
    if (after) query = query.where('event_registrations.event_role_id', '>', after);
    if (lowered) query = query.where(sql<string>`lower(users.email)`, 'in', lowered);
    const rows = await query.orderBy('event_registrations.event_role_id').limit(ACTIVITY_PAGE).execute();
    yield rows.map((row) =>
      registrantActivityData({ ...row, user: row.user_id, event_user_status: row.status }),
    );
    if (rows.length < ACTIVITY_PAGE) return;
    after = rows.at(-1)!.id;
  }
}
