import type { EventRegistrationSettings } from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';

/** What a later area copies when an event is duplicated: its own rows of the source, onto the copy. */
export interface EventCopy {
  sourceEventId: string;
  targetEventId: string;
  /** The copy's start minus the source's: every time of the copied rows moves by this. */
  shiftMs: number;
  /** Old id → new id of every row copied so far, so a later area re-points its references. */
  newIds: Map<string, string>;
  /**
   * The source or the target holds a template's programme (migration 0017): an area whose rows
   * belong to the template itself rather than to its programme (its pages) copies nothing here.
   */
  templateProgramme: boolean;
  tx: Executor;
}

/**
 * One area's part of a duplication (agenda, rooms and booths, surveys …), run in registration
 * order; `clear` removes the area's rows of an event before a repeating event's programme is
 * copied onto its occurrence again.
 */
export interface EventCopyStep {
  copy(copy: EventCopy): Promise<void>;
  clear(eventId: string, tx: Executor): Promise<void>;
}

/**
 * One area's part of a reschedule: moves what of its is timed in the event by `shiftMs`, in the
 * event's transaction; answers what to tell once that committed (pushes, people's calendars).
 */
export type RescheduleStep = (
  event: { id: string; organizationId: string },
  shiftMs: number,
  tx: Executor,
) => Promise<() => Promise<void>>;

/** An event a programme is copied from or onto (a template's programme's hidden event says so). */
export interface CopiedEvent {
  id: string;
  start_time: Date;
  holds_template_programme?: boolean;
}

/**
 * Every area's programme of one event onto another (duplication, templates, repeating events), in
 * registration order with one old→new id map; the copy's times move by the difference of the
 * events' starts (`start`s given: the source's and the target's).
 */
export async function copyProgramme(
  steps: readonly EventCopyStep[],
  source: CopiedEvent,
  target: CopiedEvent,
  tx: Executor,
): Promise<void> {
  const copy: EventCopy = {
    sourceEventId: source.id,
    targetEventId: target.id,
    shiftMs: target.start_time.getTime() - source.start_time.getTime(),
    newIds: new Map(),
    templateProgramme: Boolean(source.holds_template_programme || target.holds_template_programme),
    tx,
  };
  for (const step of steps) await step.copy(copy);
}

/**
 * Registration's settings of an event (seats, waitlist, approval), kept by the registration area:
 * copied onto a duplicate, read into a template made from an event, written onto an event made
 * from a template.
 */
export interface RegistrationSettingsPort {
  settingsOf(eventId: string, tx?: Executor): Promise<EventRegistrationSettings>;
  write(
    organizationId: string,
    eventId: string,
    settings: EventRegistrationSettings,
    tx: Executor,
  ): Promise<void>;
}

/**
 * An area's part of templates (the code areas' tracking pixels, the integrations' CRM settings and
 * field mappings): a template keeps rows of its own, copied from the event it is made from, onto
 * its duplicates and onto the events made from it.
 */
export interface TemplateCopyLink {
  copy(
    source: { kind: 'event' | 'template'; id: string },
    target: { kind: 'event' | 'template'; id: string },
    tx: Executor,
  ): Promise<void>;
}
