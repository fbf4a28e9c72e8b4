import { sql, type Selectable } from 'kysely';
import {
  EMAIL_TYPE_NAMES,
  EMAIL_TYPES,
  isScheduled,
  needsChosenTemplate,
  scheduledSendTime,
  offsetOf,
  type EmailAudience,
  type EmailType,
  type RelativeTime,
} from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import { organizationRows } from '../../platform/db/scoped-row.ts';
import type { EmailScheduleOwnerType, EmailScheduleTable } from './email-schedules.tables.ts';

export type EmailScheduleRecord = Selectable<EmailScheduleTable>;

/** Whose schedule it is. */
export interface ScheduleOwner {
  organizationId: string;
  type: EmailScheduleOwnerType;
  id: string;
}

/** An event's times, which its scheduled types follow. */
export interface EventTimes {
  startTime: Date;
  endTime: Date;
}

/**
 * An event's times as its schedule reads them: none for a recording, which has no schedule
 * (`isScheduled`), so its timed emails (reminders, follow-ups) get no time and never fall due.
 */
export const scheduleTimesOf = (event: {
  event_type: string;
  start_time: Date;
  end_time: Date;
}): EventTimes | null =>
  isScheduled(event.event_type) ? { startTime: event.start_time, endTime: event.end_time } : null;

export interface ScheduleWrite {
  emailType: EmailType;
  active: boolean;
  relativeTime: RelativeTime;
  offsetMinutes: number;
  audience: EmailAudience;
  emailTemplateId: string | null;
}

/** The types the email scheduler sends at their time (the people's reminders have a time, but their own sweep). */
const SCHEDULED_TYPES = EMAIL_TYPES.filter((definition) => definition.trigger === 'scheduled').map(
  (definition) => definition.emailType,
);

const isTimed = (emailType: EmailType) =>
  EMAIL_TYPES.some((definition) => definition.emailType === emailType && definition.trigger !== 'on-action');

/** When a row sends: an event's timed types (scheduled ones and the people's reminders) have a time. */
function sendAtOf(owner: ScheduleOwner, times: EventTimes | null, write: Omit<ScheduleWrite, 'active'>) {
  if (owner.type !== 'event' || !times || !isTimed(write.emailType)) return null;
  return scheduledSendTime(times, { ...offsetOf(write.offsetMinutes), relativeTime: write.relativeTime });
}

/** The types that send only a chosen template (the custom email). */
const TYPES_WITHOUT_DEFAULT = EMAIL_TYPE_NAMES.filter(needsChosenTemplate);

