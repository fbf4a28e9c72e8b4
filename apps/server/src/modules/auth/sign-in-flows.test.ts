import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  PASSWORD_RULE_TEXT,
  messages,
  type CurrentUser,
  type LoginResponse,
  type MessageResponse,
} from '@studio/domain';
import { bearer, newOrganization, newUserDetails } from '../../../test/harness.ts';
import { fileMailCatcher, fileStudio } from '../../../test/file-studio.ts';
import { codeIn, magicLinkIn, signInServicesBeside } from './sign-in.fixtures.ts';

const publicUrl = 'http://studio.test';
const catcher = fileMailCatcher();
const studio = fileStudio(() => ({ publicUrl, smtpUrl: catcher.url }));

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  studio.app.inject({ method: 'POST', url, payload, headers });
const me = (access: string) =>
  studio.app.inject({ method: 'GET', url: '/api/core/user/me/', headers: bearer(access) });
const login = (email: string, password: string) => post('/api/auth/login/', { email, password });
const expire = (email: string, purpose: string) =>
  sql`update one_time_codes set expires_at = now() - interval '1 second'
      where purpose = ${purpose} and user_id = (select id from users where email = ${email})`.execute(
    studio.database.db,
  );

/** Signs up and answers the details with the confirmation email that followed. */
async function signUp() {
  const details = newUserDetails();
  const since = catcher.messages.length;
  const response = await post('/api/auth/signup/', details);
  expect(response.statusCode).toBe(201);
  return { details, user: response.json<CurrentUser>(), mail: await catcher.nextTo(details.email, since) };
}

