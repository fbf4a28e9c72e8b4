import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentityProvider, type TestIdentityProvider } from './support/identity-provider.ts';
import { inviteWithTemporaryPassword } from './support/invitations.ts';
import { codeIn, linkIn, mailCount, waitForMail } from './support/outbox.ts';
import { logIn, logInToHome, signUpThroughPage } from './support/sign-up.ts';
import { generousAuthLimits, useStudioSession } from './support/studio-session.ts';
import { showsText } from './support/studio-steps.ts';

/**
 * Every sign-in path of spec 001 §2.1 and the identity settings screens, in Chromium against the
 * built studio. Mail goes to the outbox (no SMTP_URL) and is read back from the server's log.
 */

const ssoDomain = 'sso.harbour.test';
const admin = { first_name: 'Ada', last_name: 'Admin', email: 'ada@harbour.test', password: 'Adm1n@Harbour' };
const temporary = { first_name: 'Tess', last_name: 'Temp', email: 'tess@harbour.test' };
const ssoOnly = { first_name: 'Pat', last_name: 'Reserved', email: `pat@${ssoDomain}` };
const forgetful = {
  first_name: 'Fred',
  last_name: 'Forgetful',
  email: 'fred@example.test',
  password: 'Forg3t@Me',
};

const e2e = useStudioSession({ name: 'identity', env: generousAuthLimits });
let organizationId: string;
let temporaryPasswords: Map<string, string>;

