import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { StudioEvent, Tag, WorkflowStatusAnswer } from '@studio/domain';
import { fileStudioWithAdmin } from '../../../../test/file-studio.ts';
import { createJobQueue, type JobQueue } from '../../../platform/jobs/job-queue.ts';
import { newAdmin } from '../../access/access.fixtures.ts';
import { registerBackOfficeJobs } from '../back-office.ts';
import { caller, newEvent, workerBackOffice } from '../back-office.fixtures.ts';
import type { EventCopy, EventCopyStep, RegistrationSettingsPort } from '../event-copy.ts';
import { createRegistrationSettingsPort } from '../../registration/settings/registration-settings.ts';

/**
 * Duplication is a durable job (spec 000 §4): the studio answers at once with the copy RUNNING;
 * a worker — here a separate one on the same database, as a worker node would be — fills it.
 */
const quiet = { info() {}, warn() {}, error() {} };
// Role api (the default): this studio enqueues but runs no job.
const { studio, api } = fileStudioWithAdmin('Dup Org');
let worker: JobQueue | undefined;
afterAll(() => worker?.stop({ timeoutMs: 1000 }));

/** A worker process: its own queue on the studio's database, with the events area's job. */
async function startWorker(
  copySteps: EventCopyStep[] = [],
  registrationSettings: RegistrationSettingsPort = createRegistrationSettingsPort(studio.database.db),
): Promise<JobQueue> {
  const queue = createJobQueue({ database: studio.database, log: quiet, pollIntervalMs: 50 });
  const area = workerBackOffice(studio, queue);
  copySteps.forEach((step) => area.eventCopySteps.provide(step));
  area.registrationSettings.provide(registrationSettings);
  registerBackOfficeJobs(queue, area);
  await queue.startWorkers();
  return queue;
}

const status = async (id: string) => (await api.get<WorkflowStatusAnswer>(`/api/core/workflows/${id}/`)).body;

