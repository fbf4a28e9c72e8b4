import { EVENT_MEMBERS_PAGE_SIZE } from '@studio/domain';
import { bearer, createTestStudio } from '../apps/server/test/harness.ts';
import { newAdmin } from '../apps/server/src/modules/access/access.fixtures.ts';
import { insertRegistrants } from '../apps/server/src/modules/registration/members/members.fixtures.ts';
import { toEventMembers } from '../apps/server/src/modules/registration/registrant-rows.ts';
import { createMembersRepository } from '../apps/server/src/modules/registration/members/members.repository.ts';
import { percentile, timed } from './bench-util.ts';
process.env.STUDIO_TEST_DATABASE = 'postgres';
const studio = await createTestStudio({ checkAnswers: false, role: 'api' });
const admin = await newAdmin(studio);
const start = Date.now() + 30 * 86_400_000;
const eventId = (await studio.app.inject({ method: 'POST', url: '/api/event/', headers: bearer(admin.access),
  payload: { title: 'x', start_time: new Date(start).toISOString(), end_time: new Date(start + 3_600_000).toISOString() } })).json<{ id: string }>().id;
await insertRegistrants(studio.database.db, { organizationId: admin.organization.id, eventId }, 100_000);
const members = createMembersRepository(studio.database.db);
for (const [label, q, f] of [['first', {}, {}], ['waitlisted', { event_user_status: 'WAITLISTED' }, { event_user_status: ['WAITLISTED'] }]] as const) {
  const url = `/api/event/event-members/?${new URLSearchParams({ event: eventId, ...q })}`;
  const api: number[] = []; const plain: number[] = [];
  for (let run = 0; run < 305; run++) {
    const a = await timed(async () => { const r = await studio.app.inject({ method: 'GET', url, headers: bearer(admin.access) }); if (r.statusCode !== 200) throw new Error(r.body); });
    const p = await timed(async () => { const { rows } = await members.list({ eventId, ...f } as never, { limit: EVENT_MEMBERS_PAGE_SIZE, offset: 0 }); await toEventMembers(rows[0]?.organization_id ?? '', rows, studio.database.db); });
    if (run >= 5) { api.push(a); plain.push(p); }
  }
  for (const pc of [50, 99]) console.log(label, `p${pc}`, (percentile(api, pc) / percentile(plain, pc)).toFixed(2), percentile(api, pc).toFixed(2), percentile(plain, pc).toFixed(2));
}
await studio.close(); process.exit(0);
