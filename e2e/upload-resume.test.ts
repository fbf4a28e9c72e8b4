import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { CDPSession } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeLargeTestClip } from './support/media.ts';
import { signUpWithOrganization } from './support/sign-up.ts';
import { useStudioSession } from './support/studio-session.ts';
import { chooseVideoToUpload, uploadDone } from './support/studio-steps.ts';

/**
 * Issue 6: a video upload resumes after a page reload. The upload is slowed down (Chromium's
 * network emulation), the page is reloaded half-way, the same file is chosen again, and the upload
 * goes on from where the server stopped — no second upload, no byte sent twice — to a Completed video.
 */

const person = {
  firstName: 'Remy',
  lastName: 'Resume',
  email: 'remy@resume.test',
  password: 'Res1me@Uploads',
};

const e2e = useStudioSession({ name: 'resume' });
let clip: string;
let network: CDPSession;

interface UploadRequest {
  method: string;
  url: string;
  offset: string | undefined;
}
/** Every tus request the page made, and the offsets the server answered to HEAD. */
const uploadRequests: UploadRequest[] = [];
const headOffsets: number[] = [];

const uploadsDir = () => path.join(e2e.dataDir, 'media', 'uploads');
/** The bytes the server holds for the (only) upload: its file, as tus's file store keeps it. */
async function storedUpload(): Promise<{ file: string; size: number } | undefined> {
  const names = (await readdir(uploadsDir()).catch(() => [] as string[])).filter((name) =>
    /^[0-9a-f]{32}$/.test(name),
  );
  if (names.length !== 1) return undefined;
  const file = path.join(uploadsDir(), names[0]!);
  return { file, size: (await stat(file)).size };
}

const throttle = (bytesPerSecond: number) =>
  network.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });

beforeAll(async () => {
  clip = path.join(e2e.dir, 'long-keynote.mp4');
  await makeLargeTestClip(clip, 3);
  const { page } = e2e;
  network = await page.context().newCDPSession(page);
  await network.send('Network.enable');
  page.on('request', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/uploads/') || request.method() === 'OPTIONS')
      return;
    const headers = request.headers();
    uploadRequests.push({ method: request.method(), url: request.url(), offset: headers['upload-offset'] });
  });
  page.on('response', (response) => {
    if (
      response.request().method() === 'HEAD' &&
      new URL(response.url()).pathname.startsWith('/api/uploads/')
    ) {
      headOffsets.push(Number(response.headers()['upload-offset']));
    }
  });
});

const chooseClip = () => chooseVideoToUpload(e2e.page, clip);

describe('a video upload interrupted by a page reload', () => {
  it('signs up and opens the video library', async () => {
    const { page } = e2e;
    await signUpWithOrganization(page, person, 'Resume Works');
    await page.getByRole('link', { name: 'Video Library' }).click();
    await page.waitForURL((url) => url.pathname === '/videos');
    await page.getByRole('button', { name: 'Upload Video' }).first().waitFor();
  });

  it('resumes from where the server stopped when the same file is chosen after a reload', async () => {
    const { page } = e2e;
    const original = await readFile(clip);
    // ~8 MB at 1 MB/s: several seconds on the way.
    await throttle(1024 * 1024);
    await chooseClip();
    await expect
      .poll(async () => (await storedUpload())?.size ?? 0, { timeout: 30_000, interval: 100 })
      .toBeGreaterThan(original.length / 5);
    expect((await storedUpload())!.size).toBeLessThan(original.length);

    await page.reload();
    await page.getByRole('button', { name: 'Upload Video' }).first().waitFor();
    // What the server kept of the interrupted request (it may still be landing its last bytes).
    let kept = -1;
    await expect
      .poll(
        async () => {
          const now = (await storedUpload())!.size;
          const settled = now === kept;
          kept = now;
          return settled;
        },
        { timeout: 10_000, interval: 300 },
      )
      .toBe(true);
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(original.length);
    const before = uploadRequests.length;

    await throttle(-1);
    const dialog = await chooseClip();
    await uploadDone(dialog, clip, 60_000);

    const after = uploadRequests.slice(before);
    // One upload, created once, before the reload; afterwards it is only asked where it stands and continued.
    expect(uploadRequests.filter((request) => request.method === 'POST')).toHaveLength(1);
    expect(after.map((request) => request.method)).toEqual(['HEAD', 'PATCH']);
    const uploadUrl = uploadRequests.find((request) => request.method === 'PATCH')?.url;
    expect(after.every((request) => request.url === uploadUrl)).toBe(true);
    expect(headOffsets.at(-1)).toBe(kept);
    expect(after[1]!.offset).toBe(String(kept));
    // The server's copy is the file, byte for byte.
    expect((await readFile((await storedUpload())!.file)).equals(original)).toBe(true);

    await dialog.getByRole('button', { name: 'Close dialog' }).click();
    const row = page.locator('tr.studio-video-row', { hasText: 'long-keynote' });
    await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect
      .poll(() => row.getByTestId('video-status').textContent(), { timeout: 90_000 })
      .toBe('Completed');
  });
});