describe('sign-up confirmation code', () => {
  it('emails a six-digit code, stored only as a keyed hash, that confirms the email once', async () => {
    const { details, user, mail } = await signUp();
    expect(user.email_verified).toBe(false);
    expect(mail.subject).toBe('Confirm your email address');
    const code = codeIn(mail);
    expect(mail.text).toContain(`${publicUrl}/auth/confirmSignup?email=${encodeURIComponent(details.email)}`);
    const stored = await studio.database.db
      .selectFrom('one_time_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.code_hash).not.toContain(code);
    expect(stored[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);

    const confirmed = await post('/api/auth/confirm_signup/', { email: details.email.toUpperCase(), code });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<MessageResponse>().message).toBe('Your email address is confirmed.');
    const session = (await login(details.email, details.password)).json<LoginResponse>();
    expect(session.user.email_verified).toBe(true);

    const again = await post('/api/auth/confirm_signup/', { email: details.email, code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_CODE' });
  });

  it('answers a wrong code and an unknown email alike', async () => {
    const { details, mail } = await signUp();
    const wrongCode = codeIn(mail) === '000000' ? '111111' : '000000';
    const wrong = await post('/api/auth/confirm_signup/', { email: details.email, code: wrongCode });
    const unknown = await post('/api/auth/confirm_signup/', {
      email: 'nobody-here@example.com',
      code: '123456',
    });
    expect([wrong.statusCode, unknown.statusCode]).toEqual([400, 400]);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ code: 'INVALID_CODE', message: 'The code is invalid or has expired.' });
  });

  it('stops accepting a code after five wrong tries', async () => {
    const { details, mail } = await signUp();
    const code = codeIn(mail);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(
        (await post('/api/auth/confirm_signup/', { email: details.email, code: wrongCode })).statusCode,
      ).toBe(400);
    }
    const right = await post('/api/auth/confirm_signup/', { email: details.email, code });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject({ code: 'INVALID_CODE' });
  });

  it('refuses an expired code', async () => {
    const { details, mail } = await signUp();
    await expire(details.email, 'signup');
    const response = await post('/api/auth/confirm_signup/', { email: details.email, code: codeIn(mail) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_CODE' });
  });

  it('sends a new code on request; the earlier one stops working', async () => {
    const { details, mail } = await signUp();
    const since = catcher.messages.length;
    const resend = await post('/api/auth/confirm_signup/resend/', { email: details.email });
    const unknown = await post('/api/auth/confirm_signup/resend/', { email: 'nobody-resend@example.com' });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual(unknown.json());
    const second = await catcher.nextTo(details.email, since);
    const first = codeIn(mail);
    const next = codeIn(second);
    if (first !== next) {
      expect(
        (await post('/api/auth/confirm_signup/', { email: details.email, code: first })).statusCode,
      ).toBe(400);
    }
    expect((await post('/api/auth/confirm_signup/', { email: details.email, code: next })).statusCode).toBe(
      200,
    );
  });
});

describe('forgot password', () => {
  const forgot = (email: string) => post('/api/auth/forgot_password/', { email });

  it('answers the same for known and unknown emails and emails only the known one', async () => {
    const { details } = await signUp();
    const since = catcher.messages.length;
    const unknownEmail = `nobody-${Date.now()}@example.com`;
    const unknown = await forgot(unknownEmail);
    const known = await forgot(details.email);
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({
      message: 'If an account exists for this email, we have sent a code to reset the password.',
    });
    const mail = await catcher.nextTo(details.email, since);
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain(`${publicUrl}/auth/forgotPasswordSubmit?email=`);
    expect(catcher.messages.some((message) => message.envelopeTo.includes(unknownEmail))).toBe(false);
  });

  it('sets the new password with the code, once, and ends every session', async () => {
    const { details } = await signUp();
    const before = (await login(details.email, details.password)).json<LoginResponse>();
    const since = catcher.messages.length;
    await forgot(details.email);
    const code = codeIn(await catcher.nextTo(details.email, since));

    const weak = await post('/api/auth/forgot_password/confirm/', {
      email: details.email,
      code,
      password: 'weakpass',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: PASSWORD_RULE_TEXT,
      errors: { password: [PASSWORD_RULE_TEXT] },
    });

    const newPassword = 'N3w@Password';
    const done = await post('/api/auth/forgot_password/confirm/', {
      email: details.email,
      code,
      password: newPassword,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: messages.passwordUpdated });

    expect((await me(before.access)).statusCode).toBe(401);
    expect((await post('/api/auth/token/refresh/', { refresh: before.refresh })).statusCode).toBe(401);
    expect((await login(details.email, details.password)).statusCode).toBe(401);
    expect((await login(details.email, newPassword)).statusCode).toBe(200);

    const reused = await post('/api/auth/forgot_password/confirm/', {
      email: details.email,
      code,
      password: 'An0ther@Pass',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'INVALID_CODE' });
  });

  it('refuses a wrong or expired code', async () => {
    const { details } = await signUp();
    const since = catcher.messages.length;
    await forgot(details.email);
    const code = codeIn(await catcher.nextTo(details.email, since));
    const wrong = await post('/api/auth/forgot_password/confirm/', {
      email: details.email,
      code: code === '999999' ? '999998' : '999999',
      password: 'N3w@Password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CODE' });
    await expire(details.email, 'password_reset');
    const expired = await post('/api/auth/forgot_password/confirm/', {
      email: details.email,
      code,
      password: 'N3w@Password',
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: 'INVALID_CODE' });
    expect((await login(details.email, details.password)).statusCode).toBe(200);
  });
});

describe('magic link', () => {
  const requestLink = (email: string, organization?: string) =>
    post('/api/auth/magic_link/', organization ? { email, organization } : { email });

  it('emails a single-use link to the studio page; verifying it signs in', async () => {
    const { details } = await signUp();
    const since = catcher.messages.length;
    const known = await requestLink(details.email);
    const unknown = await requestLink(`nobody-link-${Date.now()}@example.com`);
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    const mail = await catcher.nextTo(details.email, since);
    const link = magicLinkIn(mail, publicUrl);
    expect(link.url).toBe(`${publicUrl}/auth/link/${encodeURIComponent(details.email)}/${link.secret_code}`);
    expect(link.email).toBe(details.email);

    const verified = await post('/api/auth/magic_link/verify/', {
      email: link.email,
      secret_code: link.secret_code,
    });
    expect(verified.statusCode).toBe(200);
    const session = verified.json<LoginResponse>();
    expect(session.user).toMatchObject({ email: details.email, email_verified: true });
    expect((await me(session.access)).statusCode).toBe(200);

    const again = await post('/api/auth/magic_link/verify/', {
      email: link.email,
      secret_code: link.secret_code,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_LINK' });
  });

  it('refuses an expired or wrong link, and a link of another email', async () => {
    const { details } = await signUp();
    const other = await signUp();
    const since = catcher.messages.length;
    await requestLink(details.email);
    const link = magicLinkIn(await catcher.nextTo(details.email, since), publicUrl);
    const wrong = await post('/api/auth/magic_link/verify/', {
      email: details.email,
      secret_code: `${link.secret_code}x`,
    });
    const elsewhere = await post('/api/auth/magic_link/verify/', {
      email: other.details.email,
      secret_code: link.secret_code,
    });
    await expire(details.email, 'magic_link');
    const expired = await post('/api/auth/magic_link/verify/', {
      email: details.email,
      secret_code: link.secret_code,
    });
    for (const response of [wrong, elsewhere, expired]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'INVALID_LINK',
        message: 'This sign-in link is invalid, has expired or was already used.',
      });
    }
  });

  it('sends a link for an organisation only to its members', async () => {
    const admin = await newOrganization(studio.app, 'Link Org');
    const outsider = await signUp();
    const since = catcher.messages.length;
    await requestLink(outsider.details.email, admin.organization.id);
    await requestLink(admin.user.email, admin.organization.id);
    await catcher.nextTo(admin.user.email, since);
    expect(
      catcher.messages.slice(since).some((message) => message.envelopeTo.includes(outsider.details.email)),
    ).toBe(false);
  });
});

describe('SSO-only accounts', () => {
  it('refuse password sign-in with the spec message, whatever the password, and get no reset code nor link', async () => {
    const { details } = await signUp();
    await studio.database.db
      .updateTable('users')
      .set({ only_sso: true })
      .where('email', '=', details.email)
      .execute();
    for (const password of [details.password, 'Wr0ng@Pass']) {
      const response = await login(details.email, password);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 'ONLY_SSO', message: messages.onlySso });
    }
    const metadata = await studio.app.inject({
      method: 'GET',
      url: `/api/core/user/sso_metadata/?email=${encodeURIComponent(details.email)}`,
    });
    expect(metadata.json()).toEqual({ only_sso: true });

    const since = catcher.messages.length;
    expect((await post('/api/auth/forgot_password/', { email: details.email })).statusCode).toBe(200);
    expect((await post('/api/auth/magic_link/', { email: details.email })).statusCode).toBe(200);
    const marker = await signUp(); // a later email: once it arrived, the two above would have too
    expect(marker.mail).toBeTruthy();
    expect(catcher.messages.slice(since).some((message) => message.envelopeTo.includes(details.email))).toBe(
      false,
    );
  });

  it('sso_metadata answers false for ordinary and unknown emails, in the same shape', async () => {
    const { details } = await signUp();
    for (const email of [details.email, 'nobody-metadata@example.com']) {
      const response = await studio.app.inject({
        method: 'GET',
        url: `/api/core/user/sso_metadata/?email=${encodeURIComponent(email)}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ only_sso: false });
    }
  });
});

describe('password change while signed in', () => {
  const changePassword = (access: string, payload: object) =>
    post('/api/auth/password/', payload, bearer(access));

  it('needs the current password, ends the other sessions and returns a fresh pair', async () => {
    const { details } = await signUp();
    const here = (await login(details.email, details.password)).json<LoginResponse>();
    const elsewhere = (await login(details.email, details.password)).json<LoginResponse>();

    const missing = await changePassword(here.access, { password: 'N3w@Password' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errors: { current_password: ['Enter your current password.'] } });
    const wrong = await changePassword(here.access, {
      password: 'N3w@Password',
      current_password: 'Wr0ng@Pass',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CURRENT_PASSWORD' });
    const weak = await changePassword(here.access, { password: 'short', current_password: details.password });
    expect(weak.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: PASSWORD_RULE_TEXT });

    const changed = await changePassword(here.access, {
      password: 'N3w@Password',
      current_password: details.password,
    });
    expect(changed.statusCode).toBe(200);
    const fresh = changed.json<LoginResponse>();
    expect(fresh.user.status).toBe('CONFIRMED');
    expect((await me(fresh.access)).statusCode).toBe(200);
    expect((await post('/api/auth/token/refresh/', { refresh: fresh.refresh })).statusCode).toBe(200);
    expect((await me(elsewhere.access)).statusCode).toBe(401);
    expect((await post('/api/auth/token/refresh/', { refresh: elsewhere.refresh })).statusCode).toBe(401);
    expect((await me(here.access)).statusCode).toBe(401);
    expect((await login(details.email, 'N3w@Password')).statusCode).toBe(200);
  });

  it('requires sign-in', async () => {
    const response = await post('/api/auth/password/', { password: 'N3w@Password' });
    expect(response.statusCode).toBe(401);
  });
});

describe('global sign-out', () => {
  it('ends every session of the user; plain sign-out ends only its own', async () => {
    const { details } = await signUp();
    const sessions = await Promise.all(
      [1, 2, 3].map(async () => (await login(details.email, details.password)).json<LoginResponse>()),
    );
    const [first, second, third] = sessions as [LoginResponse, LoginResponse, LoginResponse];
    expect((await post('/api/auth/logout/', { refresh: first.refresh })).statusCode).toBe(204);
    expect((await me(first.access)).statusCode).toBe(401);
    expect((await me(second.access)).statusCode).toBe(200);

    const global = await post('/api/auth/logout/', { refresh: second.refresh, global: true });
    expect(global.statusCode).toBe(204);
    for (const session of [second, third]) {
      expect((await me(session.access)).statusCode).toBe(401);
      expect((await post('/api/auth/token/refresh/', { refresh: session.refresh })).statusCode).toBe(401);
    }
  });

  it('answers 204 for an unknown token too', async () => {
    expect((await post('/api/auth/logout/', { refresh: 'unknown', global: true })).statusCode).toBe(204);
  });
});

describe('invited users (createInvitedUser)', () => {
  it('temporary password: FORCE_CHANGE_PASSWORD until the person sets their own', async () => {
    const admin = await newOrganization(studio.app, 'Invite Org');
    const signIn = signInServicesBeside(studio, { smtpUrl: catcher.url, publicUrl });
    const email = `invited-${Date.now()}@example.com`;
    const since = catcher.messages.length;
    let invited: CurrentUser;
    try {
      invited = await signIn.flows.createInvitedUser(
        {
          email: email.toUpperCase(),
          first_name: 'Grace',
          last_name: 'Hopper',
          organizationId: admin.organization.id,
          role: 'WORKSPACE_ADMIN',
        },
        { mode: 'temporary_password' },
      );
    } finally {
      await signIn.close();
    }
    expect(invited).toMatchObject({
      email,
      organization: admin.organization.id,
      role: 'WORKSPACE_ADMIN',
      status: 'FORCE_CHANGE_PASSWORD',
    });
    const mail = await catcher.nextTo(email, since);
    expect(mail.subject).toBe('You have been invited to Event Studio');
    const temporary = /^(\S{14})$/m.exec(mail.text)?.[1] ?? '';
    expect(temporary).not.toBe('');

    const session = await login(email, temporary);
    expect(session.statusCode).toBe(200);
    const signedIn = session.json<LoginResponse>();
    expect(signedIn.user.status).toBe('FORCE_CHANGE_PASSWORD');

    const changed = await post('/api/auth/password/', { password: 'Ch0sen@Pass' }, bearer(signedIn.access));
    expect(changed.statusCode).toBe(200);
    expect(changed.json<LoginResponse>().user.status).toBe('CONFIRMED');
    // The emailed temporary password proved the address: no code to ask for (Content Lab, a new organisation).
    expect(signedIn.user.email_verified).toBe(false);
    expect(changed.json<LoginResponse>().user.email_verified).toBe(true);
    expect((await login(email, temporary)).statusCode).toBe(401);
    expect((await login(email, 'Ch0sen@Pass')).json<LoginResponse>().user.status).toBe('CONFIRMED');
  });

  it('magic link: the emailed link signs the new member in; a taken email is refused', async () => {
    const admin = await newOrganization(studio.app, 'Link Invite Org');
    const signIn = signInServicesBeside(studio, { smtpUrl: catcher.url, publicUrl });
    const email = `linked-${Date.now()}@example.com`;
    const since = catcher.messages.length;
    try {
      const invited = await signIn.flows.createInvitedUser(
        { email, first_name: 'Alan', last_name: 'Turing', organizationId: admin.organization.id, role: null },
        { mode: 'magic_link' },
      );
      expect(invited).toMatchObject({ status: 'CONFIRMED', role: null, organization: admin.organization.id });
      await expect(
        signIn.flows.createInvitedUser(
          {
            email: admin.user.email,
            first_name: 'A',
            last_name: 'B',
            organizationId: admin.organization.id,
            role: null,
          },
          { mode: 'magic_link' },
        ),
      ).rejects.toMatchObject({ status: 400, code: 'EMAIL_UNAVAILABLE' });
    } finally {
      await signIn.close();
    }
    const link = magicLinkIn(await catcher.nextTo(email, since), publicUrl);
    const verified = await post('/api/auth/magic_link/verify/', link);
    expect(verified.statusCode).toBe(200);
    expect(verified.json<LoginResponse>().user).toMatchObject({
      email,
      organization: admin.organization.id,
      email_verified: true,
    });
    // No password yet: setting one needs no current password.
    const access = verified.json<LoginResponse>().access;
    expect((await post('/api/auth/password/', { password: 'F1rst@Pass' }, bearer(access))).statusCode).toBe(
      200,
    );
  });
});
