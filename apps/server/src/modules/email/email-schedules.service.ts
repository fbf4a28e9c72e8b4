import { isUuid } from '../../platform/db/uuid.ts';
import {
  emailScheduleMessages,
  emailScheduleErrors,
  emailTypeSchema,
  emailTypeDefinition,
  offsetMinutes,
  offsetOf,
  scheduleSkipped,
  type EmailDelivery,
  type EmailDeliveryListQuery,
  type EmailSchedule,
  type EmailScheduleBulkRequest,
  type EmailScheduleList,
  type EmailScheduleOwnerQuery,
  type EmailType,
  type RelativeTime,
  type ScheduleState,
} from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { HttpError } from '../../platform/http/errors.ts';
import type { PageRequest } from '../../platform/http/pagination.ts';
import { sameFields } from '../../platform/http/answers.ts';
import type { EventCopyStep } from '../back-office/event-copy.ts';
import { eventsReadModel } from '../back-office/events.read-model.ts';
import type { EmailDeliveriesRepository, EmailDeliveryRecord } from './email-deliveries.repository.ts';
import {
  scheduleTimesOf,
  type EmailScheduleRecord,
  type EmailSchedulesRepository,
  type EventTimes,
  type ScheduleOwner,
  type ScheduleWrite,
} from './email-schedules.repository.ts';
import type { EmailTemplatesService } from './email-templates.service.ts';

/** Copies and clears a context's email templates (the templates' side of the module). */
export type EmailTemplateCopies = Pick<EmailTemplatesService, 'copyContext' | 'clearContext'>;

/** The context an event's email rows belong to: its template's when it holds a template's programme. */
async function contextOfEvent(eventId: string, tx: Executor) {
  const [template] = (await eventsReadModel.templateOfProgrammeEvent(eventId).execute(tx)).rows;
  return template
    ? { type: 'event_template' as const, id: template.id }
    : { type: 'event' as const, id: eventId };
}

/** The spec's "Event context for scheduling" of the schedule's owner, which the caller may see. */
export interface ScheduleOwnerContext {
  owner: ScheduleOwner;
  times: EventTimes | null;
  timezone: string | null;
  isRepeatingEvent: boolean;
  seriesId: string | null;
  eventTemplateId: string | null;
}

/** Resolves the query's owner for the caller with this permission (not visible: a 404). */
export type ScheduleOwners = (
  caller: Caller,
  query: EmailScheduleOwnerQuery,
  permission: 'event:read' | 'event:update',
) => Promise<ScheduleOwnerContext>;

export interface EmailSchedulesServiceDeps {
  db: Executor;
  schedules: EmailSchedulesRepository;
  deliveries: EmailDeliveriesRepository;
  owners: ScheduleOwners;
  /** Queues the event's pending sends at their times (the scheduler's), replacing its waiting ones. */
  planSends: (organizationId: string, eventId: string) => Promise<void>;
  now: () => Date;
}

type SavedRows = ReadonlyMap<string, EmailScheduleRecord>;
/** The owner's templates a save names, by id, with their subject (`ownTemplates`). */
type OwnTemplates = ReadonlyMap<string, { subject: string }>;

/** An event's schedule of one email type as its senders follow it: its Active switch and its time. */
export interface TypeSchedule {
  active: boolean;
  relativeTime: RelativeTime;
  offsetMinutes: number;
}

/** A stored schedule as a write leaving it as it is. */
const writeOf = (row: EmailScheduleRecord): ScheduleWrite => ({
  emailType: row.email_type,
  active: row.active,
  relativeTime: row.relative_time,
  offsetMinutes: row.offset_minutes,
  audience: row.audience,
  emailTemplateId: row.email_template_id,
});

const stateOf = (write: ScheduleWrite): ScheduleState => ({
  emailType: write.emailType,
  active: write.active,
  relativeTime: write.relativeTime,
  ...offsetOf(write.offsetMinutes),
  emailTemplate: write.emailTemplateId,
});

const ownerQueryOf = (row: EmailScheduleRecord): EmailScheduleOwnerQuery => ({
  [row.owner_type]: row.owner_id,
});

function toSchedule(row: EmailScheduleRecord): EmailSchedule {
  return {
    ...sameFields(row, ['id', 'email_type', 'active', 'audience']),
    relativeTime: row.relative_time,
    ...offsetOf(row.offset_minutes),
    schedule_time: row.send_at?.toISOString() ?? null,
    email_template: row.email_template_id,
    trigger: emailTypeDefinition(row.email_type).trigger,
    skipped: scheduleSkipped(row.email_type, {
      active: row.active,
      sendAt: row.send_at,
      plannedFrom: row.planned_from,
    }),
  };
}

function toDelivery(row: EmailDeliveryRecord): EmailDelivery {
  return {
    ...sameFields(row, ['id', 'email_type', 'recipient', 'status', 'reason', 'attempts']),
    event: row.event_id,
    created_at: row.created_at.toISOString(),
    sent_at: row.sent_at?.toISOString() ?? null,
    opened_at: row.opened_at?.toISOString() ?? null,
    clicked_at: row.clicked_at?.toISOString() ?? null,
  };
}

