// Analytics (issue 35): the summary of an event with 100,000 tracked events and 10,000
// registrants beside the events list; beacon ingestion beside a bare insert of the same rows; and
// 5,000 attendees' heartbeats (one every 30 s each) offered to one node at their rate.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  analyticsBeaconPath,
  analyticsPath,
  HEARTBEAT_SECONDS,
  type AnalyticsEventKind,
} from '@studio/domain';
import { bearer, createTestStudio, type TestStudio } from '../apps/server/test/harness.ts';
import { newAdmin } from '../apps/server/src/modules/access/access.fixtures.ts';
import { caller, newEvent } from '../apps/server/src/modules/back-office/back-office.fixtures.ts';
import { magicLinkCookie } from '../apps/server/src/modules/attendee-site/event-app/event-app.fixtures.ts';
import { appendInBulk } from '../apps/server/src/modules/analytics/analytics.fixtures.ts';
import { sendBeacon } from '../apps/server/src/modules/analytics/browser-beacon.ts';
import {
  createAnalyticsRepository,
  type NewAnalyticsEvent as Row,
} from '../apps/server/src/modules/analytics/analytics.repository.ts';
import {
  insertRegistrants,
  seatedRegistrants,
} from '../apps/server/src/modules/registration/members/members.fixtures.ts';
import { percentile, ratio, requestPercentiles } from './bench-util.ts';

const TRACKED = Number(process.env.BENCH_ANALYTICS_EVENTS ?? 100_000);
const REGISTRANTS = 10_000;
const EVENTS = 60;
const RUNS = Number(process.env.BENCH_LIST_RUNS ?? 200);
const BEACON_PEOPLE = 200;
const BEACONS = Number(process.env.BENCH_BEACONS ?? 2_000);
const IN_FLIGHT = 10;
const HELD_ATTENDEES = 5_000;
const HOLD_SECONDS = Number(process.env.BENCH_BEACON_SECONDS ?? 15);
const HOUR = 3_600_000;

/**
 * An event's tracked rows as a crowd leaves them: 60 % of the registrants attend, each sending a
 * heartbeat every 30 s after joining; some registration page views, chat, CTA clicks and
 * on-demand viewing after the end.
 */
function crowdRows(target: { organizationId: string; eventId: string }, people: string[], start: number) {
  const attendees = people.slice(0, Math.floor(people.length * 0.6));
  const sessions = Array.from({ length: 5 }, () => randomUUID());
  return Array.from({ length: TRACKED }, (_, n): Row => {
    const userId = attendees[n % attendees.length]!;
    const round = Math.floor(n / attendees.length);
    const at = new Date(start + round * HEARTBEAT_SECONDS * 1000 + (n % attendees.length) * 5);
    const base = { organization_id: target.organizationId, event_id: target.eventId, occurred_at: at };
    const session = sessions[round % sessions.length]!;
    const kind: AnalyticsEventKind =
      n % 25 === 0
        ? 'page_view'
        : n % 100 === 1
          ? 'cta_click'
          : n % 50 === 2
            ? 'chat_message'
            : round === 0
              ? 'session_joined'
              : 'watched';
    if (kind === 'page_view')
      return {
        ...base,
        kind,
        visitor: `visitor-${n % 20_000}`,
        occurred_at: new Date(start - 7 * 24 * HOUR),
      };
    if (kind === 'watched' && n % 33 === 0)
      return {
        ...base,
        kind,
        user_id: userId,
        target_id: session,
        mode: 'on_demand',
        seconds: HEARTBEAT_SECONDS,
        occurred_at: new Date(at.getTime() + 24 * HOUR),
      };
    return {
      ...base,
      kind,
      user_id: userId,
      target_id: kind === 'cta_click' ? null : session,
      mode: kind === 'watched' || kind === 'session_joined' ? 'live' : null,
      seconds: kind === 'watched' ? HEARTBEAT_SECONDS : 0,
      cta: kind === 'cta_click' ? 'demo_request' : null,
    };
  });
}

/** `count` tasks, `inFlight` at a time; answers the rate per second. */
async function rate(count: number, inFlight: number, task: (index: number) => Promise<void>) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) await task(next++);
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

async function summaryAgainstList(studio: TestStudio) {
  const admin = await newAdmin(studio);
  const api = caller(studio, admin.access);
  const auth = bearer(admin.access);
  const start = Date.now() - 2 * 24 * HOUR;
  const event = await newEvent(api, {
    title: 'Tracked at scale',
    start: new Date(start),
    end: new Date(start + 4 * HOUR),
  });
  for (let i = 1; i < EVENTS; i += 1)
    await newEvent(api, {
      title: `Event ${i}`,
      start: new Date(Date.now() + i * 24 * HOUR),
      end: new Date(Date.now() + i * 24 * HOUR + HOUR),
    });
  const target = { organizationId: admin.organization.id, eventId: event.id };
  await insertRegistrants(studio.database.db, target, REGISTRANTS, 'tracked');
  const people = (
    await studio.database.db
      .selectFrom('event_registrations')
      .select('user_id')
      .where('event_id', '=', event.id)
      .orderBy('user_id')
      .execute()
  ).map((row) => row.user_id);
  const rows = crowdRows(target, people, start);
  // The repository's own write path, a thousand rows a statement (tracked rows and rollups).
  const seeding = performance.now();
  const rollups = await appendInBulk(studio.database.db, event.id, rows);
  const seeded = (performance.now() - seeding) / 1000;
  // Taken in turn, so both meet the same moments of the machine.
  const [list, summary] = await requestPercentiles(
    studio,
    [`/api/event/?organization=${admin.organization.id}&limit=25`, analyticsPath(event.id, 'summary')],
    auth,
    RUNS,
  );
  return [
    `  summary of ${TRACKED.toLocaleString('en')} tracked events (${rollups.toLocaleString('en')} rollups), ${REGISTRANTS.toLocaleString('en')} registrants: p99 ${summary.p99.toFixed(2)} ms ÷ events list (25 of ${EVENTS}) p99 ${list.p99.toFixed(2)} ms: ${ratio(summary.p99 / list.p99)} (goal ≤ 3); p50 ${summary.p50.toFixed(2)} ÷ ${list.p50.toFixed(2)} ms: ${ratio(summary.p50 / list.p50)}`,
    `  seeded through the repository's append, 1,000 rows a statement: ${Math.round(TRACKED / seeded).toLocaleString('en')} rows/s`,
  ];
}

