import { afterAll, beforeAll, expect, it } from 'vitest';
import { analyticsBeaconPath, type StudioEvent } from '@studio/domain';
import { createCountingStudio, type CountingStudio } from '../../../test/statement-counter.ts';
import { newAdmin } from '../access/access.fixtures.ts';
import { enteredAs } from '../attendee-site/event-app/event-app.fixtures.ts';
import { caller, newEvent } from '../back-office/back-office.fixtures.ts';
import { sendBeacon } from './browser-beacon.ts';

/** What a beacon costs the database (issue 35): a query added to its path fails here. */
let studio: CountingStudio;
let event: StudioEvent;
let cookie: string;
beforeAll(async () => {
  studio = await createCountingStudio();
  const api = caller(studio, (await newAdmin(studio, 'Counted Beacons')).access);
  event = await newEvent(api, {
    title: 'Live now',
    start: new Date(Date.now() - 60_000),
    end: new Date(Date.now() + 3_600_000),
  });
  ({ cookie } = await enteredAs(studio, api, event.id));
});
afterAll(() => studio.close());

const beacon = async () => {
  const answer = await sendBeacon(
    studio.attendeeSite,
    analyticsBeaconPath(event.id),
    { actions: [{ action: 'watched', mode: 'live', seconds: 30 }] },
    { cookie, userAgent: 'Mozilla/5.0 Chrome/120.0' },
  );
  expect(answer.statusCode).toBe(204);
};

it('a beacon: its share of the gathered admission statement (link, person, roles, event and its early entry), its share of the gathered append; the host’s organisation is kept per node', async () => {
  await beacon();
  const statements = await studio.statementsOf(beacon);
  expect(statements).toEqual([
    'select unnest,lateral,event_roles,event,link,event_registrations,event_magic_links,asked,events,users,organization_people',
    'insert analytics_rollups,added,analytics_events,unnest,occurred_at,excluded',
  ]);
});
