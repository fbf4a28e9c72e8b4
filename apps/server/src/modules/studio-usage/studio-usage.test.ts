import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/harness.ts';
import { fileStudioWithAdmin } from '../../../test/file-studio.ts';
import { runAdminCommand } from '../../admin-command.ts';
import { newApiToken, newAutomationAdmin } from '../access/access.fixtures.ts';
import { createStudioUsageRepository } from './studio-usage.repository.ts';

const { studio, admin } = fileStudioWithAdmin('Usage Co');
const usage = () => createStudioUsageRepository(studio.database.db);

const track = (body: unknown, access?: string) =>
  studio.app.inject({
    method: 'POST',
    url: '/api/core/track/',
    payload: body as object,
    ...(access ? { headers: bearer(access) } : {}),
  });
const failedLogin = {
  event: 'studioLoginLogout',
  device_type: 'mobile',
  action: 'login',
  is_success: false,
  login_method: 'password',
};
const rowsOf = (sessionId: string) =>
  studio.database.db
    .selectFrom('studio_usage_events')
    .selectAll()
    .where('session_id', '=', sessionId)
    .orderBy('event')
    .execute();

describe('the studio’s usage analytics (002 §7.11 track events)', () => {
  it('keeps a signed-in person’s clicks and sign-in, enriched with their email, its check and the free trial', async () => {
    const session = randomUUID();
    const tracked = await track(
      {
        session_id: session,
        events: [
          { event: 'button_click', button_name: '  Create event ' },
          { event: 'link_click', button_name: 'Events' },
          { ...failedLogin, device_type: 'desktop', is_success: true },
        ],
      },
      admin.access,
    );
    expect(tracked.statusCode).toBe(204);
    const rows = await rowsOf(session);
    expect(rows.map(({ event, properties }) => ({ event, properties }))).toEqual([
      { event: 'button_click', properties: { button_name: 'Create event' } },
      { event: 'link_click', properties: { button_name: 'Events' } },
      {
        event: 'studioLoginLogout',
        properties: { device_type: 'desktop', action: 'login', is_success: true, login_method: 'password' },
      },
    ]);
    for (const row of rows)
      expect(row).toMatchObject({
        user_id: admin.userId,
        organization_id: admin.organization.id,
        email: admin.user.email,
        email_verified: admin.user.email_verified,
        is_free_trial: admin.organization.is_free_trial,
      });
  });

  it('takes a failed sign-in from nobody, but nothing else', async () => {
    const session = randomUUID();
    expect((await track({ session_id: session, events: [failedLogin] })).statusCode).toBe(204);
    expect(await rowsOf(session)).toMatchObject([
      { user_id: null, organization_id: null, email: null, email_verified: null, is_free_trial: null },
    ]);
    for (const event of [
      { event: 'button_click', button_name: 'Log in' },
      { ...failedLogin, is_success: true },
      { ...failedLogin, action: 'logout' },
    ]) {
      const refused = await track({ session_id: randomUUID(), events: [failedLogin, event] });
      expect(refused.statusCode).toBe(401);
    }
  });

  it('refuses an API token: its calls are not a person’s clicks', async () => {
    const automation = await newAutomationAdmin(studio, 'Token Co');
    const { token } = await newApiToken(studio, automation.access);
    const session = randomUUID();
    const refused = await track(
      { session_id: session, events: [{ event: 'button_click', button_name: 'Create event' }] },
      token,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: "Usage is reported by the studio's pages; an API token has none to report.",
    });
    expect(await rowsOf(session)).toEqual([]);
  });

  it('refuses events it does not know, and more than 50 at once, saying why', async () => {
    const session = randomUUID();
    for (const body of [
      { session_id: session, events: [{ event: 'page_scroll' }] },
      { session_id: session, events: [{ event: 'button_click', button_name: ' ' }] },
      { session_id: 'not-a-session', events: [{ event: 'button_click', button_name: 'Save' }] },
      { session_id: session, events: [] },
      { session_id: session, events: Array(51).fill({ event: 'button_click', button_name: 'Save' }) },
    ]) {
      const refused = await track(body, admin.access);
      expect(refused.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect(await rowsOf(session)).toEqual([]);
  });

  it('tells the operator what was done most, by how many people (npm run admin -- usage)', async () => {
    const lines = await runAdminCommand({ flags: studio.operatorFlags, usage: usage() }, ['usage', '7']);
    expect(lines[0]).toBe("The studio's usage in the last 7 days (times, people):");
    expect(lines).toContain('button_click Create event: 1, 1');
    expect(lines).toContain('studioLoginLogout login password succeeded: 1, 1');
    // Failed sign-ins are nobody's.
    expect(lines).toContain('studioLoginLogout login password failed: 1, 0');
    expect(await runAdminCommand({ flags: studio.operatorFlags, usage: usage() }, ['usage', 'x'])).toEqual([
      expect.stringContaining('Usage: npm run admin'),
    ]);
  });

  it('forgets what is older than the retention', async () => {
    const session = randomUUID();
    await track(
      { session_id: session, events: [{ event: 'button_click', button_name: 'Old' }] },
      admin.access,
    );
    await track(
      { session_id: session, events: [{ event: 'button_click', button_name: 'New' }] },
      admin.access,
    );
    await sql`update studio_usage_events set occurred_at = now() - interval '91 days'
      where session_id = ${session} and properties->>'button_name' = 'Old'`.execute(studio.database.db);
    expect(await usage().forgetOlderThan(90)).toBeGreaterThanOrEqual(1);
    expect((await rowsOf(session)).map((row) => row.properties)).toEqual([{ button_name: 'New' }]);
  });

  it('answers 429 with Retry-After once one address told 30 failed sign-ins in a minute', async () => {
    const answers: number[] = [];
    for (let sent = 0; sent < 31; sent += 1)
      answers.push((await track({ session_id: randomUUID(), events: [failedLogin] })).statusCode);
    // The earlier test's failed sign-in counts in the same minute.
    expect(answers.filter((status) => status === 204)).toHaveLength(29);
    const refused = await track({ session_id: randomUUID(), events: [failedLogin] });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