async function signUp(person: { first_name: string; last_name: string; email: string; password: string }) {
  const created = await e2e.api('POST', '/auth/signup/', person);
  if (created.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(created.body)}`);
  const login = await e2e.api<{ access: string }>('POST', '/auth/login/', {
    email: person.email,
    password: person.password,
  });
  return login.body.access;
}

beforeAll(async () => {
  // First start: the organisation's admin, through the API.
  const access = await signUp(admin);
  const organization = await e2e.api<{ id: string }>(
    'POST',
    '/core/organization/',
    { name: 'Harbour Events' },
    access,
  );
  organizationId = organization.body.id;
  await signUp(forgetful);
  // Then a studio printing its outbox.
  await e2e.restartStudio({ ...generousAuthLimits, LOG_LEVEL: 'info' });
  // Members the admin creates with a temporary password, through the API (POST /api/core/user/).
  temporaryPasswords = await inviteWithTemporaryPassword(e2e.studio, access, organizationId, [
    temporary,
    ssoOnly,
  ]);
});

const newPage = () => e2e.newPage({ permissions: ['clipboard-read', 'clipboard-write'] });

const pathOf = (page: Page) => new URL(page.url()).pathname;

async function logInAsAdmin(): Promise<Page> {
  const page = await newPage();
  await logInToHome(page, admin.email, admin.password);
  return page;
}

describe('sign-in paths', () => {
  it("logs in with email and password, after showing the server's refusal of a wrong one", async () => {
    const page = await newPage();
    await logIn(page, admin.email, 'Wr0ng@Password');
    await showsText(page, 'Unable to log in with the provided credentials.');
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/home');
    await showsText(page, 'Welcome, Ada Admin.');
  });

  it('confirms the email address of a new account with the emailed code, after sending a new one', async () => {
    const { studio } = e2e;
    const grace = {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.test',
      password: 'C0bol@1959',
    };
    const page = await newPage();
    // Sign-up opens the new person's Content Lab, which asks for the code.
    await signUpThroughPage(page, grace);
    await waitForMail(studio, { to: grace.email, subject: 'Confirm your email address' });

    await page.getByRole('link', { name: 'Enter the code' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/confirmSignup');
    expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(grace.email);
    const seen = mailCount(studio);
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await showsText(page, 'If this email needs confirming, we have sent a new code.');
    const mail = await waitForMail(studio, {
      to: grace.email,
      subject: 'Confirm your email address',
      since: seen,
    });

    await page.getByLabel('Code').fill(codeIn(mail));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL((url) => url.pathname === '/content');
    await showsText(page, 'Your email address is confirmed.');
    await expect.poll(() => page.getByRole('link', { name: 'Enter the code' }).count()).toBe(0);
  });

  it('resets a forgotten password with the emailed code and logs in with the new one', async () => {
    const { studio } = e2e;
    const page = await newPage();
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(forgetful.email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/forgot');
    expect(await page.getByLabel('Email').inputValue()).toBe(forgetful.email);
    const seen = mailCount(studio);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/forgotPasswordSubmit');
    expect(new URL(page.url()).searchParams.get('email')).toBe(forgetful.email);
    const mail = await waitForMail(studio, {
      to: forgetful.email,
      subject: 'Reset your password',
      since: seen,
    });

    const newPassword = 'N3w@Password';
    await page.getByLabel('Code').fill('000000' === codeIn(mail) ? '111111' : '000000');
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    const submit = page.getByRole('button', { name: 'Set password' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await submit.click();
    await showsText(page, 'The code is invalid or has expired.');

    await page.getByLabel('Code').fill(codeIn(mail));
    await submit.click();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await showsText(page, 'Password successfully updated.');

    await logIn(page, forgetful.email, newPassword);
    // Fred has no organisation yet.
    await page.waitForURL('**/content/auth/already-logged-in');
  });

  it('signs in with a magic link, which works once', async () => {
    const { studio } = e2e;
    const page = await newPage();
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(admin.email);
    const seen = mailCount(studio);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/magicLinkSent');
    await showsText(page, 'If an account exists for this email, we have sent a sign-in link.');
    const link = linkIn(
      await waitForMail(studio, { to: admin.email, subject: 'Your sign-in link', since: seen }),
      studio.url,
    );
    expect(new URL(link).pathname).toMatch(/^\/auth\/link\/ada%40harbour\.test\/.+/);

    await page.goto(link);
    await page.waitForURL('**/home');
    await showsText(page, 'Welcome, Ada Admin.');

    const again = await newPage();
    await again.goto(link);
    await showsText(again, 'This sign-in link is invalid, has expired or was already used.');
    expect(pathOf(again)).toMatch(/^\/auth\/link\//);
  });

  it('sends a member with a temporary password to External until they choose their own', async () => {
    const page = await newPage();
    await logIn(page, temporary.email, temporaryPasswords.get(temporary.email) ?? '');
    await page.waitForURL((url) => url.pathname === '/auth/external');

    await page.goto('/videos');
    await page.waitForURL((url) => url.pathname === '/auth/external');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/videos');

    const chosen = 'M1ne@Password';
    const submit = page.getByRole('button', { name: 'Submit' });
    await page.getByLabel('New password', { exact: true }).fill(chosen);
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Confirm new password').fill(`${chosen}x`);
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Confirm new password').fill(chosen);
    await submit.click();
    await page.waitForURL((url) => url.pathname === '/videos');
    await showsText(page, 'Password successfully updated.');

    await page.goto('/auth/external');
    await page.waitForURL('**/home');
    const fresh = await newPage();
    await logInToHome(fresh, temporary.email, chosen);
  });

  describe('single sign-on with OpenID Connect', () => {
    let provider: TestIdentityProvider;

    beforeAll(async () => {
      provider = await startIdentityProvider(`${e2e.studio.url}/auth/sso`);
      provider.accounts.set('sam', {
        email: `sam@${ssoDomain}`,
        email_verified: true,
        given_name: 'Sam',
        family_name: 'Single',
      });
      provider.accounts.set('outsider', {
        email: forgetful.email,
        email_verified: true,
        given_name: 'Fred',
        family_name: 'Forgetful',
      });
    });
    afterAll(async () => {
      await provider?.close();
    });

    async function signInAtProvider(page: Page, login: string) {
      await page.waitForURL((url) => url.origin === provider.issuer);
      await page.locator('input[name="login"]').fill(login);
      await page.locator('input[name="password"]').fill('any password');
      await page.getByRole('button', { name: 'Sign-in' }).click();
      await page.getByRole('button', { name: 'Continue' }).click();
    }

    it("lets the admin set up the organisation's provider", async () => {
      const page = await logInAsAdmin();
      await page.goto('/settings-new/organization');
      const card = page.getByRole('region', { name: 'Single sign-on' });
      const redirectUri = card.getByRole('textbox', { name: 'Redirect URI' });
      await redirectUri.waitFor();
      expect(await redirectUri.inputValue()).toBe(`${e2e.studio.url}/auth/sso`);
      await card.getByLabel('Issuer URL').fill(provider.issuer);
      await card.getByLabel('Client ID').fill(provider.clientId);
      await card.getByLabel('Client secret').fill(provider.clientSecret);
      await card.getByLabel('SSO-only email domains').fill(ssoDomain);
      await card.getByLabel('SSO-only email domains').press('Enter');
      await card.getByRole('switch', { name: 'Single sign-on enabled' }).check();
      await card.getByRole('button', { name: 'Save single sign-on' }).click();
      await showsText(page, 'Single sign-on settings saved.');
      await page.reload();
      expect(await page.getByLabel('Client secret').getAttribute('placeholder')).toBe(
        'Stored — leave empty to keep it',
      );
    });

    it('signs a person in through the provider from /auth/sso', async () => {
      const page = await newPage();
      await page.goto('/auth/login');
      await page.getByLabel('Email').fill(`sam@${ssoDomain}`);
      await page.getByRole('link', { name: 'Use single sign-on (SSO)' }).click();
      await page.waitForURL((url) => url.pathname === '/auth/sso');
      expect(await page.getByLabel('Email').inputValue()).toBe(`sam@${ssoDomain}`);
      await page.getByRole('button', { name: 'Continue with SSO' }).click();
      await signInAtProvider(page, 'sam');
      await page.waitForURL('**/home');
      await showsText(page, 'Welcome, Sam Single.');
    });

    it('refuses password sign-in to an SSO-only account and points to SSO', async () => {
      const page = await newPage();
      await logIn(page, ssoOnly.email, temporaryPasswords.get(ssoOnly.email) ?? '');
      await showsText(
        page,
        "Username and password access is disabled for this account. To access the product, log in using your organization's SSO.",
      );
      expect(pathOf(page)).toBe('/auth/login');
      expect(await page.evaluate(() => localStorage.getItem('studio.user-state'))).toBeNull();
      await page.getByRole('link', { name: 'Log in with SSO' }).click();
      await page.waitForURL((url) => url.pathname === '/auth/sso');
    });

    it('starts at /auth/org/{orgId} and answers notallowed for an account of no organisation of the provider', async () => {
      const page = await newPage();
      await page.goto(`/auth/org/${organizationId}`);
      await signInAtProvider(page, 'outsider');
      await page.waitForURL((url) => url.pathname === '/auth/sso');
      await showsText(page, 'Sign-in not allowed');
      expect(await page.locator('[data-login-status]').getAttribute('data-login-status')).toBe('notallowed');
    });

    it('answers failed for a forged return, and /auth/oktalogin starts the organisation flow', async () => {
      const page = await newPage();
      await page.goto('/auth/sso?code=forged&state=forged');
      await showsText(page, 'Single sign-on failed');
      expect(await page.locator('[data-login-status]').getAttribute('data-login-status')).toBe('failed');

      await page.goto(`/auth/oktalogin?organization=${organizationId}`);
      await page.waitForURL((url) => url.origin === provider.issuer);
    });
  });

  it('signs out of all devices', async () => {
    const first = await logInAsAdmin();
    const second = await logInAsAdmin();
    await second.goto('/settings-new/preferences');
    await second.getByRole('button', { name: 'Sign out of all devices' }).click();
    await second.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere' }).click();
    await second.waitForURL((url) => url.pathname === '/auth/login');
    await showsText(second, 'You have been successfully logged out.');

    await first.goto('/settings-new/preferences');
    await first.waitForURL((url) => url.pathname === '/auth/login');
    expect(new URL(first.url()).searchParams.get('redirect')).toBe('/settings-new/preferences');
  });
});

describe('identity settings', () => {
  it('creates, searches, renames, staffs and deletes teams', async () => {
    const page = await logInAsAdmin();
    await page.goto('/settings-new/teams');
    for (const name of ['Marketing', 'Sales']) {
      await page.getByRole('button', { name: 'Create team' }).click();
      await page.getByRole('dialog').getByLabel('Team name').fill(name);
      await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
      await showsText(page, 'Team created.');
      await page.getByRole('cell', { name, exact: true }).waitFor();
    }

    await page.getByLabel('Search teams').fill('mark');
    await expect.poll(() => page.getByRole('cell', { name: 'Sales', exact: true }).count()).toBe(0);
    await page.getByLabel('Search teams').fill('nothing like it');
    await showsText(page, 'No teams found matching "nothing like it"');
    await page.getByLabel('Search teams').fill('');

    const row = (name: string) =>
      page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
    await row('Marketing').getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('dialog').getByLabel('Team name').fill('Growth');
    await page.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
    await showsText(page, 'Team renamed.');

    await row('Growth').getByRole('button', { name: 'Members' }).click();
    const members = page.getByRole('dialog', { name: 'Members of Growth' });
    await showsText(page, 'This team has no members yet.');
    await members.getByLabel('Add a person').click();
    await page.getByRole('option', { name: /Ada Admin/ }).click();
    await members.getByRole('button', { name: 'Add', exact: true }).click();
    await showsText(page, 'Member added.');
    await members.getByRole('cell', { name: admin.email }).waitFor();
    await members.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Remove' }).click();
    await showsText(page, 'Member removed.');
    await showsText(page, 'This team has no members yet.');
    await page.keyboard.press('Escape');

    await row('Sales').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await showsText(page, 'Team deleted.');
    await expect.poll(() => page.getByRole('cell', { name: 'Sales', exact: true }).count()).toBe(0);
    await page.getByRole('cell', { name: 'Growth', exact: true }).waitFor();
  });

  it('creates an API token shown once, refused until the automation API is on, and gone once deleted', async () => {
    const page = await logInAsAdmin();
    await page.goto('/settings-new/tokens');
    // A new organisation's automation API is off (an operator switch): the page says so.
    await page.getByText(/The automation API is not enabled for your organization/).waitFor();
    await page.getByLabel('Token name').fill('CI pipeline');
    await page.getByRole('button', { name: 'Create token' }).click();
    await showsText(page, 'Token created.');
    const dialog = page.getByRole('dialog', { name: 'Token CI pipeline created' });
    const secret = (await dialog.getByLabel('New API token').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^st_/);

    await dialog.getByRole('button', { name: 'Copy token' }).click();
    await expect.poll(() => dialog.getByRole('button', { name: 'Copy token' }).textContent()).toBe('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await expect
      .poll(() => dialog.getByRole('button', { name: 'Copy token' }).textContent(), { timeout: 5000 })
      .toBe('Copy');

    // The token is real but refused while the flag is off (the API's own tests use it with the flag on).
    const used = await e2e.api<{ code: string }>('GET', '/core/workspaces/', undefined, secret);
    expect(used.status).toBe(403);
    expect(used.body.code).toBe('FEATURE_NOT_ENABLED');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('cell', { name: 'CI pipeline', exact: true }).waitFor();
    expect(await page.getByText(secret).count()).toBe(0);

    await page
      .getByRole('row')
      .filter({ hasText: 'CI pipeline' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Delete' }).click();
    await showsText(page, 'Token deleted.');
    await showsText(page, 'No API tokens yet.');
    expect((await e2e.api('GET', '/core/workspaces/', undefined, secret)).status).toBe(401);
  });
});
