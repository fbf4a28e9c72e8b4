import { describe, expect, it } from 'vitest';
import type { ApiToken, CreatedApiToken, CurrentUser, Page } from '@studio/domain';
import { bearer } from '../../../test/harness.ts';
import { newApiToken, newAutomationAdmin, newMember, setPlan } from '../access/access.fixtures.ts';
import { fileStudio } from '../../../test/file-studio.ts';

const anyString = expect.any(String) as unknown;
const studio = fileStudio();

const call = (access: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  studio.app.inject({ method, url, headers: bearer(access), ...(payload ? { payload } : {}) });
const listTokens = async (access: string) =>
  (await call(access, 'GET', '/api/core/api_tokens/')).json<Page<ApiToken>>();

describe('API tokens', () => {
  it('creates a token whose secret is shown once and never listed', async () => {
    const admin = await newAutomationAdmin(studio);
    const response = await call(admin.access, 'POST', '/api/core/api_tokens/', { name: '  Zapier ' });
    expect(response.statusCode).toBe(201);
    const created = response.json<CreatedApiToken>();
    expect(created).toEqual({
      id: anyString,
      name: 'Zapier',
      prefix: created.token.slice(0, 11),
      created_at: anyString,
      token: expect.stringMatching(/^st_[A-Za-z0-9_-]{43}$/) as unknown,
    });

    const listed = await call(admin.access, 'GET', '/api/core/api_tokens/');
    expect(listed.statusCode).toBe(200);
    expect(listed.json<Page<ApiToken>>()).toEqual({
      count: 1,
      next: null,
      previous: null,
      results: [
        {
          id: created.id,
          name: 'Zapier',
          prefix: created.prefix,
          created_at: created.created_at,
          last_used_at: null,
        },
      ],
    });
    expect(listed.body).not.toContain(created.token);
    const stored = await studio.database.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(created.token);
    expect(stored.token_digest).toMatch(/^[0-9a-f]{64}$/);
  });

  it('validates the name: 1 to 100 characters', async () => {
    const admin = await newAutomationAdmin(studio);
    const blank = await call(admin.access, 'POST', '/api/core/api_tokens/', { name: '  ' });
    expect(blank.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: { name: ['This field is required.'] },
    });
    expect(
      (await call(admin.access, 'POST', '/api/core/api_tokens/', { name: 'x'.repeat(101) })).statusCode,
    ).toBe(400);
    expect(
      (await call(admin.access, 'POST', '/api/core/api_tokens/', { name: 'x'.repeat(100) })).statusCode,
    ).toBe(201);
  });

  it('works as a bearer token acting as its creator, and records its use', async () => {
    const admin = await newAutomationAdmin(studio);
    const token = await newApiToken(studio, admin.access);
    const me = await call(token.token, 'GET', '/api/core/user/me/');
    expect(me.statusCode).toBe(200);
    expect(me.json<CurrentUser>()).toMatchObject({
      id: admin.userId,
      organization: admin.organization.id,
      role: 'ORG_ADMIN',
    });
    const organization = await call(token.token, 'GET', `/api/core/organization/${admin.organization.id}/`);
    expect(organization.statusCode).toBe(200);
    const workspace = await call(token.token, 'POST', '/api/core/workspaces/', { name: 'Made by a robot' });
    expect(workspace.statusCode).toBe(201);
    const [listed] = (await listTokens(admin.access)).results;
    expect(listed?.last_used_at).toEqual(anyString);
  });

  it('does not let a token manage tokens', async () => {
    const admin = await newAutomationAdmin(studio);
    const token = await newApiToken(studio, admin.access);
    expect((await call(token.token, 'GET', '/api/core/api_tokens/')).statusCode).toBe(403);
    expect((await call(token.token, 'POST', '/api/core/api_tokens/', { name: 'Child' })).statusCode).toBe(
      403,
    );
    expect((await call(token.token, 'DELETE', `/api/core/api_tokens/${token.id}/`)).statusCode).toBe(403);
    expect((await listTokens(admin.access)).count).toBe(1);
  });

  it('stops working at once when deleted', async () => {
    const admin = await newAutomationAdmin(studio);
    const kept = await newApiToken(studio, admin.access, 'Kept');
    const token = await newApiToken(studio, admin.access, 'Doomed');
    expect((await call(token.token, 'GET', '/api/core/user/me/')).statusCode).toBe(200);
    const deleted = await call(admin.access, 'DELETE', `/api/core/api_tokens/${token.id}/`);
    expect(deleted.statusCode).toBe(204);
    expect((await call(token.token, 'GET', '/api/core/user/me/')).statusCode).toBe(401);
    expect((await call(admin.access, 'DELETE', `/api/core/api_tokens/${token.id}/`)).statusCode).toBe(404);
    expect((await listTokens(admin.access)).results.map((listed) => listed.name)).toEqual(['Kept']);
    expect((await call(kept.token, 'GET', '/api/core/user/me/')).statusCode).toBe(200);
  });

  it('refuses unknown and malformed secrets', async () => {
    for (const secret of ['st_', `st_${'A'.repeat(43)}`, 'st_short', `st_${'A'.repeat(80)}`]) {
      expect((await call(secret, 'GET', '/api/core/user/me/')).statusCode).toBe(401);
    }
  });

  it('stops acting for a creator who left the organisation', async () => {
    const admin = await newAutomationAdmin(studio);
    const token = await newApiToken(studio, admin.access);
    await studio.database.db
      .updateTable('users')
      .set({ organization_id: null, role: null })
      .where('id', '=', admin.userId)
      .execute();
    expect((await call(token.token, 'GET', '/api/core/user/me/')).statusCode).toBe(401);
  });

  it('refuses team admins and other members (API tokens are for organisation admins)', async () => {
    const admin = await newAutomationAdmin(studio);
    const existing = await newApiToken(studio, admin.access);
    for (const role of ['WORKSPACE_ADMIN', 'EVENT_ADMIN', 'INTEGRATIONS_EDITOR', null]) {
      const member = await newMember(studio, admin.organization.id, role);
      const list = await call(member.access, 'GET', '/api/core/api_tokens/');
      expect(list.statusCode, String(role)).toBe(403);
      expect(list.body).not.toContain(existing.name);
      expect((await call(member.access, 'POST', '/api/core/api_tokens/', { name: 'Mine' })).statusCode).toBe(
        403,
      );
      expect((await call(member.access, 'DELETE', `/api/core/api_tokens/${existing.id}/`)).statusCode).toBe(
        403,
      );
    }
    expect((await listTokens(admin.access)).count).toBe(1);
  });

  it("follows the plan: a tier without token creation can't create tokens, but lists and deletes them", async () => {
    const admin = await newAutomationAdmin(studio);
    const existing = await newApiToken(studio, admin.access);
    await setPlan(studio, admin.organization.id, 'STARTER', {});
    const refused = await call(admin.access, 'POST', '/api/core/api_tokens/', { name: 'More' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'FEATURE_NOT_ENABLED',
      message: 'This feature is not enabled for your organization',
    });
    expect((await listTokens(admin.access)).count).toBe(1);
    expect((await call(admin.access, 'DELETE', `/api/core/api_tokens/${existing.id}/`)).statusCode).toBe(204);
    await setPlan(studio, admin.organization.id, 'STARTER', { tokenCreation: true });
    expect((await call(admin.access, 'POST', '/api/core/api_tokens/', { name: 'More' })).statusCode).toBe(
      201,
    );
  });

  it("answers 404 for another organisation's token and keeps it working", async () => {
    const admin = await newAutomationAdmin(studio);
    const victim = await newAutomationAdmin(studio, 'Victim');
    const token = await newApiToken(studio, victim.access, 'Victim secret');
    expect((await call(admin.access, 'DELETE', `/api/core/api_tokens/${token.id}/`)).statusCode).toBe(404);
    expect((await call(admin.access, 'DELETE', '/api/core/api_tokens/not-a-uuid/')).statusCode).toBe(404);
    expect((await listTokens(admin.access)).count).toBe(0);
    expect((await call(token.token, 'GET', '/api/core/user/me/')).statusCode).toBe(200);
  });
});
