import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALENDAR_NAMES,
  checkInMessages,
  registrationFormMessages,
  registrationOutcomeMessages,
} from '@studio/domain';
import { conferenceDay, journeyOrganiser } from './support/api.ts';
import { startMailCatcher, type MailCatcher } from './support/mail-catcher.ts';
import { organizerWithEventAtHome } from './support/sign-up.ts';
import { generousAuthLimits, useStudioSession } from './support/studio-session.ts';

/**
 * Registration as organisers and attendees meet it (issue 16), in Chromium against the built
 * studio, mail delivered to a real SMTP server on loopback: the organiser builds the event's form,
 * caps it at two seats with a waitlist; three people register on the attendee origin (the third
 * waitlisted, no CSP violation on the way); the organiser raises the cap (the waitlist promotes
 * itself), exports the CSV and imports one with a bad row; then a 390 px check-in desk opened from
 * the studio checks one person in by name and another by their emailed QR code shown to the camera
 * (Chromium's fake camera playing a video made of the code).
 */

const organiser = journeyOrganiser('Rita', 'Reg', 'registration-e2e.test');
const eventTitle = 'Harbour Expo';
const people = [
  {
    first: 'Ada',
    last: 'Lovelace',
    email: 'ada@people-e2e.test',
    team: 'Engines',
    industry: 'Technology',
  },
  {
    first: 'Grace',
    last: 'Hopper',
    email: 'grace@people-e2e.test',
    team: 'Compilers',
    industry: 'Government',
  },
  {
    first: 'Alan',
    last: 'Turing',
    email: 'alan@people-e2e.test',
    team: 'Hut 8',
    industry: 'Education',
  },
] as const;

const execFileAsync = promisify(execFile);
let mail: MailCatcher;
beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(() => mail?.close());

