// The stage's switch (issue 17, performance): 200 attendees' push streams open on the attendee
// origin; at the event's scheduled end the stage's switch job pushes `stage-updated` and every
// stream must receive it. Reported: from the scheduled instant to each stream's receipt, p50, p99
// and the slowest. The studio runs its workers (role all, as `npm start`), on the real clock.
import http from 'node:http';
import { bearer, createTestStudio } from '../apps/server/test/harness.ts';
import { newAdmin } from '../apps/server/src/modules/access/access.fixtures.ts';
import { caller, newEvent } from '../apps/server/src/modules/back-office/back-office.fixtures.ts';
import { magicLinkCookie } from '../apps/server/src/modules/attendee-site/event-app/event-app.fixtures.ts';
import { percentile } from './bench-util.ts';

const STREAMS = 200;
/** Time enough for every stream to open before the switch. */
const LEAD_MS = 15_000;

/** Opens the event's push stream; resolves once it is open, then calls `onStageUpdated` at the push. */
function openStream(url: string, cookie: string, agent: http.Agent, onStageUpdated: () => void) {
  return new Promise<http.ClientRequest>((resolve, reject) => {
    const request = http.get(url, { agent, headers: { cookie, accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200)
        return reject(new Error(`push stream answered ${response.statusCode}`));
      let buffered = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffered += chunk;
        if (buffered.includes('event: stage-updated')) {
          onStageUpdated();
          buffered = '';
        }
      });
      resolve(request);
    });
    request.on('error', reject);
  });
}

export async function benchStageSwitch(databaseKind: 'pglite' | 'postgres'): Promise<string[]> {
  process.env.STUDIO_TEST_DATABASE = databaseKind;
  const studio = await createTestStudio({ checkAnswers: false, role: 'all' });
  const agent = new http.Agent({ keepAlive: true, maxSockets: STREAMS + 10 });
  const requests: http.ClientRequest[] = [];
  try {
    const admin = await newAdmin(studio);
    const api = caller(studio, admin.access);
    const switchAt = new Date(Date.now() + LEAD_MS);
    const event = await newEvent(api, {
      title: 'Bench stage',
      start: new Date(switchAt.getTime() - 3_600_000),
      end: switchAt,
    });
    const email = 'stage-speaker@bench.test';
    const speaker = await studio.app.inject({
      method: 'POST',
      url: '/api/event/event-roles/',
      headers: bearer(admin.access),
      payload: { event: event.id, role: 4, user: { email, first_name: 'Stage', last_name: 'Speaker' } },
    });
    if (speaker.statusCode >= 300) throw new Error(`speaker: ${speaker.body}`);
    const cookie = await magicLinkCookie(studio, api, event.id, { email });
    const attendeeUrl = await studio.attendeeSite.listen({ port: 0, host: '127.0.0.1' });
    // A read of the stage schedules its next switch (the event's end), as the event app's first read does.
    const stage = await studio.attendeeSite.inject({
      method: 'GET',
      url: `/e/${event.id}/api/stage`,
      headers: { cookie },
    });
    if (stage.statusCode !== 200) throw new Error(`stage: ${stage.statusCode} ${stage.body}`);

    const received: number[] = [];
    for (let i = 0; i < STREAMS; i += 1)
      requests.push(
        await openStream(`${attendeeUrl}/e/${event.id}/api/push`, cookie, agent, () => {
          if (received.length < STREAMS) received.push(Date.now() - switchAt.getTime());
        }),
      );
    if (Date.now() >= switchAt.getTime()) throw new Error('the streams opened after the switch');
    const deadline = switchAt.getTime() + 120_000;
    while (received.length < STREAMS && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    if (received.length < STREAMS) throw new Error(`${received.length} of ${STREAMS} streams got the switch`);
    return [
      `Stage switch on ${databaseKind} (${STREAMS} push streams, the event's end as the scheduled switch)`,
      `  scheduled instant → stage-updated at each stream: p50 ${percentile(received, 50)} ms, p99 ${percentile(received, 99)} ms, slowest ${Math.max(...received)} ms (report)`,
    ];
  } finally {
    for (const request of requests) request.destroy();
    agent.destroy();
    await studio.close();
  }
}
