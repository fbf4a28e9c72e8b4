import { describe, expect, it } from 'vitest';
import { PASSWORD_RULE_TEXT, type CurrentUser, type LoginResponse, type TokenPair } from '@studio/domain';
import { bearer, newUser, newUserDetails, strongPassword } from '../../../test/harness.ts';
import { fileStudio } from '../../../test/file-studio.ts';

const studio = fileStudio();

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  studio.app.inject({ method: 'POST', url, payload, headers });
const me = (access: string) =>
  studio.app.inject({ method: 'GET', url: '/api/core/user/me/', headers: bearer(access) });

describe('sign-up', () => {
  it('creates a user without an organisation and never returns the password', async () => {
    const details = newUserDetails({ email: 'New.Person@Example.com' });
    const response = await post('/api/auth/signup/', details);
    expect(response.statusCode).toBe(201);
    const user = response.json<CurrentUser>();
    expect(user).toMatchObject({
      email: 'new.person@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
      organization: null,
      role: null,
      is_admin: false,
      is_content_lab_standalone: true,
      workspaces: [],
      requester_role: [],
    });
    expect(response.body).not.toContain(strongPassword);
  });

  it('stores the password as an argon2id hash', async () => {
    const details = newUserDetails();
    await post('/api/auth/signup/', details);
    const row = await studio.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', details.email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it.each([
    ['too short', 'Sh0rt@a'],
    ['too long', 'A1@' + 'a'.repeat(30)],
    ['no uppercase', 'lower@case1'],
    ['no lowercase', 'UPPER@CASE1'],
    ['no digit', 'NoDigits@here'],
    ['no symbol', 'NoSymbol123'],
    ['whitespace', 'With Space@1'],
  ])('refuses a password with %s, naming the rule', async (_case, password) => {
    const response = await post('/api/auth/signup/', newUserDetails({ password }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: PASSWORD_RULE_TEXT,
      code: 'VALIDATION_ERROR',
      errors: { password: [PASSWORD_RULE_TEXT] },
    });
  });

  it('refuses a taken email whatever its case, without saying more', async () => {
    const details = newUserDetails();
    expect((await post('/api/auth/signup/', details)).statusCode).toBe(201);
    const again = await post('/api/auth/signup/', { ...details, email: details.email.toUpperCase() });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'EMAIL_UNAVAILABLE',
      errors: { email: [expect.any(String)] },
    });
  });

  it('lists every missing field', async () => {
    const response = await post('/api/auth/signup/', {});
    expect(response.statusCode).toBe(400);
    const body = response.json<{ errors: Record<string, string[]> }>();
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'first_name', 'last_name', 'password']);
  });
});

describe('sign-in and sessions', () => {
  it('answers tokens and the current user; the access token opens /me', async () => {
    const details = newUserDetails();
    await post('/api/auth/signup/', details);
    const response = await post('/api/auth/login/', { email: details.email, password: details.password });
    expect(response.statusCode).toBe(200);
    const login = response.json<LoginResponse>();
    expect(login.user.email).toBe(details.email);
    const current = await me(login.access);
    expect(current.statusCode).toBe(200);
    expect(current.json<CurrentUser>().id).toBe(login.user.id);
  });

  it('answers a wrong password and an unknown email alike with 401', async () => {
    const details = newUserDetails();
    await post('/api/auth/signup/', details);
    const wrong = await post('/api/auth/login/', { email: details.email, password: 'Wr0ng@Pass' });
    const unknown = await post('/api/auth/login/', { email: 'nobody@example.com', password: 'Wr0ng@Pass' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json<{ message: string }>().message).toBeTruthy();
  });

  it('refuses /me without a token or with a forged one', async () => {
    const missing = await studio.app.inject({ method: 'GET', url: '/api/core/user/me/' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ code: 'NOT_AUTHENTICATED' });
    const { access } = await newUser(studio.app);
    const [header, payload] = access.split('.');
    expect((await me(`${header}.${payload}.forged-signature`)).statusCode).toBe(401);
  });

  it('rotates refresh tokens: the new pair works and the spent token is refused', async () => {
    const login = await newUser(studio.app);
    const rotated = await post('/api/auth/token/refresh/', { refresh: login.refresh });
    expect(rotated.statusCode).toBe(200);
    const pair = rotated.json<TokenPair>();
    expect(pair.refresh).not.toBe(login.refresh);
    expect((await me(pair.access)).statusCode).toBe(200);
    expect((await post('/api/auth/token/refresh/', { refresh: pair.refresh })).statusCode).toBe(200);
  });

  it('treats a replayed refresh token as theft and ends the whole session', async () => {
    const login = await newUser(studio.app);
    const pair = (await post('/api/auth/token/refresh/', { refresh: login.refresh })).json<TokenPair>();
    const replay = await post('/api/auth/token/refresh/', { refresh: login.refresh });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'INVALID_REFRESH_TOKEN' });
    expect((await post('/api/auth/token/refresh/', { refresh: pair.refresh })).statusCode).toBe(401);
    expect((await me(pair.access)).statusCode).toBe(401);
  });

  it('lets only one of two simultaneous refreshes with the same token through', async () => {
    const login = await newUser(studio.app);
    const answers = await Promise.all([
      post('/api/auth/token/refresh/', { refresh: login.refresh }),
      post('/api/auth/token/refresh/', { refresh: login.refresh }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
  });

  it('refuses an unknown refresh token', async () => {
    const response = await post('/api/auth/token/refresh/', { refresh: 'not-a-token' });
    expect(response.statusCode).toBe(401);
  });

  it('logs out: that session stops working, another session of the user goes on', async () => {
    const details = newUserDetails();
    await post('/api/auth/signup/', details);
    const first = (await post('/api/auth/login/', details)).json<LoginResponse>();
    const second = (await post('/api/auth/login/', details)).json<LoginResponse>();
    const logout = await post('/api/auth/logout/', { refresh: first.refresh });
    expect(logout.statusCode).toBe(204);
    expect((await me(first.access)).statusCode).toBe(401);
    expect((await post('/api/auth/token/refresh/', { refresh: first.refresh })).statusCode).toBe(401);
    expect((await me(second.access)).statusCode).toBe(200);
  });
});
