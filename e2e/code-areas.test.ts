import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { codeAreaMessages } from '@studio/domain';
import { conferenceDay, journeyOrganiser } from './support/api.ts';
import { organizerWithEventAtHome } from './support/sign-up.ts';
import { generousAuthLimits, useStudioSession } from './support/studio-session.ts';

/**
 * Custom code runs only on the attendee origin (issue 17 §4, ARCHITECTURE §1): an organiser saves
 * a Head script in the studio's editor; the event's public registration page runs it, and no
 * studio page the organiser visits does.
 */

const organiser = journeyOrganiser('Cora', 'Code', 'code-areas-e2e.test');
const HEAD_SCRIPT = '<script>window.__headMark = 1;</script>';

const e2e = useStudioSession({
  name: 'code-areas',
  env: generousAuthLimits,
  context: { timezoneId: 'UTC' },
});
let eventId: string;

const headMark = (on: Page) => on.evaluate(() => (window as { __headMark?: number }).__headMark);

beforeAll(async () => {
  ({ eventId } = await organizerWithEventAtHome(
    e2e,
    organiser,
    'Code Harbour',
    conferenceDay('Coded Summit', 'Virtual'),
  ));
});

describe('custom code areas, on the attendee origin only', () => {
  it('runs a saved Head script on the public registration page and on no studio page', async () => {
    const { page, studio } = e2e;
    const editorPath = `/events/${eventId}/registration-new/tracking-pixels`;
    await page.goto(editorPath);
    await page.getByRole('button', { name: 'Edit Head' }).click();
    const editor = page.getByRole('textbox', { name: codeAreaMessages.editorLabel('Head') });
    await editor.click();
    // The stored code goes on the second line, between the read-only <head> and </head>.
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.insertText(HEAD_SCRIPT);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText(codeAreaMessages.saved('Head')).first().isVisible()).toBe(true);

    // The public registration page on the attendee origin runs it.
    const visitor = await page.context().newPage();
    await visitor.goto(`${studio.attendeeUrl}/e/${eventId}/register`);
    expect(await headMark(visitor)).toBe(1);
    await visitor.close();

    // Every studio page visited (its editor included) leaves it undefined.
    for (const studioPath of [editorPath, `/events/${eventId}/dashboard`, '/events', '/home']) {
      await page.goto(studioPath);
      await page.waitForLoadState('networkidle');
      expect(await headMark(page), studioPath).toBeUndefined();
    }
  });
});
