import { beforeAll, describe, expect, it } from 'vitest';
import { journeyOrganiser, organizerWithEventThroughApi } from './support/api.ts';
import { logInToHome } from './support/sign-up.ts';
import { INVITATION_SUBJECT } from './support/invitations.ts';
import { mailCount, waitForMail } from './support/outbox.ts';
import { generousAuthLimits, useStudioSession } from './support/studio-session.ts';
import { showsText } from './support/studio-steps.ts';

/**
 * Booths and sponsors in Chromium against the built studio: an organiser creates a booth and
 * invites its sponsor; the sponsor signs in from the emailed link, lands on their booth's page,
 * edits it, and can open nothing else. Mail is read from the outbox lines of the server log.
 */

const organiser = journeyOrganiser('Ora', 'Organiser', 'booths-e2e.test');
const sponsor = { email: 'sam@sponsor-e2e.test', first_name: 'Sam' };

const e2e = useStudioSession({ name: 'booths', env: { ...generousAuthLimits, LOG_LEVEL: 'info' } });
let access: string;
let eventId: string;

const api = <T>(method: string, apiPath: string, body?: unknown, token = access) =>
  e2e.api<T>(method, apiPath, body, token);

beforeAll(async () => {
  ({ access, eventId } = await organizerWithEventThroughApi(e2e.studio.url, organiser, 'Expo Harbour', {
    title: 'Harbour Expo',
    start_time: '2031-05-01T09:00:00Z',
    end_time: '2031-05-01T17:00:00Z',
    event_type: 'Conference',
  }));
});

describe('booths and sponsors', () => {
  it('an organiser creates a booth and its sponsor, who edits only that booth', async () => {
    const { studio } = e2e;
    const page = await e2e.newPage();
    await logInToHome(page, organiser.email, organiser.password);

    // The organiser adds a primary booth from the drawer.
    await page.goto(`/events/${eventId}/programs/booths`);
    const primary = page.getByRole('region', { name: 'Primary Booths' });
    await primary.getByRole('button', { name: 'Add Booth' }).click();
    const drawer = page.getByRole('dialog', { name: 'Add Booth' });
    await drawer.getByRole('textbox', { name: /Name/ }).fill('Acme Widgets');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await showsText(page, 'Booth created successfully.');
    await primary.getByText('Acme Widgets', { exact: true }).waitFor();

    // … and invites the sponsor, who is emailed a sign-in link to the booth.
    const since = mailCount(studio);
    await primary.getByRole('button', { name: 'Invite the sponsor of Acme Widgets' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sponsor of Acme Widgets' });
    await dialog.getByLabel('Email').fill(sponsor.email);
    await dialog.getByLabel('First name').fill(sponsor.first_name);
    await dialog.getByRole('button', { name: 'Invite sponsor' }).click();
    await showsText(page, 'Sponsor invited: a sign-in link is on its way.');
    const mail = await waitForMail(studio, { to: sponsor.email, subject: INVITATION_SUBJECT, since });
    const link = new RegExp(`${studio.url.replace(/[.]/g, '\\.')}/auth/link/\\S+`).exec(mail.text)?.[0];
    expect(link).toBeDefined();
    const booths = await api<{ results: { id: string; name: string }[] }>(
      'GET',
      `/event/booths/?event=${eventId}`,
    );
    const boothId = booths.body.results[0]!.id;

    // The sponsor opens the link and lands on their booth's page, and edits it.
    const person = await e2e.newPage();
    await person.goto(link!);
    // The studio's router drops the trailing slash of 001 §2.1's address.
    await person.waitForURL(
      (url) => url.pathname.replace(/\/$/, '') === `/sponsor/${eventId}/booth/${boothId}`,
    );
    const form = person.getByRole('form', { name: 'Your booth' });
    await form.getByRole('textbox', { name: /Name/ }).fill('Acme Widgets & Co');
    await form.getByRole('textbox', { name: 'Description' }).fill('Come see the widgets.');
    await form.getByRole('button', { name: 'Save booth' }).click();
    await showsText(person, 'Booth updated successfully.');
    const resource = person.getByRole('form', { name: 'Add a resource' });
    await resource.getByRole('textbox', { name: 'Resource title' }).fill('Catalogue');
    await resource
      .getByRole('textbox', { name: 'Resource URL' })
      .fill('https://acme.example.com/catalogue.pdf');
    await resource.getByRole('button', { name: 'Add resource' }).click();
    await person.getByRole('link', { name: /Catalogue/ }).waitFor();
    const saved = await api<{ results: { name: string; description: string; resources: unknown[] }[] }>(
      'GET',
      `/event/booths/?event=${eventId}`,
    );
    expect(saved.body.results[0]).toMatchObject({
      name: 'Acme Widgets & Co',
      description: 'Come see the widgets.',
    });
    expect(saved.body.results[0]!.resources).toHaveLength(1);

    // Nothing else opens for them: the studio's pages send them away, the event's API refuses them.
    await person.goto(`/events/${eventId}/programs/booths`);
    await person.waitForURL((url) => url.pathname === '/content/auth/already-logged-in');
    await person.goto('/events');
    await person.waitForURL((url) => url.pathname === '/content/auth/already-logged-in');
    const other = await api<{ id: string }>('POST', '/event/booths/', {
      event: eventId,
      name: 'Other booth',
    });
    await person.goto(`/sponsor/${eventId}/booth/${other.body.id}/`);
    await person.getByRole('alert').waitFor();
    expect(await person.getByRole('form', { name: 'Your booth' }).count()).toBe(0);
  });
});