async function beaconIngestion(studio: TestStudio) {
  const admin = await newAdmin(studio);
  const api = caller(studio, admin.access);
  const event = await newEvent(api, {
    title: 'Heartbeats',
    start: new Date(Date.now() - 600_000),
    end: new Date(Date.now() + 4 * HOUR),
  });
  const target = { organizationId: admin.organization.id, eventId: event.id };
  const seated = await seatedRegistrants(studio.database.db, target, BEACON_PEOPLE);
  const people: { userId: string; cookie: string }[] = [];
  for (const userId of seated)
    people.push({ userId, cookie: await magicLinkCookie(studio, api, event.id, { user_id: userId }) });
  const session = randomUUID();
  const heartbeat = {
    actions: [{ action: 'watched', target: session, mode: 'live', seconds: HEARTBEAT_SECONDS }],
  };
  const beacon = async (index: number) => {
    const answer = await sendBeacon(studio.attendeeSite, analyticsBeaconPath(event.id), heartbeat, {
      cookie: people[index % people.length]!.cookie,
    });
    if (answer.statusCode !== 204) throw new Error(`beacon answered ${answer.statusCode} ${answer.body}`);
  };
  // The row a beacon stores, one statement each, as many in flight: bare, and by the repository.
  const rowOf = (index: number): Row => ({
    organization_id: target.organizationId,
    event_id: target.eventId,
    user_id: people[index % people.length]!.userId,
    kind: 'watched',
    target_id: session,
    seconds: HEARTBEAT_SECONDS,
    mode: 'live',
    occurred_at: new Date(),
  });
  const bare = async (index: number) => {
    await studio.database.db.insertInto('analytics_events').values(rowOf(index)).execute();
  };
  const repository = createAnalyticsRepository(studio.database.db);
  const appended = (index: number) => repository.append([rowOf(index)]);
  await rate(200, IN_FLIGHT, beacon);
  await rate(200, IN_FLIGHT, bare);
  // Side by side, twice each in turn; the better run of each counts.
  const beacons: number[] = [];
  const inserts: number[] = [];
  const appends: number[] = [];
  for (let round = 0; round < 2; round += 1) {
    beacons.push(await rate(BEACONS, IN_FLIGHT, beacon));
    inserts.push(await rate(BEACONS, IN_FLIGHT, bare));
    appends.push(await rate(BEACONS, IN_FLIGHT, appended));
  }
  const accepted = Math.max(...beacons);
  const inserted = Math.max(...inserts);
  const stored = Math.max(...appends);

  // 5,000 attendees' heartbeats at their rate (open loop), over the people's cookies in turn.
  const perSecond = HELD_ATTENDEES / HEARTBEAT_SECONDS;
  const total = Math.round(perSecond * HOLD_SECONDS);
  const latencies: number[] = [];
  let failed = 0;
  const sent: Promise<void>[] = [];
  const started = performance.now();
  await new Promise<void>((resolve) => {
    let offered = 0;
    const tick = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * perSecond));
      for (; offered < due; offered += 1) {
        const at = performance.now();
        sent.push(
          beacon(offered).then(
            () => void latencies.push(performance.now() - at),
            () => void (failed += 1),
          ),
        );
      }
      if (offered >= total) {
        clearInterval(tick);
        resolve();
      }
    }, 5);
  });
  await Promise.all(sent);
  const held = total / ((performance.now() - started) / 1000);
  return [
    `  beacons accepted (a heartbeat each, ${IN_FLIGHT} in flight, ${BEACONS} a run): ${Math.round(accepted)}/s ÷ a bare insert of the same row ${Math.round(inserted)}/s: ${ratio(accepted / inserted)} (goal ≥ 0.5)`,
    `    of which the write (the repository's append, row and rollup in one statement) ${Math.round(stored)}/s ÷ the bare insert: ${ratio(stored / inserted)}; the rest is the event app's admission of the cookie`,
    `  ${HELD_ATTENDEES.toLocaleString('en')} attendees' heartbeats every ${HEARTBEAT_SECONDS} s (${perSecond.toFixed(0)}/s for ${HOLD_SECONDS} s over ${BEACON_PEOPLE} cookies): ${held.toFixed(0)}/s answered ÷ offered ${ratio(held / perSecond)}, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, ${failed} refused; the node's most: ${(accepted / perSecond).toFixed(1)}× that rate`,
  ];
}

export async function benchAnalytics(databaseKind: 'pglite' | 'postgres'): Promise<string[]> {
  process.env.STUDIO_TEST_DATABASE = databaseKind;
  const studio = await createTestStudio({ checkAnswers: false });
  try {
    return [
      `Analytics on ${databaseKind} (p99 of ${RUNS} sequential requests)`,
      ...(await summaryAgainstList(studio)),
      ...(await beaconIngestion(studio)),
    ];
  } finally {
    await studio.close();
  }
}
