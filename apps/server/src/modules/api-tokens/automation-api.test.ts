import { describe, expect, it } from 'vitest';
import { accessMessages, serverMessages, type ApiToken, type Page, type StudioEvent } from '@studio/domain';
import { bearer, type TestStudio } from '../../../test/harness.ts';
import { newAdmin, newApiToken, newAutomationAdmin } from '../access/access.fixtures.ts';
import { caller, newEvent } from '../back-office/back-office.fixtures.ts';
import { setOperatorFlags } from '../organizations/organizations.fixtures.ts';
import { fileStudio } from '../../../test/file-studio.ts';

const studio = fileStudio();

const automation = (organizationId: string, on: boolean) =>
  setOperatorFlags(studio, organizationId, { isNewAutomationApiEnabled: on });

/** An organisation with the automation API on, its admin and one API token. */
async function scriptedOrganization(studioUnderTest: TestStudio, name?: string) {
  const admin = await newAutomationAdmin(studioUnderTest, name);
  const token = await newApiToken(studioUnderTest, admin.access);
  return { admin, token, api: caller(studioUnderTest, token.token) };
}

const lastUsed = async (admin: { access: string }, tokenId: string) => {
  const page = (
    await studio.app.inject({ method: 'GET', url: '/api/core/api_tokens/', headers: bearer(admin.access) })
  ).json<Page<ApiToken>>();
  return page.results.find((token) => token.id === tokenId)?.last_used_at;
};

describe('the automation API', () => {
  it('lets a script create an event and list it with an API token', async () => {
    const { admin, token, api } = await scriptedOrganization(studio);
    const event = await newEvent(api, {
      title: 'Scripted launch',
      start: '2031-03-01T09:00:00Z',
      end: '2031-03-01T10:00:00Z',
    });
    expect(event.title).toBe('Scripted launch');

    const listed = await api.get<Page<StudioEvent>>('/api/event/');
    expect(listed.status).toBe(200);
    expect(listed.body.results.map((item) => item.id)).toEqual([event.id]);
    const read = await api.get<StudioEvent>(`/api/event/${event.id}/`);
    expect(read.status).toBe(200);
    // The organiser sees what the script made, and when the token was last used.
    const seen = await caller(studio, admin.access).get<Page<StudioEvent>>('/api/event/');
    expect(seen.body.results.map((item) => item.title)).toEqual(['Scripted launch']);
    expect(await lastUsed(admin, token.id)).toEqual(expect.any(String));
  });

  it("answers 403 FEATURE_NOT_ENABLED while the organisation's 'new automation API' flag is off", async () => {
    const admin = await newAdmin(studio);
    const token = await newApiToken(studio, admin.access);
    const refused = await studio.app.inject({
      method: 'GET',
      url: '/api/event/',
      headers: bearer(token.token),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'FEATURE_NOT_ENABLED',
      message: accessMessages.featureNotEnabled,
    });
    expect(await lastUsed(admin, token.id)).toBeNull();
    // The person who made the token is not affected.
    expect((await caller(studio, admin.access).get('/api/event/')).status).toBe(200);

    await automation(admin.organization.id, true);
    expect((await caller(studio, token.token).get('/api/event/')).status).toBe(200);
    await automation(admin.organization.id, false);
    expect((await caller(studio, token.token).get('/api/event/')).status).toBe(403);
  });

  it('refuses a deleted token with 401 and a JSON message', async () => {
    const { admin, token, api } = await scriptedOrganization(studio);
    expect((await api.get('/api/event/')).status).toBe(200);
    await caller(studio, admin.access).delete(`/api/core/api_tokens/${token.id}/`);
    const refused = await api.get('/api/event/');
    expect(refused).toEqual({
      status: 401,
      body: { code: 'NOT_AUTHENTICATED', message: serverMessages.notAuthenticated },
    });
  });

  it("cannot see or change another organisation's events (404)", async () => {
    const victim = await newAdmin(studio, 'Victim');
    const theirs = await newEvent(caller(studio, victim.access), {
      title: 'Not yours',
      start: '2031-04-01T09:00:00Z',
      end: '2031-04-01T10:00:00Z',
    });
    const { api } = await scriptedOrganization(studio, 'Scripter');
    expect((await api.get(`/api/event/${theirs.id}/`)).status).toBe(404);
    expect((await api.patch(`/api/event/${theirs.id}/`, { title: 'Mine now' })).status).toBe(404);
    expect((await api.delete(`/api/event/${theirs.id}/`)).status).toBe(404);
    const listed = await api.get<Page<StudioEvent>>('/api/event/');
    expect(listed.body.results).toEqual([]);
    const still = await caller(studio, victim.access).get<StudioEvent>(`/api/event/${theirs.id}/`);
    expect(still.body.title).toBe('Not yours');
  });

  it("acts with its creator's current role: no more than they may, and never on API tokens", async () => {
    const { admin, token, api } = await scriptedOrganization(studio);
    const tokens = await api.get('/api/core/api_tokens/');
    expect(tokens).toEqual({
      status: 403,
      body: { code: 'FORBIDDEN', message: accessMessages.apiTokenCannotManageTokens },
    });
    await studio.database.db
      .updateTable('users')
      .set({ role: 'EVENT_ADMIN' })
      .where('id', '=', admin.userId)
      .execute();
    const invite = await api.post('/api/core/user/', {
      email: 'robot-invite@example.com',
      role: 'ORG_ADMIN',
    });
    expect(invite.status).toBe(403);
    expect((await api.delete(`/api/core/api_tokens/${token.id}/`)).status).toBe(403);
  });

  it('is documented in the OpenAPI document as a bearer scheme of its own', async () => {
    const response = await studio.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    const document = response.json<{
      security: Record<string, string[]>[];
      components: { securitySchemes: Record<string, Record<string, string>> };
      paths: Record<string, Record<string, { security?: unknown }>>;
    }>();
    expect(document.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components.securitySchemes.apiToken?.description).toContain('new automation API');
    expect(document.security).toEqual([{ bearer: [] }, { apiToken: [] }]);
    // Event routes take either scheme (the document's default); token management only a person's.
    expect(document.paths['/api/event/']?.post?.security).toBeUndefined();
    expect(document.paths['/api/core/api_tokens/']?.post?.security).toEqual([{ bearer: [] }]);
  });
});

describe("the automation API's rate limit", () => {
  const limited = fileStudio({ apiTokenRateLimitPerMinute: 3 });

  it('answers 429 with Retry-After past the limit of one token, leaving other callers alone', async () => {
    const { admin, token } = await scriptedOrganization(limited);
    const list = (secret: string) =>
      limited.app.inject({ method: 'GET', url: '/api/event/', headers: bearer(secret) });
    for (let call = 0; call < 3; call += 1) expect((await list(token.token)).statusCode).toBe(200);

    const over = await list(token.token);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: serverMessages.tooManyRequests });
    const wait = Number(over.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(120);

    const second = await newApiToken(limited, admin.access, 'Second');
    expect((await list(second.token)).statusCode, 'each token has a limit of its own').toBe(200);
    expect((await list(admin.access)).statusCode, 'people are not limited by it').toBe(200);
  });
});
