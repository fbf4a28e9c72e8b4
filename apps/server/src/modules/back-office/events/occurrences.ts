import type { EventType, HostType } from '@studio/domain';
import { planOccurrenceChanges, type RecurrenceRule } from '@studio/domain';
import type { Executor } from '../../../platform/db/executor.ts';
import type { CalendarUpdates } from './calendar-updates.ts';
import type { EventsRepository } from './events.repository.ts';
import { brandingColumns, type BrandingLink } from './events.service.ts';

/** What an occurrence takes from its repeating event. */
export interface RepeatingSeries {
  id: string;
  organization_id: string;
  workspace_id: string | null;
  name: string;
  event_type: EventType;
  host_type: HostType;
  location: string | null;
  recurrence: RecurrenceRule;
  excluded_occurrences: string[];
  created_by: string | null;
}

/** An occurrence the rule moved, with its new times. */
export interface MovedOccurrence {
  id: string;
  startTime: Date;
  endTime: Date;
}

/**
 * The events of repeating events, kept by the events module: making a rule's occurrences and
 * applying an edit of it — future occurrences only; started ones and deleted dates stay as they are.
 */
export function createOccurrences(deps: {
  events: EventsRepository;
  /** New occurrences start from the organisation's brand kit, as new events do. */
  branding: Pick<BrandingLink, 'startingBranding'>;
  /** The registrants of an occurrence the rule removes get its METHOD:CANCEL, queued with the removal. */
  calendar: Pick<CalendarUpdates, 'ready' | 'deleting' | 'deleted'>;
}) {
  const { events, calendar } = deps;
  return {
    /** Call before the transaction of a `sync` that may remove occurrences (the queue must be open). */
    ready: () => calendar.ready(),

    /** After that transaction committed: the removed occurrences' cancellations leave. */
    synced: () => calendar.deleted(),

    /**
     * Applies the rule inside `tx`. Answers the occurrences moved (their listeners are told once
     * `tx` committed: registrants' calendar update, email schedules).
     */
    async sync(
      series: RepeatingSeries,
      now: Date,
      tx: Executor,
    ): Promise<{ added: number; removed: number; moved: MovedOccurrence[] }> {
      const existing = (await events.occurrencesOf(series.id, tx)).map((row) => ({
        id: row.id,
        key: row.occurrence_key ?? '',
        start: row.start_time,
        sequence: row.calendar_sequence,
      }));
      const plan = planOccurrenceChanges(series.recurrence, existing, series.excluded_occurrences, now);
      const idOf = new Map(existing.map((occurrence) => [occurrence.key, occurrence]));
      const removed = plan.remove.flatMap((key) => idOf.get(key)?.id ?? []);
      for (const id of removed) {
        const event = await events.findById(id, tx);
        if (event) await calendar.deleting(event, tx);
      }
      await events.deleteByIds(removed, tx);
      const moved: MovedOccurrence[] = [];
      for (const occurrence of plan.keep) {
        const current = idOf.get(occurrence.key);
        if (!current || current.start.getTime() === occurrence.start.getTime()) continue;
        moved.push({ id: current.id, startTime: occurrence.start, endTime: occurrence.end });
        await events.update(
          series.organization_id,
          current.id,
          {
            start_time: occurrence.start,
            end_time: occurrence.end,
            timezone: series.recurrence.timezone,
            calendar_sequence: current.sequence + 1,
          },
          tx,
        );
      }
      const branding =
        plan.add.length > 0
          ? brandingColumns(await deps.branding.startingBranding(series.organization_id, tx))
          : undefined;
      await events.insertMany(
        plan.add.map((occurrence) => ({
          ...branding,
          organization_id: series.organization_id,
          workspace_id: series.workspace_id,
          series_id: series.id,
          occurrence_key: occurrence.key,
          title: series.name,
          event_type: series.event_type,
          host_type: series.host_type,
          location: series.location,
          start_time: occurrence.start,
          end_time: occurrence.end,
          timezone: series.recurrence.timezone,
          created_by: series.created_by,
        })),
        tx,
      );
      return { added: plan.add.length, removed: plan.remove.length, moved };
    },
  };
}

export type Occurrences = ReturnType<typeof createOccurrences>;
