// Registrant lists at scale (issue 16): 100,000 registrants of one event. The registrants list's
// p99 (search, status filter, deep page) ÷ the same statements run directly; the CSV export's time
// ÷ PostgreSQL's `COPY (select …) TO STDOUT` of the same rows, with the peak RSS growth while it
// streams; a CSV import of 10,000 rows (validate + submit) in rows per second.
import type { AddressInfo } from 'node:net';
import { EVENT_MEMBERS_PAGE_SIZE } from '@studio/domain';
import pg from 'pg';
import { bearer, createTestStudio, type TestStudio } from '../apps/server/test/harness.ts';
import { newAdmin } from '../apps/server/src/modules/access/access.fixtures.ts';
import { insertRegistrants } from '../apps/server/src/modules/registration/members/members.fixtures.ts';
import { toEventMembers } from '../apps/server/src/modules/registration/registrant-rows.ts';
import {
  createMembersRepository,
  type MemberFilter,
} from '../apps/server/src/modules/registration/members/members.repository.ts';
import { monthAheadEvent, percentile, ratio, timed } from './bench-util.ts';

const REGISTRANTS = Number(process.env.BENCH_REGISTRANTS ?? 100_000);
const RUNS = Number(process.env.BENCH_REGISTRANTS_RUNS ?? 100);
const IMPORT_ROWS = 10_000;

interface Case {
  label: string;
  query: Record<string, string>;
  filter: Omit<MemberFilter, 'eventId'>;
  offset: number;
}
const deepOffset = Math.floor((REGISTRANTS * 0.9) / EVENT_MEMBERS_PAGE_SIZE) * EVENT_MEMBERS_PAGE_SIZE;
const cases: Case[] = [
  { label: 'first page', query: {}, filter: {}, offset: 0 },
  { label: 'search "first4242"', query: { search: 'first4242' }, filter: { search: 'first4242' }, offset: 0 },
  { label: 'search "company 7"', query: { search: 'company 7' }, filter: { search: 'company 7' }, offset: 0 },
  {
    label: 'Waitlisted filter',
    query: { event_user_status: 'WAITLISTED' },
    filter: { event_user_status: ['WAITLISTED'] },
    offset: 0,
  },
  { label: 'deep page (90 %)', query: {}, filter: {}, offset: deepOffset },
];

async function newEvent(studio: TestStudio, access: string) {
  return (await monthAheadEvent(studio, access, 'Registrants at scale')).id;
}

/** p99 of the list API and of its statements run directly (bounded count + page + their events). */
async function listLatencies(studio: TestStudio, access: string, eventId: string, item: Case) {
  const members = createMembersRepository(studio.database.db);
  const query = new URLSearchParams({ event: eventId, ...item.query });
  if (item.offset > 0) query.set('offset', String(item.offset));
  const url = `/api/event/event-members/?${query.toString()}`;
  const page = { limit: EVENT_MEMBERS_PAGE_SIZE, offset: item.offset };
  const api: number[] = [];
  const plain: number[] = [];
  for (let run = 0; run < RUNS + 5; run += 1) {
    const apiMs = await timed(async () => {
      const response = await studio.app.inject({ method: 'GET', url, headers: bearer(access) });
      if (response.statusCode !== 200) throw new Error(`${item.label}: ${response.statusCode}`);
    });
    const plainMs = await timed(async () => {
      const { rows } = await members.list({ eventId, ...item.filter }, page);
      await toEventMembers(rows[0]?.organization_id ?? '', rows, studio.database.db);
    });
    if (run >= 5) {
      api.push(apiMs);
      plain.push(plainMs);
    }
  }
  return { api: percentile(api, 99), plain: percentile(plain, 99) };
}

/** Streams the export over loopback HTTP, discarding it; its time, bytes and peak RSS growth. */
async function exportOverHttp(studio: TestStudio, access: string, eventId: string) {
  await studio.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = studio.app.server.address() as AddressInfo;
  global.gc?.();
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  let bytes = 0;
  const ms = await timed(async () => {
    const response = await fetch(
      `http://127.0.0.1:${port}/api/event/event-members/export/?event=${eventId}`,
      {
        headers: bearer(access),
      },
    );
    if (response.status !== 200 || !response.body) throw new Error(`export: ${response.status}`);
    for await (const chunk of response.body) bytes += (chunk as Uint8Array).byteLength;
  });
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss());
  return { ms, bytes, rssGrowth: peak - baseline };
}

/** `COPY (select …) TO STDOUT` of the export's rows on the same PostgreSQL, read and discarded. */
async function copyOut(connectionString: string, eventId: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  const text = `copy (select users.first_name || ' ' || users.last_name, users.email, users.company, users.title,
      r.status, r.registered_at, r.checked_in_at, r.answers
    from event_registrations r join users on users.id = r.user_id
    where r.event_id = '${eventId}' order by r.registered_at, r.event_role_id) to stdout with csv header`;
  let bytes = 0;
  try {
    const ms = await timed(
      () =>
        new Promise<void>((resolve, reject) => {
          // A minimal submittable: pg hands each CopyData message of the COPY OUT to it.
          void client.query({
            submit: (connection: { query(text: string): void }) => connection.query(text),
            handleCopyOutResponse: () => {},
            handleCopyData: (message: { chunk: Buffer }) => {
              bytes += message.chunk.length;
            },
            handleCommandComplete: () => {},
            handleReadyForQuery: () => resolve(),
            handleError: (error: Error) => reject(error),
          } as never);
        }),
    );
    return { ms, bytes };
  } finally {
    await client.end();
  }
}

