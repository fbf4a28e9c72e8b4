import {
  PARDOT_IMPORT_SWEEP_MINUTES,
  PARDOT_IMPORT_UPDATED,
  pardotSyncDirection,
  type PardotImport,
} from '@studio/domain';
import type { Updateable } from 'kysely';
import { z } from 'zod';
import type { Executor } from '../../platform/db/executor.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { defineJob } from '../../platform/jobs/job-registry.ts';
import type { Realtime } from '../../platform/realtime/gateway.ts';
import type { EventCore } from '../back-office/events/event-core.service.ts';
import type { BatchRegistration, Registrations } from '../registration/registrations.ts';
import type { CrmConnectors } from './crm-connectors.ts';
import type { IntegrationsService } from './integrations.service.ts';
import type { PardotImportTable } from './integrations.tables.ts';
import { createPardotImportsRepository, type PardotImportRow } from './pardot-imports.repository.ts';
import type { PardotClient, PardotProspect } from './vendors/pardot.ts';

/**
 * One run of an event's import: the list's prospects not imported yet become registrants. A run
 * that fails is not retried: the next sweep is its retry.
 */
export const pardotImportJob = defineJob({
  name: 'integrations.pardot-import',
  payload: z.object({ eventId: z.uuid() }),
  oneWaitingPerKey: true,
  retryLimit: 0,
});
/** Every 15 minutes: a run of each event's import (prospects added to its list since). */
export const pardotImportSweepJob = defineJob<Record<string, never>>({
  name: 'integrations.pardot-import-sweep',
  payload: z.object({}).strict(),
  retryLimit: 0,
});

/** Prospects read and registered together (one registerMany transaction each). */
const PROSPECTS_PER_BATCH = 100;

const importAnswer = (row: PardotImportRow): NonNullable<PardotImport> => ({
  list_id: Number(row.list_id),
  status: row.status,
  imported_count: row.imported_count,
  error: row.error,
  last_run_at: row.last_run_at?.toISOString() ?? null,
});

/**
 * SYNC_PARDOT (spec 001: "SYNC_PARDOT for import"): the prospects of the event's Pardot list become
 * its registrants through the registrations service's import path (registerMany, source import,
 * the confirmation email as any registrant) — on connecting the list, then at each sweep. Each
 * prospect is imported once (pardot_imported_prospects), whatever becomes of the registration; one
 * the event has no seat for is tried again at the next run. Where the import stands (one row per
 * event) is answered on the event's Pardot settings and pushed to its studios.
 */
