import { createTestStudio } from '../apps/server/test/harness.ts';
import { newAdmin } from '../apps/server/src/modules/access/access.fixtures.ts';
import { caller, newEvent } from '../apps/server/src/modules/back-office/back-office.fixtures.ts';
import { seatedAttendees } from './engagement-stage.ts';
process.env.STUDIO_TEST_DATABASE = 'pglite';
const studio = await createTestStudio({ checkAnswers: false });
const admin = await newAdmin(studio);
const api = caller(studio, admin.access);
const event = await newEvent(api, { title: 'x', start: new Date(Date.now() - 600_000), end: new Date(Date.now() + 3_600_000) });
const ids = await seatedAttendees(studio, { organizationId: admin.organization.id, eventId: event.id }, 3);
const cookies: string[] = [];
for (const id of ids) {
  const link = await api.get<{ url: string }>(`/api/event/magic_link/?user_id=${id}&event_id=${event.id}`);
  const { pathname, search } = new URL(link.body.url);
  const entrance = await studio.attendeeSite.inject({ method: 'GET', url: `${pathname}${search}` });
  cookies.push(String(entrance.headers['set-cookie']).split(';')[0] ?? '');
}
const post = (i: number) => studio.attendeeSite.inject({ method: 'POST', url: `/e/${event.id}/api/chat/event`, headers: { cookie: cookies[i % 3]! }, payload: { text: `hello ${i}` } });
for (let i = 0; i < 3; i++) await post(i);
await new Promise((r) => setTimeout(r, 300));
const g = globalThis as { __stmts?: string[] };
g.__stmts = [];
const a = await post(3);
const b = await post(4);
console.log(a.statusCode, b.statusCode);
await new Promise((r) => setTimeout(r, 300));
for (const s of g.__stmts) console.log('---', s.replace(/\s+/g, ' ').slice(0, 300));
await studio.close();
