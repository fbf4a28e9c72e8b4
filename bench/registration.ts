// Registration (issue 16): the capacity race — 200 concurrent registrations for 50 seats, 20
// runs, each must end with exactly 50 Registered and 150 Waitlisted — and the register call's
// throughput, sequential and with 20 in flight, ÷ /api/health's, in one run.
import { bearer, createTestStudio, type TestStudio } from '../apps/server/test/harness.ts';
import { newAdmin } from '../apps/server/src/modules/access/access.fixtures.ts';
import { monthAheadEvent, ratio, registerNext, timed } from './bench-util.ts';

const RACE_RUNS = Number(process.env.BENCH_RACE_RUNS ?? 20);
const RACERS = 200;
const SEATS = 50;
const THROUGHPUT_CALLS = 400;
const IN_FLIGHT = 20;

async function newEvent(studio: TestStudio, access: string, title: string, capacity: number | null) {
  const { id } = await monthAheadEvent(studio, access, title);
  const patched = await studio.app.inject({
    method: 'PATCH',
    url: `/api/event/${id}/registration_settings/`,
    headers: bearer(access),
    payload: { registration_capacity: capacity, waitlist_enabled: capacity !== null },
  });
  if (patched.statusCode !== 200) throw new Error(`settings: ${patched.statusCode} ${patched.body}`);
  return id;
}

const register = (studio: TestStudio, eventId: string) => registerNext(studio, eventId, 'registrant');

/** Calls per second of `call`, `inFlight` at a time. */
async function rate(total: number, inFlight: number, call: () => Promise<unknown>) {
  let next = 0;
  const took = await timed(() =>
    Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (next < total) {
          next += 1;
          await call();
        }
      }),
    ),
  );
  return total / (took / 1000);
}

export async function benchRegistration(databaseKind: 'pglite' | 'postgres'): Promise<string[]> {
  process.env.STUDIO_TEST_DATABASE = databaseKind;
  const studio = await createTestStudio({ checkAnswers: false, role: 'api' });
  try {
    const admin = await newAdmin(studio);
    let exact = 0;
    const outcomes: string[] = [];
    for (let run = 0; run < RACE_RUNS; run += 1) {
      const eventId = await newEvent(studio, admin.access, `Race ${run}`, SEATS);
      const statuses = await Promise.all(Array.from({ length: RACERS }, () => register(studio, eventId)));
      const registered = statuses.filter((status) => status === 'REGISTRATION').length;
      const waitlisted = statuses.filter((status) => status === 'WAITLISTED').length;
      if (registered === SEATS && waitlisted === RACERS - SEATS) exact += 1;
      else outcomes.push(`run ${run}: ${registered} Registered, ${waitlisted} Waitlisted`);
    }

    const open = await newEvent(studio, admin.access, 'Throughput', null);
    const health = () => studio.app.inject({ method: 'GET', url: '/api/health' });
    await rate(50, 1, () => register(studio, open));
    const healthSequential = await rate(THROUGHPUT_CALLS, 1, health);
    const registerSequential = await rate(THROUGHPUT_CALLS, 1, () => register(studio, open));
    const healthParallel = await rate(THROUGHPUT_CALLS, IN_FLIGHT, health);
    const registerParallel = await rate(THROUGHPUT_CALLS, IN_FLIGHT, () => register(studio, open));
    return [
      `Registration on ${databaseKind}`,
      `  capacity race (${RACERS} at once for ${SEATS} seats): ${exact}/${RACE_RUNS} runs exactly ${SEATS} Registered and ${RACERS - SEATS} Waitlisted (goal: all)${outcomes.length ? `; ${outcomes.join('; ')}` : ''}`,
      `  register, sequential: ${registerSequential.toFixed(0)}/s ÷ /api/health ${healthSequential.toFixed(0)}/s: ${ratio(registerSequential / healthSequential)} (report)`,
      `  register, ${IN_FLIGHT} in flight: ${registerParallel.toFixed(0)}/s ÷ /api/health ${healthParallel.toFixed(0)}/s: ${ratio(registerParallel / healthParallel)} (report)`,
    ];
  } finally {
    await studio.close();
  }
}
