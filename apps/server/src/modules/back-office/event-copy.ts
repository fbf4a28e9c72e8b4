import type { Executor } from '../../platform/db/executor.ts';

/** What a later area copies when an event is duplicated: its own rows of the source, onto the copy. */
export interface EventCopy {
  sourceEventId: string;
  targetEventId: string;
  /** The copy's start minus the source's: every time of the copied rows moves by this. */
  shiftMs: number;
  /** Old id → new id of every row copied so far, so a later area re-points its references. */
  newIds: Map<string, string>;
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
