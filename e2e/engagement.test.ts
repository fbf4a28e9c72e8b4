import type { ChildProcess } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  engagementPanelMessages as words,
  eventAppMessages,
  findRole,
  registrationOutcomeMessages,
  surveyAnswerMessages,
  techCheckOutcomeText,
} from '@studio/domain';
import { journeyOrganiser, organizerThroughApi } from './support/api.ts';
import { useJourneyDatabase } from './support/journey-database.ts';
import { INVITATION_SUBJECT, temporaryPasswordIn } from './support/invitations.ts';
import { publishTestPattern } from './support/media.ts';
import { mailCount, waitForMail } from './support/outbox.ts';
import { logIn, logInToHome } from './support/sign-up.ts';
import { generousAuthLimits, useStudioSession } from './support/studio-session.ts';

/**
 * The event's engagement as its people live it (issue 34 "Done when"), in Chromium against the
 * built studio: the organiser goes live (an encoder publishes to the session on now) and runs the
 * backstage; two attendees register on the attendee origin, enter with their magic links, chat,
 * ask (one anonymously, Q&A moderated), upvote and answer the poll the organiser launches, open
 * the session's documents and answer its survey, whose answers the organiser reads and exports; a
 * coordinator of the event, signed into the studio, deletes a message and approves the
 * questions. Everything an attendee sees arrives by push (the pages are never reloaded). Last, the
 * event app's tabs at phone width (390 px), each within the screen — and, with E2E_SCREENSHOTS set,
 * shot into test-results/engagement/ to be looked at.
 */

const organiser = journeyOrganiser('Eve', 'Events', 'engage.test');
const coordinator = { first_name: 'Cora', last_name: 'Coordinator', email: 'cora@engage.test' };
const attendees = [
  { first: 'Grace', last: 'Hopper', email: 'grace@engage.test' },
  { first: 'Alan', last: 'Turing', email: 'alan@engage.test' },
] as const;
const eventTitle = 'Harbour Talks';
const sessionTitle = 'Harbour keynote';
const surveyTitle = 'Harbour feedback';
const shots = process.env.E2E_SCREENSHOTS
  ? path.resolve(import.meta.dirname, '../test-results/engagement')
  : null;
/** Shoots the page into `shots` as `name`.png, when screenshots were asked for. */
const shoot = async (page: Page, name: string) => {
  if (shots)
    await page.screenshot({
      path: path.join(shots, `${name.toLowerCase().replace(/\W+/g, '-')}.png`),
      fullPage: true,
    });
};

/** PGlite; PostgreSQL with E2E_DATABASE=postgres and TEST_DATABASE_URL. */
const database = useJourneyDatabase();
const e2e = useStudioSession({
  name: 'engagement',
  // The outbox is printed (no SMTP_URL): the coordinator's temporary password is read from it.
  env: () => ({ ...generousAuthLimits, LOG_LEVEL: 'info', ...database() }),
  browserArgs: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  context: { timezoneId: 'UTC' },
});
let access: string;
let eventId: string;
let sessionId: string;
let encoder: ChildProcess | undefined;
let organiserPage: Page;
let coordinatorPage: Page;
let grace: Page;
let alan: Page;

const api = <T>(method: string, apiPath: string, body?: unknown) => e2e.api<T>(method, apiPath, body, access);
const ok = <T>(answer: { status: number; body: T }, what: string): T => {
  if (answer.status >= 300) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
};
const shows = (locator: Locator, timeout?: number) =>
  expect.poll(() => locator.isVisible(), timeout ? { timeout } : {}).toBe(true);
const gone = (locator: Locator) => expect.poll(() => locator.count()).toBe(0);
const sidebarTab = (page: Page, name: string) =>
  page.getByRole('tablist', { name: words.sidebarLabel }).getByRole('tab', { name });
const chatList = (page: Page) => page.locator('.chat-list');
const questionRow = (page: Page, text: string) => page.locator('li.question', { hasText: text });
/** A studio queue's entry (chat message, question, poll) holding `text`. */
const queued = (page: Page, text: string) => page.getByRole('listitem').filter({ hasText: text });