async function until(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('event duplication as a job', () => {
  it('answers RUNNING, refuses actions on the copy meanwhile, then a worker completes it with the settings and tags copied', async () => {
    const me = (await api.get<{ organization: string }>('/api/core/user/me/')).body;
    const launch = (
      await api.post<Tag>('/api/core/tags/', { organization: me.organization, tag_name: 'Launch' })
    ).body;
    const source = await newEvent(api, {
      title: 'Source summit',
      start: '2031-03-01T09:00:00Z',
      end: '2031-03-01T17:00:00Z',
      timezone: 'Europe/Paris',
      description: 'All day',
      location: 'Paris',
      wistia_project_id: 'w-1',
      tags: [launch.id],
    });
    const registration = {
      registration_capacity: 40,
      waitlist_enabled: true,
      registration_approval_required: true,
    };
    expect((await api.patch(`/api/event/${source.id}/registration_settings/`, registration)).status).toBe(
      200,
    );

    const duplicated = await api.post<{
      id: string;
      workflow_id: string;
      workflow_ids: string[];
      status: string;
      event: StudioEvent;
    }>(`/api/event/${source.id}/duplicate/`, { start_time: '2031-04-01T09:00:00Z' });
    expect(duplicated.status).toBe(202);
    const copy = duplicated.body;
    expect(copy.status).toBe('RUNNING');
    expect(copy.workflow_ids).toEqual([
      copy.id,
      `event-duplication-${copy.id}`,
      `async-duplication-${copy.id}`,
    ]);
    expect(copy.event).toMatchObject({
      title: 'Copy of Source summit',
      is_ready: false,
      description: null,
      tags: [],
    });
    // Same length as the source, at the new start.
    expect(copy.event.end_time).toBe('2031-04-01T17:00:00.000Z');
    for (const id of copy.workflow_ids)
      expect(await status(id)).toEqual({ id, status: 'RUNNING', failed: false });
    expect((await api.get(`/api/core/workflows/?event_id=${copy.id}`)).body).toMatchObject({
      status: 'RUNNING',
    });

    // The guard: actions that need a ready event are refused while it runs.
    const refusals = [
      ['Update', await api.patch(`/api/event/${copy.id}/`, { title: 'Renamed' })],
      ['Delete', await api.delete(`/api/event/${copy.id}/`)],
      [
        'Reschedule',
        await api.post(`/api/event/${copy.id}/reschedule/`, {
          start_time: '2031-05-01T09:00:00Z',
          end_time: '2031-05-01T10:00:00Z',
        }),
      ],
      ['Duplicate', await api.post(`/api/event/${copy.id}/duplicate/`, {})],
      ['Sending calendar invites', await api.post(`/api/event/${copy.id}/send_calendar_invites/`, {})],
      [
        'Template creation',
        await api.post('/api/event/studio-templates/create_from_event/', { event: copy.id }),
      ],
    ] as const;
    for (const [action, response] of refusals) {
      expect(response.status, action).toBe(409);
      expect(response.body).toMatchObject({
        code: 'EVENT_NOT_READY',
        message: `${action} couldn't be initiated. The event is still getting ready. Please try again later.`,
      });
    }
    expect((await api.get(`/api/event/${copy.id}/can_reschedule/`)).body).toEqual({
      can_reschedule: false,
      reason: "Reschedule couldn't be initiated. The event is still getting ready. Please try again later.",
    });
    // The source itself stays usable.
    expect((await api.get(`/api/event/${source.id}/can_reschedule/`)).body).toEqual({
      can_reschedule: true,
      reason: null,
    });

    worker = await startWorker();
    await until(async () => (await status(copy.id)).status === 'COMPLETED');
    for (const id of copy.workflow_ids)
      expect(await status(id)).toEqual({ id, status: 'COMPLETED', failed: false });

    const ready = (await api.get<StudioEvent>(`/api/event/${copy.id}/?get_metadata=true`)).body;
    expect(ready).toMatchObject({
      is_ready: true,
      description: 'All day',
      location: 'Paris',
      timezone: 'Europe/Paris',
      wistia_project_id: 'w-1',
      tags: [{ id: launch.id, tag_name: 'Launch' }],
      metadata: { duplicated_from: source.id, workflow_status: 'COMPLETED' },
    });
    // Registration's settings (its own table) came with the copy.
    expect((await api.get(`/api/event/${copy.id}/registration_settings/`)).body).toEqual(registration);
    expect((await api.patch(`/api/event/${copy.id}/`, { title: 'Renamed' })).status).toBe(200);
    await worker.stop({ timeoutMs: 1000 });
    worker = undefined;
  });

  it("runs the later areas' copy steps in order with the shift, committed with their mark: a failed try leaves nothing", async () => {
    const source = await newEvent(api, {
      title: 'With a programme',
      start: '2031-03-01T09:00:00Z',
      end: '2031-03-01T17:00:00Z',
    });
    const seen: Omit<EventCopy, 'tx'>[] = [];
    let tries = 0;
    const clear = () => Promise.resolve();
    const steps: EventCopyStep[] = [
      {
        async copy({ tx, ...copy }) {
          seen.push({ ...copy, newIds: new Map(copy.newIds) });
          copy.newIds.set('old-session', 'new-session');
          await sql`update events set location = ${`try ${++tries}`} where id = ${copy.targetEventId}`.execute(
            tx,
          );
        },
        clear,
      },
      {
        copy({ newIds }) {
          // The second area sees the first one's new ids; its failure undoes the first one's writes.
          expect(newIds.get('old-session')).toBe('new-session');
          return tries === 1 ? Promise.reject(new Error('the first try fails')) : Promise.resolve();
        },
        clear,
      },
    ];
    const copy = (
      await api.post<{ id: string }>(`/api/event/${source.id}/duplicate/`, {
        start_time: '2031-03-08T09:00:00Z',
      })
    ).body;
    worker = await startWorker(steps);
    await until(async () => (await status(copy.id)).status === 'COMPLETED', 60_000);
    expect(await status(`async-duplication-${copy.id}`)).toMatchObject({
      status: 'COMPLETED',
      failed: false,
    });
    expect(seen).toEqual([
      ...[1, 2].map(() => ({
        sourceEventId: source.id,
        targetEventId: copy.id,
        shiftMs: 7 * 86_400_000,
        newIds: new Map(),
        templateProgramme: false,
      })),
    ]);
    // Only the second, whole try is kept.
    expect((await api.get<StudioEvent>(`/api/event/${copy.id}/`)).body.location).toBe('try 2');
    await worker.stop({ timeoutMs: 1000 });
    worker = undefined;
  });

  it('ends FAILED (not stuck RUNNING) when the source disappears before the job runs', async () => {
    const source = await newEvent(api, {
      title: 'Short lived',
      start: '2031-03-01T09:00:00Z',
      end: '2031-03-01T10:00:00Z',
    });
    const copy = (
      await api.post<{ id: string }>(`/api/event/${source.id}/duplicate/`, { title: 'Kept copy' })
    ).body;
    expect((await api.delete(`/api/event/${source.id}/`)).status).toBe(204);
    worker = await startWorker();
    await until(async () => (await status(copy.id)).status === 'COMPLETED');
    expect(await status(copy.id)).toEqual({ id: copy.id, status: 'COMPLETED', failed: true });
    // Nothing runs any more: the copy can be deleted.
    expect((await api.delete(`/api/event/${copy.id}/`)).status).toBe(204);
  });

  it('ends FAILED, or copies from the whole source, when the source is deleted while the copy is made', async () => {
    await worker?.stop({ timeoutMs: 1000 });
    const source = await newEvent(api, {
      title: 'Deleted while copied',
      start: '2031-03-01T09:00:00Z',
      end: '2031-03-01T10:00:00Z',
    });
    const copy = (await api.post<{ id: string }>(`/api/event/${source.id}/duplicate/`, {})).body;
    // The source is deleted while the job copies its settings, before the later areas' parts.
    const port = createRegistrationSettingsPort(studio.database.db);
    let deleting: ReturnType<typeof api.delete> | undefined;
    const sawSource: boolean[] = [];
    worker = await startWorker(
      [
        {
          async copy({ tx, sourceEventId }) {
            const found = await sql`select 1 from events where id = ${sourceEventId}`.execute(tx);
            sawSource.push(found.rows.length > 0);
          },
          clear: () => Promise.resolve(),
        },
      ],
      {
        ...port,
        async settingsOf(eventId, tx) {
          deleting ??= api.delete(`/api/event/${source.id}/`);
          await new Promise((resolve) => setTimeout(resolve, 300));
          return port.settingsOf(eventId, tx);
        },
      },
    );
    await until(async () => (await status(copy.id)).status === 'COMPLETED');
    expect((await deleting!).status).toBe(204);
    // Never completed with the programme copied from nothing.
    expect(sawSource).not.toContain(false);
    if (!(await status(copy.id)).failed) expect(sawSource).toEqual([true]);
    await worker.stop({ timeoutMs: 1000 });
    worker = undefined;
  });

  it("answers 404 for another organisation's event or workflow", async () => {
    const source = await newEvent(api, {
      title: 'Private',
      start: '2031-03-01T09:00:00Z',
      end: '2031-03-01T10:00:00Z',
    });
    const outsider = caller(studio, (await newAdmin(studio, 'Outsider')).access);
    expect((await outsider.post(`/api/event/${source.id}/duplicate/`, {})).status).toBe(404);
    expect((await outsider.get(`/api/core/workflows/event-duplication-${source.id}/`)).status).toBe(404);
    expect((await outsider.get(`/api/core/workflows/${source.id}/`)).status).toBe(404);
    // An event that was never duplicated has nothing running.
    expect(await status(`async-duplication-${source.id}`)).toEqual({
      id: `async-duplication-${source.id}`,
      status: 'COMPLETED',
      failed: false,
    });
  });
});
