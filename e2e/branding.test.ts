import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Frame, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { journeyOrganiser, organizerThroughApi } from './support/api.ts';
import { logInToHome } from './support/sign-up.ts';
import { useStudioSession } from './support/studio-session.ts';

/**
 * Look and Feel (issue 18 "Tests that must exist") in Chromium against the built studio: an
 * organiser changes the button colour, a web font for the landing, an uploaded custom font for the
 * stage, the hero background type, the logo and the name card, and sees each change in the live
 * preview (the attendee origin in a frame) before saving; saves, reloads, finds them again and on
 * the public page; picks a filler slide once the server has made it a video; and an event starting
 * in 30 minutes shows its locked controls.
 */

const organiser = journeyOrganiser('Bea', 'Brand', 'branding-e2e.test');
const buttonColor = '#0b7a75';
const heroColor = '#1f2a44';
const webFont = { name: 'Lobster', url: 'https://fonts.example.test/css2?family=Lobster' };
const customFontName = 'Harbour Sans';
/** A TrueType font of the system's (fonts-liberation). */
const customFontFile = '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf';
const LOCKED = 'This setting cannot be changed less than one hour before the start of the event';
const SAVED = 'Branding updated successfully.';

const e2e = useStudioSession({ name: 'branding', context: { timezoneId: 'UTC' } });
let page: Page;
let access: string;
let eventId: string;
let logo: string;
let slide: string;
/** The uploaded logo's content URL. */
let logoUrl: string | null;

const api = <T>(method: string, apiPath: string, body?: unknown) => e2e.api<T>(method, apiPath, body, access);
const isoIn = (ms: number) => new Date(Date.now() + ms).toISOString();
const shows = (locator: Locator, timeout = 15_000) =>
  expect.poll(() => locator.isVisible(), { timeout }).toBe(true);

async function createEvent(title: string, startsIn: number): Promise<string> {
  const event = await api<{ id: string }>('POST', '/event/', {
    title,
    start_time: isoIn(startsIn),
    end_time: isoIn(startsIn + 7_200_000),
    event_type: 'Conference',
  });
  expect(event.status).toBe(201);
  return event.body.id;
}

/** Opens a module's panel by its title (exact: 'Logo' is also in 'Onstage images or logos'). */
const openModule = (title: string) => page.getByRole('button', { name: title, exact: true }).click();
/** Whether the option `option` of the radio group `group` is the one chosen. */
const radioChecked = (group: string, option: string) =>
  page.getByRole('radiogroup', { name: group }).getByRole('radio', { name: option }).isChecked();

/** Chooses a file through the file chooser a button opens. */
async function upload(button: Locator, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(file);
}

/** The live preview's document (the attendee origin, cross-origin), once it is there. */
async function previewFrame(): Promise<Frame | null> {
  const frame = await page.locator('iframe[title="Live preview"]').elementHandle({ timeout: 15_000 });
  return (await frame?.contentFrame()) ?? null;
}

/** What a branded attendee document shows: its CSS variables, web font links, faces and logo. */
interface Branded {
  variable(name: string): Promise<string>;
  fontLinks(): Promise<string[]>;
  fontFamilies(): Promise<string[]>;
  logo(): Promise<{ src: string | null; loaded: boolean } | null>;
  /** Whether the event's title shows (Header Settings). */
  titleShown(): Promise<boolean>;
}

const branded = (target: Page | Frame): Branded => ({
  variable: (name) =>
    target.evaluate(
      (property) => getComputedStyle(document.documentElement).getPropertyValue(property).trim(),
      name,
    ),
  fontLinks: () =>
    target.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'), (link) => link.href),
    ),
  fontFamilies: () =>
    target.evaluate(() => {
      const families: string[] = [];
      document.fonts.forEach((face) => families.push(face.family.replace(/^"|"$/g, '')));
      return families;
    }),
  logo: () =>
    target.evaluate(() => {
      const image = document.querySelector<HTMLImageElement>('img.event-logo');
      return image && { src: image.getAttribute('src'), loaded: image.complete && image.naturalWidth > 0 };
    }),
  titleShown: () =>
    target.evaluate(() => {
      const title = document.querySelector('.event-title');
      return title !== null && getComputedStyle(title).display !== 'none';
    }),
});

/** Polls what the preview shows, reading its frame afresh each time (it reloads when its page changes). */
const inPreview = <T>(read: (preview: Branded) => Promise<T>) =>
  expect.poll(
    async () => {
      const frame = await previewFrame();
      return frame ? read(branded(frame)).catch(() => undefined) : undefined;
    },
    { timeout: 15_000 },
  );