/** What Chromium's fake camera plays (written once the QR code is known; opened when a page asks). */
const cameraVideo = (dir: string) => path.join(dir, 'camera.y4m');
const e2e = useStudioSession({
  name: 'registration',
  env: () => ({ ...generousAuthLimits, SMTP_URL: mail.url }),
  browserArgs: (dir) => [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${cameraVideo(dir)}`,
  ],
  context: { timezoneId: 'UTC', acceptDownloads: true },
});
let organiserPage: Page;
let eventId: string;

const shows = (locator: Locator) => expect.poll(() => locator.isVisible()).toBe(true);
/** The event's registration settings, in the Details drawer of its dashboard. */
async function registrationSettingsOf(page: Page): Promise<Locator> {
  await page.goto(`/events/${eventId}/dashboard`);
  // At once: the readiness list above keeps its height as it arrives, so the button stays put.
  await page.getByRole('button', { name: 'Edit details' }).click();
  const settings = page
    .getByRole('dialog', { name: 'Details' })
    .getByRole('region', { name: 'Registration settings' });
  await shows(settings);
  return settings;
}

beforeAll(async () => {
  ({ eventId } = await organizerWithEventAtHome(
    e2e,
    organiser,
    'Registration Harbour',
    conferenceDay(eventTitle, 'In_Person'),
  ));
  organiserPage = e2e.page;
});

describe('registration, from the form to the check-in desk', () => {
  it('builds the event’s registration form in the studio', async () => {
    const page = organiserPage;
    await page.goto(`/events/${eventId}/registration-new/page`);
    await page.getByRole('button', { name: "Build this event's form" }).click();
    const settings = page.getByRole('group', { name: 'Field settings' });

    await page.getByRole('button', { name: 'Add field' }).click();
    await page.getByRole('menuitem', { name: 'Text', exact: true }).click();
    await settings.getByLabel('Label').fill('Team');
    await settings.getByLabel('Key').fill('team');
    await settings.getByLabel('Required').check();

    await page.getByRole('button', { name: 'Add profile field' }).click();
    await page.getByRole('menuitem', { name: 'Industry', exact: true }).click();
    await settings.getByLabel('Required').check();

    await shows(page.getByRole('region', { name: 'Preview' }).getByLabel('Industry'));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await shows(page.getByText(registrationFormMessages.formSaved).first());
  });

  it('registers three people on the attendee origin, the third waitlisted, with no CSP violation', async () => {
    const page = organiserPage;
    // The seats and the waitlist sit with the event's details (issue 32 §4).
    const settings = await registrationSettingsOf(page);
    await settings.getByLabel('Unlimited').uncheck();
    await settings.getByRole('textbox', { name: 'Seats' }).fill('2');
    await settings.getByRole('switch', { name: /^Waitlist/ }).check();
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await shows(page.getByText('Registration settings saved.').first());

    for (const [index, person] of people.entries()) {
      const attendeePage = await e2e.newPage({ timezoneId: 'Europe/Paris' });
      const problems: string[] = [];
      attendeePage.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      attendeePage.on('pageerror', (error) => problems.push(error.message));
      attendeePage.on('response', (response) => {
        if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
      });
      await attendeePage.goto(`${e2e.studio.attendeeUrl}/e/${eventId}/register`);
      // The form's script is loaded after the page (a dynamic import): wait for it before sending.
      await attendeePage.waitForLoadState('networkidle');
      await attendeePage.getByLabel('First name').fill(person.first);
      await attendeePage.getByLabel('Last name').fill(person.last);
      await attendeePage.getByLabel('Email').fill(person.email);
      await attendeePage.getByLabel('Team').fill(person.team);
      await attendeePage.getByLabel('Industry').selectOption({ label: person.industry });
      await attendeePage.getByRole('button', { name: 'Register' }).click();
      const registered = index < 2;
      const told = registered
        ? registrationOutcomeMessages.REGISTRATION
        : registrationOutcomeMessages.WAITLISTED;
      await shows(attendeePage.getByText(told));
      // The confirmation page (issue 34 §8): add-to-calendar links once registered, none on the waitlist.
      expect(new URL(attendeePage.url()).pathname).toBe(`/e/${eventId}/registered`);
      const google = attendeePage.getByRole('link', { name: CALENDAR_NAMES.google });
      if (registered) await shows(google);
      else expect(await google.count()).toBe(0);
      expect(problems).toEqual([]);
      await attendeePage.context().close();
    }
  });

  it('promotes the waitlist when seats are raised, exports the CSV, imports one with a bad row', async () => {
    const page = organiserPage;
    const table = page.getByRole('table', { name: 'Registrants' });
    const rowOf = (name: string) => table.getByRole('row').filter({ hasText: name });
    await page.goto(`/events/${eventId}/registration-new/registrants`);
    await shows(rowOf('Alan Turing').getByText('Waitlisted'));

    const settings = await registrationSettingsOf(page);
    await settings.getByRole('textbox', { name: 'Seats' }).fill('3');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await shows(page.getByText('Registration settings saved.').first());
    await page.goto(`/events/${eventId}/registration-new/registrants`);
    await shows(rowOf('Alan Turing').getByText('Registered'));
    const promoted = await mail.waitFor(
      (message) =>
        message.envelopeTo.includes(people[2].email) && message.subject.startsWith('A seat freed up'),
    );
    expect(promoted.images.map((image) => image.type)).toContain('image/png');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const exported = (await readFile(await download.path(), 'utf8')).trim().split('\r\n');
    expect(exported[0]).toMatch(/^Name,Email,Company,Title,Status,.*,Team,Industry$/);
    // One row each, by name: Registered, registered at an instant, the form's answers last (by label).
    const rows = exported.slice(1).sort();
    expect(rows).toHaveLength(people.length);
    for (const [index, person] of [...people].sort((a, b) => a.first.localeCompare(b.first)).entries())
      expect(rows[index]).toMatch(
        new RegExp(
          `^${person.first} ${person.last},${person.email},,,Registered,[\\d-]+T[\\d:.]+Z,,${person.team},${person.industry}$`,
        ),
      );

    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Registrants' });
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'registrants.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'email,first_name,last_name,company,team,industry\r\n' +
          'katherine@people-e2e.test,Katherine,Johnson,NASA,Trajectories,technology\r\n' +
          'not-an-email,Bad,Row,Nowhere,Nobody,technology\r\n',
      ),
    });
    await dialog.getByRole('button', { name: 'Validate' }).click();
    await shows(dialog.getByText('1 row of 2 will be imported.'));
    const rejected = dialog.getByRole('table', { name: 'Rejected rows' });
    await shows(rejected.getByRole('row').filter({ hasText: 'email' }));
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await shows(dialog.getByText(/1 registrant added \(1 waitlisted\).*1 row rejected/));
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await shows(rowOf('Katherine Johnson').getByText('Waitlisted'));
    await expect.poll(() => rowOf('Bad Row').count()).toBe(0);
  });

  it('checks one in by name and one by the QR code shown to the camera, on a 390 px desk', async () => {
    const grace = people[1];
    const confirmation = await mail.waitFor(
      (message) =>
        message.envelopeTo.includes(grace.email) && message.subject.startsWith('You are registered'),
    );
    const code = confirmation.images.find((image) => image.cid === 'check-in-code@event-studio');
    if (!code) throw new Error('no check-in code in the confirmation');
    const png = path.join(e2e.dir, 'grace-code.png');
    await writeFile(png, code.content);
    await execFileAsync('ffmpeg', [
      ...['-loglevel', 'error', '-y', '-loop', '1', '-i', png],
      // The code whole inside the scanner's region (the middle two thirds of the picture).
      ...['-vf', 'scale=300:300,pad=640:480:170:90:white,format=yuv420p', '-r', '10', '-frames:v', '20'],
      cameraVideo(e2e.dir),
    ]);

    const [desk] = await Promise.all([
      organiserPage.context().waitForEvent('page'),
      organiserPage.getByRole('button', { name: 'Check-in desk' }).click(),
    ]);
    await desk.setViewportSize({ width: 390, height: 844 });
    await desk.bringToFront();
    const problems: string[] = [];
    desk.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await desk.waitForURL(`${e2e.studio.attendeeUrl}/e/${eventId}/check-in`);
    await shows(desk.getByText(checkInMessages.counts({ checked_in: 0, registered: 3 })));

    await desk.getByLabel(checkInMessages.search).fill('ada');
    await desk.getByRole('button', { name: `${checkInMessages.checkIn}: Ada Lovelace` }).click();
    await shows(desk.getByText(checkInMessages.welcome('Ada Lovelace')));
    await shows(desk.getByText(checkInMessages.counts({ checked_in: 1, registered: 3 })));

    await desk.getByRole('button', { name: checkInMessages.scan }).click();
    // The camera starts and the decoder reads frames: slower than a page update on a busy machine.
    await expect
      .poll(() => desk.getByText(checkInMessages.welcome('Grace Hopper')).isVisible(), { timeout: 30_000 })
      .toBe(true);
    await shows(desk.getByText(checkInMessages.counts({ checked_in: 2, registered: 3 })));
    expect(problems).toEqual([]);

    const table = organiserPage.getByRole('table', { name: 'Registrants' });
    for (const name of ['Ada Lovelace', 'Grace Hopper'])
      await shows(table.getByRole('row').filter({ hasText: name }).getByText('Attended'));
  });
});
