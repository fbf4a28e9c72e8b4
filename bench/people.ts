// People of an event (issue 15): the speakers list at 500 speakers over 300 sessions beside
// /api/health, and a bulk invitation of all 500 (a job with progress) whose enqueue is compared
// with a plain list call, in one run. The studio runs its workers (role all, as `npm start`).
import { bearer, createTestStudio } from '../apps/server/test/harness.ts';
import { newAdmin } from '../apps/server/src/modules/access/access.fixtures.ts';
import { percentile, postAs, ratio, requestP99, timed, until } from './bench-util.ts';
import { programmeDayEvent, programmeDaySessions } from './programme-day.ts';

const RUNS = Number(process.env.BENCH_LIST_RUNS ?? 200);
const SPEAKERS = 500;
const SESSIONS = 300;
/** Bulk invitations timed, one after the other's job has ended: p99 is the slowest. */
const INVITES = 20;

export async function benchPeople(databaseKind: 'pglite' | 'postgres'): Promise<string[]> {
  process.env.STUDIO_TEST_DATABASE = databaseKind;
  const studio = await createTestStudio({ checkAnswers: false, role: 'all' });
  try {
    const admin = await newAdmin(studio);
    const auth = bearer(admin.access);
    const event = await programmeDayEvent(studio, admin.access, 'Bench people');
    const sessions = await programmeDaySessions(studio, admin.access, event.id, SESSIONS);
    for (let i = 0; i < SPEAKERS; i += 1) {
      await postAs(studio, admin.access, '/api/event/event-roles/', {
        event: event.id,
        role: 4,
        user: {
          email: `speaker-${i}@bench.test`,
          first_name: `Speaker`,
          last_name: `${i}`,
          company: `Company ${i % 20}`,
        },
        // Two different sessions each, half the programme apart.
        broadcasts: [sessions[i % SESSIONS], sessions[(i + SESSIONS / 2) % SESSIONS]],
      });
    }
    const health = await requestP99(studio, '/api/health', {}, RUNS);
    const listUrl = `/api/event/event-roles/?event=${event.id}&role=4&limit=25&ordering=rank`;
    const list = await requestP99(studio, listUrl, auth, RUNS);

    // The bulk invitation: its enqueue (the request) against the list call, each timed on a quiet
    // studio (the previous job has sent its invitations); then that job, to the end. The first
    // one is not counted (the list call had its 20 unmeasured runs too).
    const enqueues: number[] = [];
    const jobs: number[] = [];
    const jobDone = (job: string) => async () => {
      const answer = await studio.app.inject({
        method: 'GET',
        url: `/api/event/people-jobs/${job}/`,
        headers: auth,
      });
      return answer.json<{ state: string }>().state === 'done';
    };
    for (let i = 0; i <= INVITES; i += 1) {
      let job = '';
      const took = await timed(async () => {
        const answer = await postAs<{ job: string }>(studio, admin.access, '/api/event/event-roles/bulk/', {
          event: event.id,
          role: 4,
          action: 'resend_invite',
          selection: { all: true },
        });
        job = answer.job;
      });
      const sent = await until(jobDone(job), 50);
      if (i === 0) continue;
      enqueues.push(took);
      jobs.push(sent);
    }
    const enqueue = percentile(enqueues, 99);
    return [
      `People on ${databaseKind} (${SPEAKERS} speakers over ${SESSIONS} sessions)`,
      `  speakers list (25 a page) p99 ${list.toFixed(2)} ms ÷ /api/health p99 ${health.toFixed(2)} ms: ${ratio(list / health)} (report)`,
      `  bulk invitation of ${SPEAKERS}: enqueue p50 ${percentile(enqueues, 50).toFixed(2)} ms, p99 ${enqueue.toFixed(2)} ms ÷ the list call p99 ${list.toFixed(2)} ms: ${ratio(enqueue / list)} (goal ≤ 1); a job sent its ${SPEAKERS} invitations in ${(percentile(jobs, 50) / 1000).toFixed(1)} s (median)`,
    ];
  } finally {
    await studio.close();
  }
}