export function createEmailSchedulesRepository(db: Executor) {
  const ownedBy = (owner: ScheduleOwner, tx: Executor) =>
    tx
      .selectFrom('email_schedules')
      .selectAll()
      .where('organization_id', '=', owner.organizationId)
      .where('owner_type', '=', owner.type)
      .where('owner_id', '=', owner.id);

  return {
    /**
     * Which of `ids` are templates of the owner's, with their subject (a template is sent only
     * with one), each held (`for share`) until `tx` ends: a template's deletion waits for the save
     * that chose it, then lets the schedule go of it.
     */
    async ownTemplates(
      owner: ScheduleOwner,
      ids: readonly string[],
      tx: Executor,
    ): Promise<Map<string, { subject: string }>> {
      if (ids.length === 0) return new Map();
      const column = (
        { event: 'event_id', event_template: 'event_template_id', series: 'series_id' } as const
      )[owner.type];
      const rows = await tx
        .selectFrom('email_templates')
        .select(['id', 'subject'])
        .where('organization_id', '=', owner.organizationId)
        .where(column, '=', owner.id)
        .where('id', 'in', [...ids])
        .forShare()
        .execute();
      return new Map(rows.map((row) => [row.id, { subject: row.subject }]));
    },

    /**
     * The owner's rows, one per email type, in the types' order (after `ensureDefaults`); `lock`
     * holds them (`for update`) until `tx` ends, for a save that writes back what it read.
     */
    async list(owner: ScheduleOwner, tx: Executor = db, lock = false) {
      const rows = await (lock ? ownedBy(owner, tx).forUpdate() : ownedBy(owner, tx)).execute();
      const order = EMAIL_TYPES.map((definition) => definition.emailType);
      return rows.sort((a, b) => order.indexOf(a.email_type) - order.indexOf(b.email_type));
    },

    /** Every email type's row with its defaults (existing rows stay as they are); answers how many were new. */
    async ensureDefaults(owner: ScheduleOwner, times: EventTimes | null, tx: Executor = db) {
      const inserted = await tx
        .insertInto('email_schedules')
        .values(
          EMAIL_TYPES.map((definition) => ({
            organization_id: owner.organizationId,
            owner_type: owner.type,
            owner_id: owner.id,
            email_type: definition.emailType,
            active: definition.activeByDefault,
            relative_time: definition.relativeTime,
            offset_minutes: definition.minutes,
            audience: definition.audience,
            email_template_id: null,
            send_at: sendAtOf(owner, times, {
              emailType: definition.emailType,
              relativeTime: definition.relativeTime,
              offsetMinutes: definition.minutes,
              audience: definition.audience,
              emailTemplateId: null,
            }),
          })),
        )
        .onConflict((oc) => oc.columns(['owner_type', 'owner_id', 'email_type']).doNothing())
        .returning('id')
        .execute();
      return inserted.length;
    },

    /** Writes these types' schedules; a (re)planned time counts from now. */
    async write(
      owner: ScheduleOwner,
      times: EventTimes | null,
      writes: readonly ScheduleWrite[],
      tx: Executor,
    ) {
      for (const write of writes) {
        await tx
          .updateTable('email_schedules')
          .set({
            active: write.active,
            relative_time: write.relativeTime,
            offset_minutes: write.offsetMinutes,
            audience: write.audience,
            email_template_id: write.emailTemplateId,
            send_at: sendAtOf(owner, times, write),
            planned_from: sql<Date>`now()`,
            updated_at: sql<Date>`now()`,
          })
          .where('organization_id', '=', owner.organizationId)
          .where('owner_type', '=', owner.type)
          .where('owner_id', '=', owner.id)
          .where('email_type', '=', write.emailType)
          .execute();
      }
    },

    /** The owner's row of an email type (none before its schedule is first listed). */
    ofType: (owner: ScheduleOwner, emailType: EmailType, tx: Executor = db) =>
      ownedBy(owner, tx).where('email_type', '=', emailType).executeTakeFirst(),

    /** One row of the organisation (another organisation's: undefined). */
    findById: (organizationId: string, id: string, tx: Executor = db) =>
      organizationRows.find(tx, 'email_schedules', organizationId, id),

    async setActive(id: string, active: boolean, tx: Executor = db): Promise<void> {
      await tx
        .updateTable('email_schedules')
        .set({ active, planned_from: sql<Date>`now()`, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    /**
     * A deleted template's schedules: back to their type's default; a custom email, which has no
     * default, switched off (domain `templateDeletionEffect` words it for the organiser).
     */
    async releaseTemplate(organizationId: string, templateId: string, tx: Executor): Promise<void> {
      await tx
        .updateTable('email_schedules')
        .set((eb) => ({
          email_template_id: null,
          active: eb
            .and([eb.ref('active'), eb('email_type', 'not in', TYPES_WITHOUT_DEFAULT)])
            .$castTo<boolean>(),
          updated_at: sql<Date>`now()`,
        }))
        .where('organization_id', '=', organizationId)
        .where('email_template_id', '=', templateId)
        .execute();
    },

    /** The event moved: every scheduled type's time follows it (none when it has no schedule). */
    async followEvent(organizationId: string, eventId: string, times: EventTimes | null, tx: Executor = db) {
      const rows = await ownedBy({ organizationId, type: 'event', id: eventId }, tx).execute();
      for (const row of rows) {
        const sendAt = sendAtOf({ organizationId, type: 'event', id: eventId }, times, {
          emailType: row.email_type,
          relativeTime: row.relative_time,
          offsetMinutes: row.offset_minutes,
          audience: row.audience,
          emailTemplateId: row.email_template_id,
        });
        if (sendAt?.getTime() === row.send_at?.getTime()) continue;
        await tx.updateTable('email_schedules').set({ send_at: sendAt }).where('id', '=', row.id).execute();
      }
    },

    /** The source's schedule onto a new event of the same organisation (a duplicate, or made from a template). */
    async copy(
      source: Omit<ScheduleOwner, 'organizationId'>,
      target: Omit<ScheduleOwner, 'organizationId'>,
      times: EventTimes | null,
      /** The copies of the source's templates: a copied schedule uses the target's copy. */
      templateIds: ReadonlyMap<string, string>,
      tx: Executor,
    ) {
      const rows = await tx
        .selectFrom('email_schedules')
        .selectAll()
        .where('owner_type', '=', source.type)
        .where('owner_id', '=', source.id)
        .execute();
      if (rows.length === 0) return;
      const templateOf = (id: string | null) => (id === null ? null : (templateIds.get(id) ?? id));
      await tx
        .insertInto('email_schedules')
        .values(
          rows.map((row) => ({
            organization_id: row.organization_id,
            owner_type: target.type,
            owner_id: target.id,
            email_type: row.email_type,
            active: row.active,
            relative_time: row.relative_time,
            offset_minutes: row.offset_minutes,
            audience: row.audience,
            email_template_id: templateOf(row.email_template_id),
            send_at: sendAtOf({ ...target, organizationId: row.organization_id }, times, {
              emailType: row.email_type,
              relativeTime: row.relative_time,
              offsetMinutes: row.offset_minutes,
              audience: row.audience,
              emailTemplateId: templateOf(row.email_template_id),
            }),
          })),
        )
        .onConflict((oc) =>
          oc.columns(['owner_type', 'owner_id', 'email_type']).doUpdateSet((eb) => ({
            active: eb.ref('excluded.active'),
            relative_time: eb.ref('excluded.relative_time'),
            offset_minutes: eb.ref('excluded.offset_minutes'),
            audience: eb.ref('excluded.audience'),
            email_template_id: eb.ref('excluded.email_template_id'),
            send_at: eb.ref('excluded.send_at'),
          })),
        )
        .execute();
    },

    /** The event's active scheduled rows still to send after `now`: each gets a job at its time. */
    upcoming: (organizationId: string, eventId: string, now: Date, tx: Executor = db) =>
      ownedBy({ organizationId, type: 'event', id: eventId }, tx)
        .where('email_type', 'in', SCHEDULED_TYPES)
        .where('active', '=', true)
        .where('send_at', '>', now)
        .execute(),

    /** The events with an active row of these types (by default the scheduler's) due in (from, to]. */
    eventsDueBetween: (
      from: Date,
      to: Date,
      types: readonly EmailType[] = SCHEDULED_TYPES,
      tx: Executor = db,
    ) =>
      tx
        .selectFrom('email_schedules')
        .select(['organization_id', 'owner_id'])
        .distinct()
        .where('owner_type', '=', 'event')
        .where('email_type', 'in', types)
        .where('active', '=', true)
        .where('send_at', '>', from)
        .where('send_at', '<=', to)
        .execute(),

    async clear(owner: Omit<ScheduleOwner, 'organizationId'>, tx: Executor): Promise<void> {
      await tx
        .deleteFrom('email_schedules')
        .where('owner_type', '=', owner.type)
        .where('owner_id', '=', owner.id)
        .execute();
    },

    /**
     * The active scheduled rows due at `now` without a send for their time: due, planned before
     * that time, and not older than the grace (a worker down for longer does not send stale mail).
     */
    due: (now: Date, graceMs: number, only?: { scheduleId: string }, tx: Executor = db) =>
      tx
        .selectFrom('email_schedules as s')
        .selectAll('s')
        .$if(only !== undefined, (query) => query.where('s.id', '=', only!.scheduleId))
        .where('s.email_type', 'in', SCHEDULED_TYPES)
        .where('s.active', '=', true)
        .where('s.send_at', 'is not', null)
        .where('s.send_at', '<=', now)
        .where('s.send_at', '>=', new Date(now.getTime() - graceMs))
        .whereRef('s.send_at', '>=', 's.planned_from')
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('email_schedule_sends as d')
                .select('d.id')
                .whereRef('d.schedule_id', '=', 's.id')
                .whereRef('d.due_at', '=', 's.send_at'),
            ),
          ),
        )
        .limit(500)
        .execute(),
  };
}

export type EmailSchedulesRepository = ReturnType<typeof createEmailSchedulesRepository>;
