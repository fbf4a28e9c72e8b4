import type { Page, Series, StudioEvent, WorkflowStatusAnswer } from '@studio/domain';
import { sql } from 'kysely';
import { expect, vi } from 'vitest';
import { bearer, type TestStudio } from '../../../test/harness.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { newAdmin } from '../access/access.fixtures.ts';
import { createBranding } from '../branding/branding.ts';
import { createBackOffice } from './back-office.ts';

/** A JSON call as a person: status and parsed body. */
export function caller(studio: TestStudio, access: string) {
  const call = async <T = unknown>(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => {
    const response = await studio.app.inject({
      method,
      url,
      headers: bearer(access),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    const body = response.body ? response.json<T>() : (undefined as T);
    return { status: response.statusCode, body };
  };
  return {
    get: <T = unknown>(url: string) => call<T>('GET', url),
    post: <T = unknown>(url: string, payload: unknown = {}) => call<T>('POST', url, payload),
    patch: <T = unknown>(url: string, payload: unknown) => call<T>('PATCH', url, payload),
    put: <T = unknown>(url: string, payload: unknown) => call<T>('PUT', url, payload),
    delete: (url: string) => call('DELETE', url),
  };
}
export type Api = ReturnType<typeof caller>;

/** An organisation's admin as a caller, its id, and another organisation's admin (the outsider). */
export async function adminAndOutsider(studio: TestStudio, name: string, outsiderName: string) {
  const admin = await newAdmin(studio, name);
  const outsider = await newAdmin(studio, outsiderName);
  return {
    api: caller(studio, admin.access),
    organizationId: admin.organization.id,
    outsider: caller(studio, outsider.access),
    outsiderOrganizationId: outsider.organization.id,
  };
}

/** Creates an event; `start`/`end` are instants. */
export async function newEvent(
  api: Api,
  fields: { title: string; start: Date | string; end: Date | string } & Record<string, unknown>,
): Promise<StudioEvent> {
  const { title, start, end, ...rest } = fields;
  const iso = (value: Date | string) => (typeof value === 'string' ? value : value.toISOString());
  const created = await api.post<StudioEvent>('/api/event/', {
    title,
    start_time: iso(start),
    end_time: iso(end),
    ...rest,
  });
  if (created.status !== 201) throw new Error(`event failed: ${JSON.stringify(created.body)}`);
  return created.body;
}

/** Two one-hour events a month apart: the source of a part's copy and the event it is copied onto. */
export async function copySourceAndTarget(api: Api): Promise<{ source: StudioEvent; target: StudioEvent }> {
  const source = await newEvent(api, {
    title: 'Copied',
    start: '2031-07-01T09:00:00Z',
    end: '2031-07-01T10:00:00Z',
  });
  const target = await newEvent(api, {
    title: 'Copy',
    start: '2031-08-01T09:00:00Z',
    end: '2031-08-01T10:00:00Z',
  });
  return { source, target };
}

/** Duplicates the event (with the duplicate call's body) and answers the copy's id once its duplication completed. */
export async function duplicatedEvent(
  api: Api,
  eventId: string,
  body: Record<string, unknown> = {},
): Promise<string> {
  const copy = (await api.post<{ id: string }>(`/api/event/${eventId}/duplicate/`, body)).body;
  for (let i = 0; i < 400; i += 1) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    const { status } = (await api.get<WorkflowStatusAnswer>(`/api/core/workflows/${copy.id}/`)).body;
    if (status === 'COMPLETED') return copy.id;
  }
  throw new Error(`The duplication of ${eventId} did not complete`);
}

export const minutes = (count: number) => count * 60_000;
export const at = (base: Date, offsetMinutes: number) => new Date(base.getTime() + minutes(offsetMinutes));

/** The page's ids in order. */
export const idsOf = (page: { results: { id: string }[] }) => page.results.map((item) => item.id);

/**
 * `count` copies of an event, a day apart each, written in one statement (a benchmark's large
 * organisation: creating a thousand through the API takes minutes on a loaded machine).
 */
export async function copyEvents(db: Executor, eventId: string, count: number): Promise<void> {
  const { rows } = await sql<{ name: string }>`select column_name as name from information_schema.columns
    where table_name = 'events' and table_schema = current_schema() order by ordinal_position`.execute(db);
  const changed: Record<string, string> = {
    id: 'gen_random_uuid()',
    title: `'Copy ' || copy`,
    start_time: `events.start_time + copy * interval '1 day'`,
    end_time: `events.end_time + copy * interval '1 day'`,
    created_at: `events.created_at + copy * interval '1 millisecond'`,
  };
  const columns = rows.map((row) => row.name);
  const values = columns.map((column) => changed[column] ?? `events.${column}`);
  await sql`insert into events (${sql.raw(columns.join(', '))})
    select ${sql.raw(values.join(', '))} from events, generate_series(1, ${count}) as copy
    where events.id = ${eventId}`.execute(db);
}

/** The events area as a worker process builds it: its own queue, the ports only the studio serves unused. */
export function workerBackOffice(studio: TestStudio, jobs: JobQueue) {
  return createBackOffice({
    db: studio.database.db,
    jobs,
    mailer: { send: () => Promise.resolve(true) },
    mailFrom: 'worker@example.com',
    attendeeBaseUrl: () => Promise.resolve('http://attendees.test'),
    scopeFactsOf: () =>
      Promise.resolve({
        settings: { isWorkspaceEnabled: false, notUseRegistrantCounts: false },
        teamIds: [],
      }),
    findWorkspace: () => Promise.reject(new Error('not used by jobs')),
    videos: { statusOf: () => Promise.resolve(undefined) },
    branding: createBranding(studio.database.db),
    realtime: { publish: () => Promise.resolve() },
  });
}

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * A repeating event, daily from 2 days ago to `daysAhead`, made a week ago (the server's clock set
 * back): today's occurrence and the two before have started since. They start on the hour two to
 * three hours before now, so whatever the hour the test runs, today's has started and tomorrow's
 * is about a day away (past the one-hour locks). `day(offset)` is an occurrence's date and
 * `occurrenceOn(offset)` the occurrence, `offset` days from today.
 */
export async function dailyOccurrencesMadeAWeekAgo(api: Api, name: string, daysAhead: number) {
  const firstStart = new Date(Math.floor((Date.now() - 2 * HOUR) / HOUR) * HOUR);
  const today = new Date(firstStart.toISOString().slice(0, 10));
  const day = (offset: number) => new Date(today.getTime() + offset * DAY).toISOString().slice(0, 10);
  const rule = (endOffset: number) => ({
    frequency: 'daily',
    start_date: day(-2),
    end_date: day(endOffset),
    start_time: firstStart.toISOString().slice(11, 16),
    duration_minutes: 60,
    timezone: 'UTC',
  });
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(today.getTime() - 7 * DAY));
  const created = await api.post<Series>('/api/event/series/', { name, recurrence: rule(daysAhead) });
  vi.useRealTimers();
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const occurrences = await occurrencesOf(api, created.body.id);
  const occurrenceOn = (offset: number) => occurrences[offset + 2]!;
  return { seriesId: created.body.id, occurrences, day, rule, occurrenceOn };
}

/** A repeating event's occurrences, the earliest first. */
export const occurrencesOf = async (api: Api, seriesId: string) =>
  (await api.get<Page<StudioEvent>>(`/api/event/?series=${seriesId}&ordering=start_time&limit=20`)).body
    .results;