export function createPardotImport(deps: {
  db: Executor;
  jobs: JobQueue;
  connectors: Pick<CrmConnectors, 'pardot'>;
  integrations: Pick<IntegrationsService, 'connectedCredentials'>;
  events: Pick<EventCore, 'marketingIdsOf'>;
  registrations: () => Pick<Registrations, 'ready' | 'registerMany'>;
  realtime: Pick<Realtime, 'publish'>;
  clock: () => Date;
}) {
  const { db, jobs } = deps;
  const imports = createPardotImportsRepository(db);

  /** A change of the import (`added`: prospects newly registered), kept and told to the event's studios. */
  async function mark(eventId: string, changes: Updateable<PardotImportTable>, added = 0) {
    const row = await imports.mark(eventId, changes, added);
    if (row)
      await deps.realtime.publish(
        row.organization_id,
        { type: PARDOT_IMPORT_UPDATED, data: { eventId, import: importAnswer(row) } },
        { eventId },
      );
  }

  /** Registers one batch of prospects; answers how many became new registrants. */
  async function registerBatch(
    event: { organizationId: string; eventId: string; listId: number },
    pardot: PardotClient,
    prospectIds: readonly number[],
  ): Promise<number> {
    const people: (PardotProspect & { email: string })[] = [];
    // One at a time: Pardot limits concurrent calls per business unit.
    for (const id of prospectIds) {
      const prospect = await pardot.prospect(id);
      // A prospect without an email cannot register (yet): tried again at the next run.
      if (prospect?.email) people.push({ ...prospect, email: prospect.email });
    }
    if (people.length === 0) return 0;
    const requests: BatchRegistration[] = people.map((prospect) => ({
      person: {
        email: prospect.email,
        first_name: prospect.firstName ?? '',
        last_name: prospect.lastName ?? '',
        ...(prospect.company && { company: prospect.company }),
        ...(prospect.jobTitle && { title: prospect.jobTitle }),
      },
      answers: {},
      source: 'import',
      sendEmail: true,
    }));
    const registrations = deps.registrations();
    await registrations.ready();
    return db.transaction().execute(async (tx) => {
      const outcomes = await registrations.registerMany(event.organizationId, event.eventId, requests, tx);
      // Registered now or before: imported for good. No seat (or closed): tried at the next run.
      const imported = people.filter((_, index) => {
        const outcome = outcomes[index]!;
        return outcome.ok || outcome.code.startsWith('USER_ALREADY');
      });
      await imports.markImported(
        tx,
        event,
        imported.map((prospect) => prospect.id),
      );
      return outcomes.filter((outcome) => outcome.ok && outcome.created).length;
    });
  }

  /** One run: the list's members not imported yet, registered batch by batch. */
  async function run({ eventId }: { eventId: string }): Promise<void> {
    const row = await imports.find(eventId);
    if (!row) return;
    const listId = Number(row.list_id);
    // A deleted event has no list.
    const { pardotList } = await deps.events.marketingIdsOf(eventId).catch(() => ({ pardotList: null }));
    // The event's list changed (or exports now): this import is over.
    if (
      Number(pardotList?.list_id) !== listId ||
      pardotSyncDirection(pardotList!.activity_type) !== 'import'
    ) {
      await imports.remove(eventId);
      return;
    }
    await mark(eventId, { status: 'importing', error: null, last_run_at: deps.clock() });
    // Batches registered before a failure count: they were committed.
    let created = 0;
    try {
      const pardot = deps.connectors.pardot(
        await deps.integrations.connectedCredentials(row.organization_id, 'pardot', { eventId }),
      );
      const members = (await pardot.listMemberships(listId)).filter((member) => !member.optedOut);
      const done = await imports.importedProspects(eventId, listId);
      const waiting = [...new Set(members.map((member) => member.prospectId))].filter((id) => !done.has(id));
      for (let start = 0; start < waiting.length; start += PROSPECTS_PER_BATCH)
        created += await registerBatch(
          { organizationId: row.organization_id, eventId, listId },
          pardot,
          waiting.slice(start, start + PROSPECTS_PER_BATCH),
        );
      await mark(eventId, { status: 'done' }, created);
    } catch (error) {
      await mark(
        eventId,
        {
          status: 'failed',
          error: error instanceof Error ? error.message : String(error),
        },
        created,
      );
    }
  }

  return {
    run,

    /** The event's list imports from now on (a list connected with SYNC_PARDOT): its first run queued. */
    async start(event: { organizationId: string; id: string }, listId: number): Promise<void> {
      await jobs.ready();
      await db.transaction().execute(async (tx) => {
        await imports.start(tx, event, listId);
        await jobs.send(pardotImportJob, { eventId: event.id }, { tx, singletonKey: event.id });
      });
      jobs.nudge(pardotImportJob);
    },

    /** The event's list exports now (or another one is connected): its import is over. */
    stop: (eventId: string) => imports.remove(eventId),

    /** The sweep: a run of each event's import (one waiting job per event: a sweep while one waits adds none). */
    async sweep(): Promise<void> {
      for (const eventId of await imports.eventIds())
        await jobs.send(pardotImportJob, { eventId }, { singletonKey: eventId });
    },

    /** Where the event's import stands (null: its list does not import). */
    async statusOf(eventId: string): Promise<{ import: PardotImport }> {
      const row = await imports.find(eventId);
      return { import: row ? importAnswer(row) : null };
    },
  };
}

export type PardotImports = ReturnType<typeof createPardotImport>;

export function registerPardotImportJobs(
  jobs: JobQueue,
  imports: PardotImports,
  sweepSeconds = PARDOT_IMPORT_SWEEP_MINUTES * 60,
): void {
  jobs.register(pardotImportJob, (payload) => imports.run(payload));
  jobs.register(pardotImportSweepJob, () => imports.sweep());
  jobs.every(pardotImportSweepJob, {}, sweepSeconds);
}