afterAll(() => encoder?.kill('SIGKILL'));

beforeAll(async () => {
  const { studio } = e2e;
  access = await organizerThroughApi(studio.url, organiser, 'Harbour Events');
  const me = ok(await api<{ organization: string }>('GET', '/core/user/me/'), 'me');
  // Staff (producers, coordinators) are offered where the organisation has event roles (002 §6).
  ok(await api('PATCH', `/core/organization/${me.organization}/`, { is_event_roles_enabled: true }), 'roles');
  const now = Date.now();
  eventId = ok(
    await api<{ id: string }>('POST', '/event/', {
      title: eventTitle,
      start_time: new Date(now - 600_000).toISOString(),
      end_time: new Date(now + 7_200_000).toISOString(),
      event_type: 'Conference',
    }),
    'event',
  ).id;
  // Moderated Q&A with anonymous questions (spec 002 §3.1 is_text_qna_moderated, anonymous_qna_enabled).
  ok(
    await api('PATCH', `/event/${eventId}/`, { is_text_qna_moderated: true, anonymous_qna_enabled: true }),
    'Q&A',
  );

  // The coordinator: a member of the organisation (Event Editor, the studio's moderation right)
  // and the event's staff as its Coordinator.
  const since = mailCount(studio);
  const member = ok(
    await api<{ id: string }>('POST', '/core/user/', {
      organization: me.organization,
      role: 'EVENT_EDITOR',
      ...coordinator,
    }),
    'coordinator',
  );
  const invitation = await waitForMail(studio, { to: coordinator.email, subject: INVITATION_SUBJECT, since });
  ok(
    await api('POST', '/event/staff/', {
      event: eventId,
      user: member.id,
      event_app_role: findRole('COORDINATOR')!.id,
    }),
    'staff',
  );
  coordinatorPage = await e2e.newPage({ timezoneId: 'UTC' });
  await logIn(coordinatorPage, coordinator.email, temporaryPasswordIn(invitation));
  await coordinatorPage.waitForURL((url) => url.pathname === '/auth/external');
  await coordinatorPage.getByLabel('New password', { exact: true }).fill('C0ra@Moderates');
  await coordinatorPage.getByLabel('Confirm new password').fill('C0ra@Moderates');
  await coordinatorPage.getByRole('button', { name: 'Submit' }).click();
  await coordinatorPage.waitForURL('**/home');

  organiserPage = e2e.page;
  grace = await e2e.newPage({ timezoneId: 'UTC' });
  alan = await e2e.newPage({ timezoneId: 'UTC' });
  if (shots) await mkdir(shots, { recursive: true });
});

