import type { Executor } from '../../../platform/db/executor.ts';
import { copyProgramme, type EventCopyStep } from '../event-copy.ts';
import type { EventRecord, EventsRepository } from './events.repository.ts';

/** Templates' programmes, held by hidden events (part of the event core; the templates area uses it). */
export function createTemplateProgrammes(
  events: EventsRepository,
  copySteps: () => readonly EventCopyStep[],
) {
  return {
    /**
     * A template's programme: a hidden event (in no list) at the source's times, holding a copy of
     * the source's programme; answers its id.
     */
    async holdTemplateProgramme(
      source: EventRecord,
      workspaceId: string | null,
      tx: Executor,
    ): Promise<string> {
      const holderId = await events.insert(
        {
          organization_id: source.organization_id,
          workspace_id: workspaceId,
          title: source.title,
          event_type: source.event_type,
          host_type: source.host_type,
          start_time: source.start_time,
          end_time: source.end_time,
          timezone: source.timezone,
          holds_template_programme: true,
        },
        tx,
      );
      await copyProgramme(
        copySteps(),
        source,
        { id: holderId, start_time: source.start_time, holds_template_programme: true },
        tx,
      );
      return holderId;
    },

    /** The hidden event of a template's programme, by id (a template's copy and deletion). */
    templateProgrammeEvent: async (id: string, tx?: Executor) => {
      const event = await events.findById(id, tx);
      return event?.holds_template_programme ? event : undefined;
    },

    deleteTemplateProgramme: async (id: string, tx: Executor) => {
      const event = await events.findById(id, tx);
      if (event?.holds_template_programme) await events.deleteByIds([id], tx);
    },
  };
}
