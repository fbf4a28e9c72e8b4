import { duplicationWorkflowIds } from '@studio/domain';
import { z } from 'zod';
import type { Executor } from '../../../platform/db/executor.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import { defineJob, type JobContext } from '../../../platform/jobs/job-registry.ts';
import type { WorkflowsService } from '../workflows/workflows.service.ts';
import { copyProgramme, type EventCopyStep, type RegistrationSettingsPort } from '../event-copy.ts';
import type { EventsRepository } from './events.repository.ts';

const sourceGone = 'The event being copied was deleted.';

/** The duplication job's payload: the new event (being filled) and the event it copies. */
export const duplicationPayloadSchema = z.object({ eventId: z.uuid(), sourceEventId: z.uuid() });
export type DuplicationPayload = z.infer<typeof duplicationPayloadSchema>;

/** Fills a duplicated event (spec 000 §4 workflows); enqueued with the copy by event-actions.ts. */
export const duplicateEventJob = defineJob<DuplicationPayload>({
  name: 'events.duplicate',
  payload: duplicationPayloadSchema,
  retryLimit: 5,
});

/** Copies a repeating event's programme and branding onto its later occurrences (see `runProgrammeSync`). */
export const syncSeriesProgrammeJob = defineJob<{ seriesId: string }>({
  name: 'series.sync-programme',
  payload: z.object({ seriesId: z.uuid() }),
  retryLimit: 5,
});

export interface EventsJobsDeps {
  db: Executor;
  events: EventsRepository;
  workflows: Pick<WorkflowsService, 'statusOf' | 'finish'>;
  /** The later areas' copy steps (module links from the composition root). */
  copySteps: () => readonly EventCopyStep[];
  /** Registration's settings of the source (a module link), copied with its other settings. */
  registrationSettings: () => RegistrationSettingsPort;
}

/** The events' jobs — registered by every process, run by worker processes. */
export function registerEventsJobs(queue: JobQueue, deps: EventsJobsDeps): void {
  const { db, events, workflows, copySteps } = deps;

  /**
   * Copies the source's settings and tags (child workflow 'event-duplication-{id}'), then marks
   * the later areas' part ('async-duplication-{id}': its pages, registration page included, are
   * the pages area's), then completes the parent. Each step and its
   * COMPLETED mark commit together, so a retry redoes only what did not finish.
   */
  async function runDuplication(payload: DuplicationPayload): Promise<void> {
    const ids = duplicationWorkflowIds(payload.eventId);
    if ((await workflows.statusOf(ids.parent)) !== 'RUNNING') return;
    const source = await events.findById(payload.sourceEventId);
    if (!source) {
      await failDuplication(payload.eventId, sourceGone);
      return;
    }
    // Each step holds the source while it copies: deleted meanwhile, the copy fails (it is never
    // completed with nothing copied), and a delete arriving during a step waits for it.
    if ((await workflows.statusOf(ids.eventDuplication)) === 'RUNNING') {
      const copied = await db.transaction().execute(async (tx) => {
        if (!(await events.holdIfExists(source.id, tx))) return false;
        await events.update(
          source.organization_id,
          payload.eventId,
          {
            description: source.description,
            location: source.location,
            is_blueprint: source.is_blueprint,
            registration_form: source.registration_form,
            registration_form_data: JSON.stringify(source.registration_form_data),
            marketo_campaign_id: source.marketo_campaign_id,
            salesforce_campaign_id: source.salesforce_campaign_id,
            wistia_project_id: source.wistia_project_id,
            pardot_list: JSON.stringify(source.pardot_list),
            integration_config_updated: source.integration_config_updated,
            template_id: source.template_id,
          },
          tx,
        );
        const registrationSettings = deps.registrationSettings();
        await registrationSettings.write(
          source.organization_id,
          payload.eventId,
          await registrationSettings.settingsOf(source.id, tx),
          tx,
        );
        await events.copyTags(source.id, payload.eventId, tx);
        await workflows.finish(ids.eventDuplication, 'COMPLETED', null, tx);
        return true;
      });
      if (!copied) return failDuplication(payload.eventId, sourceGone);
    }
    // The later areas' parts (agenda, rooms and booths, surveys …) commit together with their mark:
    // a retry copies them all again or not at all, and never twice.
    if ((await workflows.statusOf(ids.asyncDuplication)) === 'RUNNING') {
      const copy = await events.findById(payload.eventId);
      if (!copy) return;
      const copied = await db.transaction().execute(async (tx) => {
        if (!(await events.holdIfExists(source.id, tx))) return false;
        await copyProgramme(copySteps(), source, copy, tx);
        await workflows.finish(ids.asyncDuplication, 'COMPLETED', null, tx);
        return true;
      });
      if (!copied) return failDuplication(payload.eventId, sourceGone);
    }
    await workflows.finish(ids.parent, 'COMPLETED');
  }

  /**
   * A repeating event's programme and branding are the ones its first not-started occurrence holds
   * (edited at /repeating-event/{id}/programs/… and …/look-and-feel); every later occurrence gets a
   * copy — the programme shifted by the difference of their starts, times relative to an
   * occurrence's start — and wears its branding, theme and filler slide. Started occurrences keep
   * theirs. One transaction, the series locked, so concurrent runs apply one after the other and
   * the last sees the latest programme.
   */
  async function runProgrammeSync(seriesId: string): Promise<void> {
    await db.transaction().execute(async (tx) => {
      await events.lockSeries(seriesId, tx);
      const [first, ...later] = await events.notStartedOccurrences(seriesId, new Date(), tx);
      const holder = first && (await events.findById(first.id, tx));
      if (!holder) return;
      const branding = {
        branding: JSON.stringify(holder.branding),
        theme_obj: JSON.stringify(holder.theme_obj),
        filler_slide_id: holder.filler_slide_id,
      };
      for (const occurrence of later) {
        await events.update(holder.organization_id, occurrence.id, branding, tx);
        for (const step of copySteps()) await step.clear(occurrence.id, tx);
        await copyProgramme(copySteps(), holder, occurrence, tx);
      }
    });
  }

  async function failDuplication(eventId: string, reason: string): Promise<void> {
    const ids = duplicationWorkflowIds(eventId);
    for (const id of [ids.eventDuplication, ids.asyncDuplication, ids.parent])
      await workflows.finish(id, 'FAILED', reason);
  }

  queue.register(syncSeriesProgrammeJob, (payload) => runProgrammeSync(payload.seriesId));

  queue.register(duplicateEventJob, async (payload: DuplicationPayload, context: JobContext) => {
    try {
      await runDuplication(payload);
    } catch (error) {
      // After the last try the event must not stay "getting ready" for ever.
      if (context.lastTry)
        await failDuplication(payload.eventId, error instanceof Error ? error.message : String(error));
      throw error;
    }
  });
}
