import { beforeAll, describe, expect, it } from 'vitest';
import { organizerThroughApi } from './support/api.ts';
import { logIn, logInToHome } from './support/sign-up.ts';
import { INVITATION_SUBJECT, temporaryPasswordIn } from './support/invitations.ts';
import { mailCount, waitForMail } from './support/outbox.ts';
import { generousAuthLimits, useStudioSession } from './support/studio-session.ts';
import { showsText } from './support/studio-steps.ts';

/**
 * Settings → Users in Chromium against the built studio: an admin invites a person with a
 * temporary password, the person signs in with the password from the mail and chooses their own,
 * and the admin removes them again. Mail is read from the outbox lines of the server log.
 */

const admin = { first_name: 'Uma', last_name: 'Admin', email: 'uma@users-e2e.test', password: 'Adm1n@Users' };
const invitee = { first_name: 'Ivo', last_name: 'Invited', email: 'ivo@users-e2e.test', title: 'Producer' };

const e2e = useStudioSession({ name: 'users', env: { ...generousAuthLimits, LOG_LEVEL: 'info' } });

beforeAll(async () => {
  await organizerThroughApi(e2e.studio.url, admin, 'Users Harbour');
});

describe('Settings → Users', () => {
  it('invites a person with a temporary password, who signs in, sets their own and is then removed', async () => {
    const { studio } = e2e;
    const page = await e2e.newPage();
    await logInToHome(page, admin.email, admin.password);
    await page.goto('/settings-new/users');
    await page.getByRole('cell', { name: admin.email }).waitFor();

    // The admin invites Ivo from the Users screen.
    const since = mailCount(studio);
    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite user' });
    await dialog.getByLabel('Email').fill(invitee.email);
    await dialog.getByLabel('First name').fill(invitee.first_name);
    await dialog.getByLabel('Last name').fill(invitee.last_name);
    await dialog.getByLabel('Title').fill(invitee.title);
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Event Editor', exact: true }).click();
    expect(await dialog.getByRole('radio', { name: /Temporary password/ }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Invite' }).click();
    await showsText(page, 'User invited.');
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: invitee.email, exact: true }) });
    await row.getByText('Invited', { exact: true }).waitFor();
    await row.getByText('Event Editor', { exact: true }).waitFor();

    // Ivo signs in with the password from the mail and is sent to External to choose his own.
    const mail = await waitForMail(studio, { to: invitee.email, subject: INVITATION_SUBJECT, since });
    expect(mail.text).toContain(`${studio.url}/auth/login`);
    const person = await e2e.newPage();
    await logIn(person, invitee.email, temporaryPasswordIn(mail));
    await person.waitForURL((url) => url.pathname === '/auth/external');
    const chosen = 'Iv0@Chosen';
    await person.getByLabel('New password', { exact: true }).fill(chosen);
    await person.getByLabel('Confirm new password').fill(chosen);
    await person.getByRole('button', { name: 'Submit' }).click();
    await person.waitForURL('**/home');
    await showsText(person, 'Password successfully updated.');

    // The admin sees him active, then removes him after 'Are you sure?'.
    await page.reload();
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm
      .getByText(
        `${invitee.first_name} ${invitee.last_name} will be removed from the organization and signed out everywhere.`,
      )
      .waitFor();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await showsText(page, 'User removed.');
    await expect.poll(() => page.getByRole('cell', { name: invitee.email, exact: true }).count()).toBe(0);

    // His sessions ended: the next page he opens asks him to sign in.
    await person.goto('/settings-new/preferences');
    await person.waitForURL((url) => url.pathname === '/auth/login');
  });
});