/** Schedules (001 §7 "Scheduled emails") and the delivery log (issue 33 §9). */
export function createEmailSchedulesService(deps: EmailSchedulesServiceDeps) {
  const { schedules } = deps;

  /**
   * The domain's rules of a save (001 §5's bounds for a time set or switched on, the custom
   * email's template, a template's subject), as `errors` keyed by email type (its time) and
   * `<type>.email_template`.
   */
  function saveErrors(
    context: ScheduleOwnerContext,
    writes: readonly ScheduleWrite[],
    saved: SavedRows,
    templates: OwnTemplates,
  ) {
    const bounded = context.times && { ...context.times, ...context };
    const errors: Record<string, string[]> = {};
    for (const write of writes) {
      const before = saved.get(write.emailType);
      const found = emailScheduleErrors(
        stateOf(write),
        before && stateOf(writeOf(before)),
        bounded,
        deps.now(),
        write.emailTemplateId === null ? undefined : templates.get(write.emailTemplateId),
      );
      if (found.time) errors[write.emailType] = [found.time];
      if (found.email_template) errors[`${write.emailType}.email_template`] = [found.email_template];
    }
    const [first] = Object.values(errors);
    const timeRefused = writes.some((write) => errors[write.emailType]);
    if (first)
      throw new HttpError(400, timeRefused ? 'INVALID_SCHEDULE_TIME' : 'VALIDATION_ERROR', first[0]!, errors);
  }

  /** An event's schedule changed: its sends are queued at their new times. */
  async function planned(owner: ScheduleOwner): Promise<void> {
    if (owner.type === 'event') await deps.planSends(owner.organizationId, owner.id);
  }

  async function answer(context: ScheduleOwnerContext, tx: Executor = deps.db): Promise<EmailScheduleList> {
    const rows = await schedules.list(context.owner, tx);
    return {
      context: {
        startTime: context.times?.startTime.toISOString() ?? null,
        endTime: context.times?.endTime.toISOString() ?? null,
        timezone: context.timezone,
        isRepeatingEvent: context.isRepeatingEvent,
        seriesId: context.seriesId,
        eventTemplateId: context.eventTemplateId,
      },
      results: rows.map(toSchedule),
    };
  }

  /** The owner's templates the writes name (each held until `tx` ends), with their subjects. */
  const templatesOf = (owner: ScheduleOwner, writes: readonly ScheduleWrite[], tx: Executor) =>
    schedules.ownTemplates(
      owner,
      writes.flatMap((write) => (write.emailTemplateId === null ? [] : [write.emailTemplateId])),
      tx,
    );

  /** A template newly chosen must be one of the owner's (not another's, not deleted meanwhile): 400 per type. */
  function checkTemplatesChosen(writes: readonly ScheduleWrite[], saved: SavedRows, own: OwnTemplates): void {
    const chosen = writes.filter(
      (write) =>
        write.emailTemplateId !== null &&
        write.emailTemplateId !== saved.get(write.emailType)?.email_template_id,
    );
    const errors = Object.fromEntries(
      chosen
        .filter((write) => !own.has(write.emailTemplateId!))
        .map((write) => [`${write.emailType}.email_template`, [emailScheduleMessages.templateGone]]),
    );
    if (Object.keys(errors).length > 0)
      throw new HttpError(400, 'VALIDATION_ERROR', emailScheduleMessages.templateGone, errors);
  }

  return {
    async list(caller: Caller, query: EmailScheduleOwnerQuery): Promise<EmailScheduleList> {
      const context = await deps.owners(caller, query, 'event:read');
      if ((await schedules.ensureDefaults(context.owner, context.times)) > 0) await planned(context.owner);
      return answer(context);
    },

    /** Bulk schedule update: every item or none; the save's rules answer 400 per email type (see saveErrors). */
    async bulkUpdate(
      caller: Caller,
      query: EmailScheduleOwnerQuery,
      request: EmailScheduleBulkRequest,
    ): Promise<EmailScheduleList> {
      const context = await deps.owners(caller, query, 'event:update');
      const answered = await deps.db.transaction().execute(async (tx) => {
        await schedules.ensureDefaults(context.owner, context.times, tx);
        // Locked: what the request leaves out is written back as read, so a type switched on or
        // off (or another save) meanwhile waits for this one instead of being undone by it.
        const current = new Map(
          (await schedules.list(context.owner, tx, true)).map((row) => [row.email_type, row]),
        );
        const writes: ScheduleWrite[] = request.schedules.map((item) => {
          const row = current.get(item.email_type)!;
          return {
            emailType: item.email_type,
            active: item.active ?? row.active,
            relativeTime: item.relativeTime,
            offsetMinutes: offsetMinutes(item),
            audience: item.audience ?? row.audience,
            emailTemplateId: item.email_template === undefined ? row.email_template_id : item.email_template,
          };
        });
        const templates = await templatesOf(context.owner, writes, tx);
        saveErrors(context, writes, current, templates);
        checkTemplatesChosen(writes, current, templates);
        await schedules.write(context.owner, context.times, writes, tx);
        return answer(context, tx);
      });
      await planned(context.owner);
      return answered;
    },

    /** A schedule of the caller's organisation (the PATCH guard's load; its owner is checked on change). */
    scheduleOf: (caller: Caller, id: string) =>
      caller.organizationId && isUuid(id)
        ? schedules.findById(caller.organizationId, id)
        : Promise.resolve(undefined),

    /** Update type: on or off (switching a type on checks the save's rules: its bounds, its template). */
    async updateType(caller: Caller, row: EmailScheduleRecord, active: boolean): Promise<EmailSchedule> {
      const context = await deps.owners(caller, ownerQueryOf(row), 'event:update');
      const write = { ...writeOf(row), active };
      const templates = active ? await templatesOf(context.owner, [write], deps.db) : new Map();
      saveErrors(context, [write], new Map([[row.email_type, row]]), templates);
      await schedules.setActive(row.id, active);
      await planned(context.owner);
      return toSchedule((await schedules.findById(row.organization_id, row.id))!);
    },

    /**
     * An event's schedule of an email type, which every sender of the type follows (registration's
     * confirmations, the people's invitations and reminders): its row, else the type's defaults (the
     * schedule page writes the rows when first shown, with these). Null: a type the schedule does not
     * list (a seat freed up, a cancellation …), which always sends.
     */
    async typeScheduleOf(
      organizationId: string,
      eventId: string,
      emailType: string,
    ): Promise<TypeSchedule | null> {
      const parsed = emailTypeSchema.safeParse(emailType);
      if (!parsed.success) return null;
      const row = await schedules.ofType({ organizationId, type: 'event', id: eventId }, parsed.data);
      if (row)
        return { active: row.active, relativeTime: row.relative_time, offsetMinutes: row.offset_minutes };
      const definition = emailTypeDefinition(parsed.data);
      return {
        active: definition.activeByDefault,
        relativeTime: definition.relativeTime,
        offsetMinutes: definition.minutes,
      };
    },

    /** The events whose active row of this type (a people's reminder) falls due in (from, to]. */
    async eventsDueBetween(emailType: EmailType, from: Date, to: Date) {
      const rows = await schedules.eventsDueBetween(from, to, [emailType]);
      return rows.map((row) => ({ organizationId: row.organization_id, eventId: row.owner_id }));
    },

    /** In a template's deletion: the schedules that send it let go of it (`releaseTemplate`). */
    templateDeleted: (organizationId: string, templateId: string, tx: Executor) =>
      schedules.releaseTemplate(organizationId, templateId, tx),

    /**
     * The event's times changed (edit or reschedule): its pending sends move with it. Null: it has
     * no schedule now (a recording), and its timed emails lose their times.
     */
    async eventTimesChanged(
      organizationId: string,
      eventId: string,
      times: EventTimes | null,
    ): Promise<void> {
      await schedules.followEvent(organizationId, eventId, times);
      await deps.planSends(organizationId, eventId);
    },

    /** A page of an event's delivery log with its counts. */
    async deliveries(caller: Caller, query: EmailDeliveryListQuery, page: PageRequest) {
      const { owner } = await deps.owners(caller, { event: query.event }, 'event:read');
      const found = await deps.deliveries.page(owner.organizationId, query, page);
      return { ...found, results: found.results.map(toDelivery) };
    },

    /**
     * A duplicated event gets its source's templates and schedule (pointing at the copies); an
     * event made from a template (the source is the template's programme event) gets the
     * template's. A template made from an event starts with its own (its email pages edit them):
     * its programme event, the target then, takes nothing.
     */
    copyStep: (templates: EmailTemplateCopies): EventCopyStep => ({
      copy: async ({ sourceEventId, targetEventId, templateProgramme, tx }) => {
        const source = await contextOfEvent(sourceEventId, tx);
        if (templateProgramme && source.type === 'event') return;
        const target = { type: 'event' as const, id: targetEventId };
        const [event] = (await eventsReadModel.timesOf(targetEventId).execute(tx)).rows;
        const templateIds = await templates.copyContext(
          { context: source.type, id: source.id },
          { context: 'event', id: targetEventId },
          tx,
        );
        await schedules.copy(source, target, event ? scheduleTimesOf(event) : null, templateIds, tx);
      },
      clear: async (eventId, tx) => {
        await schedules.clear({ type: 'event', id: eventId }, tx);
        await templates.clearContext({ context: 'event', id: eventId }, tx);
      },
    }),
  };
}

export type EmailSchedulesService = ReturnType<typeof createEmailSchedulesService>;