/** The same rows read by one plain select (PGlite has no COPY to a client stream). */
async function plainSelect(studio: TestStudio, eventId: string) {
  return await timed(() =>
    studio.database.db
      .selectFrom('event_registrations')
      .innerJoin('users', 'users.id', 'event_registrations.user_id')
      .select([
        'users.first_name',
        'users.last_name',
        'users.email',
        'users.company',
        'users.title',
        'event_registrations.status',
        'event_registrations.registered_at',
        'event_registrations.checked_in_at',
        'event_registrations.answers',
      ])
      .where('event_registrations.event_id', '=', eventId)
      .orderBy('event_registrations.registered_at')
      .orderBy('event_registrations.event_role_id')
      .execute(),
  );
}

/** Validates and submits a CSV of 10,000 new people into an empty event. */
async function importRows(studio: TestStudio, access: string) {
  const eventId = await newEvent(studio, access);
  const csv = ['email,first_name,last_name,company']
    .concat(Array.from({ length: IMPORT_ROWS }, (_, n) => `import-${n}@bench.test,Imported,Person ${n},Acme`))
    .join('\n');
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'people.csv');
  const request = new Request('http://bench.test', { method: 'POST', body: form });
  const payload = Buffer.from(await request.arrayBuffer());
  let sheetId = '';
  const validateMs = await timed(async () => {
    const response = await studio.app.inject({
      method: 'POST',
      url: `/api/event/${eventId}/flat_file/validate/`,
      headers: { ...bearer(access), 'content-type': request.headers.get('content-type')! },
      payload,
    });
    if (response.statusCode !== 201) throw new Error(`validate: ${response.statusCode} ${response.body}`);
    sheetId = response.json<{ sheet_id: string }>().sheet_id;
  });
  const submitMs = await timed(async () => {
    const response = await studio.app.inject({
      method: 'POST',
      url: `/api/event/${eventId}/flat_file/submit/`,
      headers: bearer(access),
      payload: { sheet_id: sheetId },
    });
    const created = response.json<{ created: number }>().created;
    if (created !== IMPORT_ROWS) throw new Error(`submit: ${response.statusCode} ${response.body}`);
  });
  return { validateMs, submitMs };
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

export async function benchRegistrationLists(databaseKind: 'pglite' | 'postgres'): Promise<string[]> {
  process.env.STUDIO_TEST_DATABASE = databaseKind;
  const studio = await createTestStudio({ checkAnswers: false, role: 'api' });
  try {
    const admin = await newAdmin(studio);
    const eventId = await newEvent(studio, admin.access);
    const seeded = await timed(() =>
      insertRegistrants(studio.database.db, { organizationId: admin.organization.id, eventId }, REGISTRANTS),
    );
    const lines = [
      `Registrant lists on ${databaseKind}: ${REGISTRANTS.toLocaleString('en')} registrants of one event (seeded in ${(seeded / 1000).toFixed(1)} s), p99 of ${RUNS}:`,
    ];
    for (const item of cases) {
      const { api, plain } = await listLatencies(studio, admin.access, eventId, item);
      lines.push(
        `  list, ${item.label.padEnd(20)} API ÷ the same SQL run directly: ${ratio(api / plain)} (${ms(api)} ÷ ${ms(plain)}; goal ≤ 1.5)`,
      );
    }
    const exported = await exportOverHttp(studio, admin.access, eventId);
    const rate = `${Math.round(REGISTRANTS / (exported.ms / 1000)).toLocaleString('en')} rows/s`;
    if (databaseKind === 'postgres' && studio.database.connectionString) {
      const copied = await copyOut(studio.database.connectionString, eventId);
      lines.push(
        `  CSV export (${mib(exported.bytes)}) ÷ COPY … TO STDOUT (${mib(copied.bytes)}): ${ratio(exported.ms / copied.ms)} (${ms(exported.ms)} ÷ ${ms(copied.ms)}, ${rate}; goal ≤ 3)`,
      );
    } else {
      const selected = await plainSelect(studio, eventId);
      lines.push(
        `  CSV export (${mib(exported.bytes)}) ÷ one plain select of the same rows: ${ratio(exported.ms / selected)} (${ms(exported.ms)} ÷ ${ms(selected)}, ${rate}; report — COPY only on PostgreSQL)`,
      );
    }
    lines.push(
      `  CSV export peak RSS growth: ${mib(exported.rssGrowth)} for a ${mib(exported.bytes)} file (streamed: growth well under the file)`,
    );
    const imported = await importRows(studio, admin.access);
    const total = imported.validateMs + imported.submitMs;
    lines.push(
      `  CSV import of ${IMPORT_ROWS.toLocaleString('en')} rows: ${Math.round(IMPORT_ROWS / (total / 1000)).toLocaleString('en')} rows/s (validate ${ms(imported.validateMs)}, submit ${ms(imported.submitMs)}; report)`,
    );
    return lines;
  } finally {
    await studio.close();
  }
}