beforeAll(async () => {
  page = e2e.page;
  logo = path.join(e2e.dir, 'harbour-logo.png');
  const transparent = { r: 0, g: 0, b: 0, alpha: 0 };
  const mark = sharp({ create: { width: 240, height: 80, channels: 4, background: transparent } })
    .composite([
      {
        input: {
          create: { width: 80, height: 80, channels: 4, background: { r: 11, g: 122, b: 117, alpha: 1 } },
        },
      },
    ])
    .png();
  await writeFile(logo, await mark.toBuffer());
  slide = path.join(e2e.dir, 'harbour-slide.png');
  const still = sharp({
    create: { width: 1920, height: 1080, channels: 3, background: { r: 31, g: 42, b: 68 } },
  });
  await writeFile(slide, await still.png().toBuffer());
  access = await organizerThroughApi(e2e.studio.url, organiser, 'Harbour Brands');
  eventId = await createEvent('Harbour Brand Day', 3 * 86_400_000);
  await logInToHome(page, organiser.email, organiser.password);
});

describe("an event's look and feel", () => {
  it('shows each pending change in the live preview, without saving', async () => {
    await page.goto(`/events/${eventId}/look-and-feel`);
    await shows(page.getByRole('heading', { name: 'Look and Feel' }));

    // Button & Card Color is open first.
    await page.getByLabel('Button background color', { exact: true }).fill(buttonColor);
    await inPreview((preview) => preview.variable('--brand-button-background')).toBe(buttonColor);

    await openModule('Event Landing Font');
    await page.getByLabel('Font', { exact: true }).selectOption('Web Font');
    await page.getByLabel('Font name', { exact: true }).fill(webFont.name);
    await page.getByLabel('Font URL', { exact: true }).fill(webFont.url);
    await inPreview((preview) => preview.fontLinks()).toContain(webFont.url);
    await inPreview((preview) => preview.variable('--brand-landing-font')).toBe(
      `"${webFont.name}", system-ui, sans-serif`,
    );

    // The stage's font now differs from the landing's, so the two are not linked.
    await openModule('Stage Font');
    await expect
      .poll(() => page.getByRole('switch', { name: 'Use same font and color as event landing' }).isChecked())
      .toBe(false);
    await page.getByLabel('Font', { exact: true }).selectOption('Custom');
    await upload(page.getByRole('button', { name: 'Upload font file' }), customFontFile);
    await shows(page.getByRole('button', { name: 'Replace font file' }));
    await page.getByLabel('Font name', { exact: true }).fill(customFontName);
    await inPreview((preview) => preview.variable('--brand-stage-font')).toBe(
      `"${customFontName}", system-ui, sans-serif`,
    );
    await inPreview((preview) => preview.fontFamilies()).toContain(customFontName);

    await openModule('Hero Background');
    await page
      .getByRole('radiogroup', { name: 'Desktop background type' })
      .getByText('Solid Color', { exact: true })
      .click();
    await page.getByLabel('Desktop color', { exact: true }).fill(heroColor);
    await inPreview((preview) => preview.variable('--brand-hero-background')).toBe(heroColor);

    await openModule('Header Settings');
    await inPreview((preview) => preview.titleShown()).toBe(true);
    await page.getByRole('switch', { name: 'Show event title' }).uncheck();
    await inPreview((preview) => preview.titleShown()).toBe(false);

    await openModule('Logo');
    await upload(page.getByRole('button', { name: 'Upload', exact: true }), logo);
    const studioLogo = page.getByRole('img', { name: 'Logo', exact: true });
    await shows(studioLogo);
    logoUrl = await studioLogo.getAttribute('src');
    expect(logoUrl).toBeTruthy();
    await inPreview((preview) => preview.logo()).toEqual({ src: logoUrl, loaded: true });

    // The name card is on by default: off, then on again with rectangular corners.
    await openModule('Name Card');
    const nameCard = page.getByRole('switch', { name: 'Custom name card' });
    expect(await nameCard.isChecked()).toBe(true);
    await nameCard.uncheck();
    await inPreview((preview) => preview.variable('--brand-name-card-radius')).toBe('0px');
    await inPreview((preview) => preview.variable('--brand-name-card-title-display')).toBe('block');
    await nameCard.check();
    await page.getByRole('radiogroup', { name: 'Corners' }).getByText('Rectangular', { exact: true }).click();
    await inPreview((preview) => preview.variable('--brand-name-card-radius')).toBe('10px');
    await inPreview((preview) => preview.variable('--brand-name-card-title-display')).toBe('none');

    // Nothing is saved yet.
    const stored = await api<{ theme_secondary_color: string; logo_url: string | null }>(
      'GET',
      `/event/${eventId}/`,
    );
    expect(stored.body.theme_secondary_color).not.toBe(buttonColor);
    expect(stored.body.logo_url).toBeNull();
  });

  it('saves, keeps every change after a reload, and shows it on the public page', async () => {
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await shows(page.getByText(SAVED, { exact: true }).first());

    await page.reload();
    await shows(page.getByRole('heading', { name: 'Look and Feel' }));
    await openModule('Button & Card Color');
    expect(await page.getByLabel('Button background color', { exact: true }).inputValue()).toBe(buttonColor);
    await openModule('Event Landing Font');
    expect(await page.getByLabel('Font', { exact: true }).inputValue()).toBe('Web Font');
    expect(await page.getByLabel('Font name', { exact: true }).inputValue()).toBe(webFont.name);
    expect(await page.getByLabel('Font URL', { exact: true }).inputValue()).toBe(webFont.url);
    await openModule('Stage Font');
    expect(await page.getByLabel('Font', { exact: true }).inputValue()).toBe('Custom');
    expect(await page.getByLabel('Font name', { exact: true }).inputValue()).toBe(customFontName);
    await openModule('Hero Background');
    expect(await radioChecked('Desktop background type', 'Solid Color')).toBe(true);
    expect(await page.getByLabel('Desktop color', { exact: true }).inputValue()).toBe(heroColor);
    await openModule('Logo');
    expect(await page.getByRole('img', { name: 'Logo', exact: true }).getAttribute('src')).toBe(logoUrl);
    await openModule('Name Card');
    expect(await page.getByRole('switch', { name: 'Custom name card' }).isChecked()).toBe(true);
    expect(await radioChecked('Corners', 'Rectangular')).toBe(true);

    const attendee = await e2e.newPage();
    await attendee.goto(`${e2e.studio.attendeeUrl}/e/${eventId}`);
    const publicPage = branded(attendee);
    expect(await publicPage.variable('--brand-button-background')).toBe(buttonColor);
    expect(await publicPage.variable('--brand-hero-background')).toBe(heroColor);
    expect(await publicPage.variable('--brand-landing-font')).toBe(
      `"${webFont.name}", system-ui, sans-serif`,
    );
    expect(await publicPage.variable('--brand-stage-font')).toBe(
      `"${customFontName}", system-ui, sans-serif`,
    );
    expect(await publicPage.variable('--brand-name-card-radius')).toBe('10px');
    expect(await publicPage.titleShown()).toBe(false);
    expect(await publicPage.fontLinks()).toContain(webFont.url);
    await expect.poll(() => publicPage.fontFamilies()).toContain(customFontName);
    await expect.poll(() => publicPage.logo()).toEqual({ src: logoUrl, loaded: true });
    await attendee.context().close();
  });

  it('uploads a filler slide, waits until it is processed, and picks it', async () => {
    await openModule('Filler slide');
    await page.getByRole('button', { name: 'Select Filler Slide' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select Filler Slide' });
    await dialog.locator('input[type=file]').setInputFiles(slide);
    const row = dialog.getByLabel('harbour-slide', { exact: true });
    await shows(row.getByText('Processed', { exact: true }), 120_000);
    await row.getByRole('button', { name: 'Select', exact: true }).click();
    await shows(page.getByText(SAVED, { exact: true }).first());

    await page.reload();
    await shows(page.getByRole('heading', { name: 'Look and Feel' }));
    await openModule('Filler slide');
    await shows(page.getByTestId('chosen-filler-slide').getByText('harbour-slide', { exact: true }));
    const stored = await api<{ filler_slide: string | null }>('GET', `/event/${eventId}/`);
    expect(stored.body.filler_slide).not.toBeNull();
  });

  it('locks the early entry, the custom call to action and the filler slide 30 minutes before the start', async () => {
    const soonId = await createEvent('Harbour Soon', 30 * 60_000);
    await page.goto(`/events/${soonId}/look-and-feel`);
    await shows(page.getByRole('heading', { name: 'Look and Feel' }));

    await openModule('Enter Event Experience');
    const enterEvent = page.getByRole('switch', { name: 'Enter Event Button' });
    const customCta = page.getByRole('switch', { name: 'Custom call to action' });
    expect(await enterEvent.isDisabled()).toBe(true);
    expect(await customCta.isDisabled()).toBe(true);
    // Controls not locked stay enabled.
    expect(await page.getByRole('switch', { name: 'Attendee Tech Check' }).isDisabled()).toBe(false);
    // The disabled switch takes no pointer events of its own: the pointer over it shows the tooltip.
    await enterEvent.hover({ force: true });
    await shows(page.getByText(LOCKED, { exact: true }));

    await openModule('Filler slide');
    expect(await page.getByRole('button', { name: 'Select Filler Slide' }).isDisabled()).toBe(true);
  });
});