describe('an event with its chat, Q&A and polls, moderated', () => {
  it('goes live: an encoder publishes to the session on now', async () => {
    const input = ok(
      await api<{ id: string; input_url: string }>('POST', '/event/rtmp_inputs/', {
        event: eventId,
        name: 'Harbour camera',
      }),
      'input',
    );
    encoder = publishTestPattern(input.input_url, 600);
    sessionId = ok(
      await api<{ id: string }>('POST', '/event/broadcasts/', {
        event: eventId,
        title: sessionTitle,
        broadcast_type: 'RTMP',
        rtmp_input: input.id,
        start_time: new Date(Date.now() - 60_000).toISOString(),
        end_time: new Date(Date.now() + 3_600_000).toISOString(),
      }),
      'session',
    ).id;
    // The session's survey (a copy of the library's) and a document, ready before anyone enters.
    const survey = ok(
      await api<{ id: string }>('POST', '/event/surveys/', {
        event: eventId,
        title: surveyTitle,
        questions: [
          { question_type: 'RATING', required: true, text: 'How was the keynote?' },
          { question_type: 'TEXT', text: 'What should we add?' },
        ],
      }),
      'survey',
    );
    ok(
      await api('POST', `/event/surveys/${survey.id}/duplicate/`, { broadcast: sessionId }),
      'session survey',
    );
    ok(
      await api('POST', `/event/broadcasts/${sessionId}/documents/`, {
        kind: 'link',
        title: 'Harbour map',
        url: 'https://example.com/harbour-map',
      }),
      'document',
    );
    await logInToHome(organiserPage, organiser.email, organiser.password);
    await organiserPage.goto(`/events/${eventId}/engagement`);
    // A studio page's first load on a machine shared by many runs can take long.
    await shows(organiserPage.getByRole('heading', { name: words.backstageTitle, exact: true }), 60_000);
    await coordinatorPage.goto(`/events/${eventId}/engagement`);
    await shows(coordinatorPage.getByRole('heading', { name: words.backstageTitle, exact: true }), 60_000);
  });

  it('two attendees register, enter with their magic links and watch the live session', async () => {
    const { studio } = e2e;
    for (const [index, page] of [grace, alan].entries()) {
      const person = attendees[index]!;
      await page.goto(`${studio.attendeeUrl}/e/${eventId}/register`);
      await page.getByLabel('First name').fill(person.first);
      await page.getByLabel('Last name').fill(person.last);
      await page.getByLabel('Email').fill(person.email);
      await page.getByRole('button', { name: 'Register' }).click();
      await shows(page.getByText(registrationOutcomeMessages.REGISTRATION));
      const link = ok(
        await api<{ url: string }>('GET', `/event/magic_link/?email=${person.email}&event_id=${eventId}`),
        'magic link',
      );
      await page.goto(link.url);
      await page.waitForURL(`**/e/${eventId}/live`);
      await page.getByRole('button', { name: eventAppMessages.techCheckStart }).click();
      await shows(page.getByText(techCheckOutcomeText.camera.passed));
      await page.getByRole('button', { name: eventAppMessages.techCheckContinue }).click();
      await shows(page.getByRole('heading', { name: sessionTitle }));
      await expect
        .poll(
          () =>
            page
              .locator('video[data-kind="live"]')
              .evaluate((video: HTMLVideoElement) => video.currentTime > 0)
              .catch(() => false),
          { timeout: 60_000, interval: 500 },
        )
        .toBe(true);
      // Marks the page: a reload would lose it (everything after arrives by push).
      await page.evaluate(() => Object.assign(window, { studioNoReload: true }));
      // The attendee pauses the player: what arrives by push from now on must leave it as it is.
      await page.locator('video[data-kind="live"]').evaluate((video: HTMLVideoElement) => video.pause());
    }
  });

  it('chat between the two, pushed to each', async () => {
    await grace.getByLabel(words.messageLabel).fill('Hello from Grace');
    await grace.getByRole('button', { name: words.send }).click();
    await shows(chatList(alan).getByText('Hello from Grace'));
    await alan.getByLabel(words.messageLabel).fill('Hi Grace, Alan here');
    await alan.getByRole('button', { name: words.send }).click();
    await shows(chatList(grace).getByText('Hi Grace, Alan here'));
    await grace.getByLabel(words.messageLabel).fill('Oops, wrong room');
    await grace.getByRole('button', { name: words.send }).click();
    await shows(chatList(alan).getByText('Oops, wrong room'));
  });

  it('the coordinator deletes a message: it leaves both attendees’ chat', async () => {
    await shows(queued(coordinatorPage, 'Oops, wrong room'));
    await queued(coordinatorPage, 'Oops, wrong room')
      .getByRole('button', { name: words.deleteMessage })
      .click();
    // Asked first: a deleted message cannot be brought back.
    const confirm = coordinatorPage.getByRole('dialog', { name: 'Are you sure?' });
    await shows(confirm.getByText(words.deleteMessageQuestion('Grace Hopper')));
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await shows(coordinatorPage.getByText(words.messageDeleted));
    await gone(chatList(alan).getByText('Oops, wrong room'));
    await gone(chatList(grace).getByText('Oops, wrong room'));
    await shows(chatList(alan).getByText('Hello from Grace'));
  });

  it('questions wait for approval (one anonymous), the coordinator approves them, an upvote is pushed', async () => {
    for (const page of [grace, alan]) await sidebarTab(page, words.qnaTab).click();
    await grace.getByLabel(words.askLabel).fill('Will the slides be shared?');
    await grace.getByLabel(words.anonymous).check();
    await grace.getByRole('button', { name: words.ask, exact: true }).click();
    await shows(questionRow(grace, 'Will the slides be shared?').getByText(words.awaitingApproval));
    await alan.getByLabel(words.askLabel).fill('How deep is the harbour?');
    await alan.getByRole('button', { name: words.ask, exact: true }).click();
    await shows(questionRow(alan, 'How deep is the harbour?').getByText(words.awaitingApproval));
    // Pending questions are their askers' own until approved.
    expect(await questionRow(alan, 'Will the slides be shared?').count()).toBe(0);
    expect(await questionRow(grace, 'How deep is the harbour?').count()).toBe(0);

    await coordinatorPage.getByRole('tab', { name: words.questionsQueue }).click();
    for (const text of ['Will the slides be shared?', 'How deep is the harbour?']) {
      await shows(queued(coordinatorPage, text));
      await queued(coordinatorPage, text).getByRole('button', { name: words.approve }).click();
    }
    // The anonymous asker's name never reaches the other attendee.
    await shows(questionRow(alan, 'Will the slides be shared?').getByText(words.anonymousName));
    await shows(
      questionRow(grace, 'How deep is the harbour?').getByText(`${attendees[1].first} ${attendees[1].last}`),
    );
    const harbour = 'How deep is the harbour?';
    await questionRow(grace, harbour)
      .getByRole('button', { name: words.upvoteQuestion(harbour, 0), pressed: false })
      .click();
    await shows(questionRow(alan, harbour).getByText('▲ 1'));
    await shows(
      questionRow(grace, harbour).getByRole('button', {
        name: words.upvoteQuestion(harbour, 1),
        pressed: true,
      }),
    );
  });

  it('the organiser launches a poll from the backstage; both attendees answer it', async () => {
    const question = 'Which harbour next year?';
    await organiserPage.getByRole('tab', { name: words.pollsQueue }).click();
    await organiserPage.getByLabel(words.pollSession, { exact: true }).first().click();
    await organiserPage.getByRole('option', { name: sessionTitle, exact: true }).click();
    await organiserPage.getByLabel(words.pollQuestion, { exact: true }).fill(question);
    await organiserPage.getByLabel(words.pollOption(1), { exact: true }).fill('Lisbon');
    await organiserPage.getByLabel(words.pollOption(2), { exact: true }).fill('Oslo');
    await organiserPage.getByLabel(words.showResults).first().check();
    await organiserPage.getByRole('button', { name: words.createPoll }).click();
    await organiserPage.getByRole('button', { name: `${words.launch}: ${question}` }).click();

    for (const page of [grace, alan]) {
      await sidebarTab(page, words.pollsTab).click();
      await shows(page.getByRole('group', { name: question }));
      await page.getByRole('radio', { name: 'Lisbon' }).check();
      await page.getByRole('button', { name: words.vote }).click();
      await shows(page.getByText(words.voted));
    }
    // Results shown to attendees who voted, and live in the backstage.
    await shows(grace.locator('.poll-results').getByText(words.votes(2)));
    await shows(queued(organiserPage, question).getByText(words.votes(2)));
  });

  it("an attendee opens the session's documents and answers its survey; the organiser reads and exports the answer", async () => {
    await sidebarTab(grace, words.docsTab).click();
    await shows(grace.getByRole('link', { name: words.openLink('Harbour map') }));
    await sidebarTab(grace, words.pollsTab).click();
    const rating = grace.getByRole('group', { name: 'How was the keynote?' });
    await shows(rating);
    await rating.getByRole('radio', { name: '4' }).check();
    await grace.getByLabel('What should we add?').fill('More <b>boats</b>');
    await grace.getByRole('button', { name: surveyAnswerMessages.submit }).click();
    await shows(grace.getByText(surveyAnswerMessages.thanks));

    await organiserPage.goto(`/events/${eventId}/programs/agenda?broadcastId=${sessionId}`);
    // A full load of a studio page (the session, user, event, agenda and the session's surveys read
    // one after another): as long as the backstage's first load may take on a shared machine, more
    // than a click's own 30 s.
    const answers = organiserPage.getByRole('button', {
      name: `Answers to survey ${surveyTitle} in this session`,
    });
    await shows(answers, 60_000);
    await answers.click();
    const table = organiserPage.getByRole('table', { name: `Answers to ${surveyTitle}` });
    await shows(table.getByText(`${attendees[0].first} ${attendees[0].last}`), 30_000);
    await shows(table.getByText('4/5'));
    await shows(table.getByText('More <b>boats</b>'));
    const [download] = await Promise.all([
      organiserPage.waitForEvent('download'),
      organiserPage.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = (await readFile(await download.path(), 'utf8')).trim().split(/\r?\n/);
    expect(csv[0]).toBe('Name,Session,Submitted at,How was the keynote?,What should we add?');
    expect(csv.slice(1)).toHaveLength(1);
    expect(csv[1]).toMatch(/^Grace Hopper,Harbour keynote,.+,4\/5,More <b>boats<\/b>$/);
  });

  it('nothing was reloaded, nor the paused players started again', async () => {
    for (const page of [grace, alan]) {
      expect(await page.evaluate(() => (window as { studioNoReload?: boolean }).studioNoReload)).toBe(true);
      const player = page.locator('video[data-kind="live"]');
      expect(await player.evaluate((video: HTMLVideoElement) => video.paused)).toBe(true);
    }
  });

  it('shows every sidebar tab in view beside the stage and on a phone, every tab of the app within the screen', async () => {
    const page = alan;
    const sidebar = page.getByRole('tablist', { name: words.sidebarLabel });
    /** Every sidebar tab lies within its bar: none waits past the edge to be scrolled to. */
    const sidebarTabsInView = () =>
      sidebar.evaluate((bar) => {
        const edge = bar.getBoundingClientRect();
        return Array.from(bar.children).every((tab) => {
          const box = tab.getBoundingClientRect();
          return box.left >= edge.left && box.right <= edge.right;
        });
      });
    // Beside the stage (the journey's desktop window) and under it on a phone.
    expect(await sidebarTabsInView()).toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    /** Neither the page nor any tab bar is wider than the screen (the bars scroll inside themselves). */
    const fits = () =>
      page.evaluate(() => {
        const width = window.innerWidth;
        const bars = Array.from(document.querySelectorAll('[role="tablist"]')).map((bar) =>
          bar.getBoundingClientRect(),
        );
        return (
          document.documentElement.scrollWidth <= width &&
          bars.every((bar) => bar.left >= 0 && bar.right <= width)
        );
      });
    const navigator = page.getByRole('tablist', { name: eventTitle });
    const tabs = await navigator.getByRole('tab').allInnerTexts();
    expect(tabs.length).toBeGreaterThan(3);
    for (const title of tabs) {
      await navigator.getByRole('tab', { name: title, exact: true }).click();
      await shoot(page, `tab-${title}`);
      expect(await fits()).toBe(true);
    }
    await navigator.getByRole('tab', { name: tabs[0]!, exact: true }).click();
    expect(await sidebarTabsInView()).toBe(true);
    // The chat's message box is on the phone's first screen, under the event's header and player.
    await sidebar.getByRole('tab', { name: words.chatTab }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    const messageBox = await page.getByRole('textbox', { name: words.messageLabel }).boundingBox();
    expect(messageBox!.y).toBeGreaterThanOrEqual(0);
    expect(messageBox!.y + messageBox!.height).toBeLessThanOrEqual(844);
    // So is the chat's newest message, above the composer that sticks to the screen's foot.
    const composer = await page.locator('.chat-channel > .composer').boundingBox();
    const newest = await chatList(page).locator('.chat-message').last().boundingBox();
    expect(newest!.y).toBeGreaterThanOrEqual(0);
    expect(newest!.y + newest!.height).toBeLessThanOrEqual(composer!.y + 1); // a pixel's rounding
    for (const title of await sidebar.getByRole('tab').allInnerTexts()) {
      const name = title.replace(/\d+$/, '').trim();
      await sidebar.getByRole('tab', { name }).click();
      await page.getByRole('tabpanel').last().scrollIntoViewIfNeeded();
      await shoot(page, `sidebar-${name}`);
      expect(await fits()).toBe(true);
    }
  });
});
