import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { filesMessages, UPLOAD_PRESETS, type SignedUrlResponse } from '@studio/domain';
import { startLocalS3 } from '../../platform/storage/s3rver.fixtures.ts';
import { createObjectStore } from '../../platform/storage/storage.ts';
import { caller, newEvent } from '../back-office/back-office.fixtures.ts';
import { png, ttf } from './files.fixtures.ts';
import { fileStudio, fileTempDir, madeBeforeAll } from '../../../test/file-studio.ts';
import { bearer, createTestStudio, newOrganization, tempDir } from '../../../test/harness.ts';
import { newApiToken, newAutomationAdmin } from '../access/access.fixtures.ts';

const MAX_BYTES = 300_000;
const data = fileTempDir('studio-files-');
const studio = fileStudio(() => ({
  publicUrl: 'http://studio.test',
  dataDir: data.path,
  role: 'api',
  files: { maxBytes: MAX_BYTES, signedUrlTtlSeconds: 600 },
}));
const admin = madeBeforeAll(() => newOrganization(studio.app, 'Acme'));
const other = madeBeforeAll(() => newOrganization(studio.app, 'Globex'));
const event = madeBeforeAll(() =>
  newEvent(caller(studio, admin.access), {
    title: 'Acme Summit',
    start: '2031-06-01T09:00:00Z',
    end: '2031-06-01T10:00:00Z',
  }),
);
afterEach(() => vi.restoreAllMocks());

async function signedUrl(body: Record<string, unknown>, access = admin.access) {
  const response = await studio.app.inject({
    method: 'POST',
    url: '/api/core/files/signed_url/',
    headers: bearer(access),
    payload: body,
  });
  return response;
}

async function ticket(key: string, preset?: string, fileType = 'image/png'): Promise<SignedUrlResponse> {
  const response = await signedUrl({ key, file_type: fileType, ...(preset ? { preset } : {}) });
  expect(response.statusCode).toBe(200);
  return response.json<SignedUrlResponse>();
}

const put = (url: string, bytes: Buffer, headers: Record<string, string> = {}) =>
  studio.app.inject({
    method: 'PUT',
    url: url.replace('http://studio.test', ''),
    headers: { 'content-type': 'image/png', ...headers },
    payload: bytes,
  });
const get = (contentUrl: string) =>
  studio.app.inject({ method: 'GET', url: contentUrl.replace('http://studio.test', '') });

/** Nothing is served under the key a refused upload was meant for. */
async function expectNothingStored(contentUrl: string) {
  expect((await get(contentUrl)).statusCode).toBe(404);
}

describe('general file upload through a signed URL (spec 001 §7, issue 11)', () => {
  it('signs a session a root-relative upload URL (any studio address) and an API token an absolute PUBLIC_URL one', async () => {
    const owner = await newAutomationAdmin(studio, 'Signed URLs');
    const token = await newApiToken(studio, owner.access);
    const request = { key: 'organization/logo.png', file_type: 'image/png' };
    const bySession = (await signedUrl(request, owner.access)).json<SignedUrlResponse>();
    expect(bySession.url.startsWith('/api/files/upload/?')).toBe(true);
    const byToken = await signedUrl(request, token.token);
    expect(byToken.statusCode, byToken.body).toBe(200);
    expect(byToken.json<SignedUrlResponse>().url.startsWith('http://studio.test/api/files/upload/?')).toBe(
      true,
    );
    expect((await put(bySession.url, await png(100, 100))).statusCode).toBe(201);
  });

  it('stores an image under the organisation and serves it, and its resized copy, with its content type', async () => {
    const issued = await ticket(`events/${event.id}/hero image.png`.replace(' ', '_'), 'wide');
    expect(issued.key).toMatch(
      new RegExp(`^files/${admin.organization.id}/events/${event.id}/[0-9a-f]{16}/hero_image\\.png$`),
    );
    const image = await png(1920, 1080);
    const stored = await put(issued.url, image);
    expect(stored.statusCode).toBe(201);
    expect(stored.json()).toEqual({ key: issued.key, content_url: issued.content_url });

    const served = await get(issued.content_url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(image)).toBe(true);

    const small = await get(`${issued.content_url}?w=640`);
    expect(small.headers['content-type']).toBe('image/png');
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ width: 640, height: 360 });
  });

  it('answers a content path with no host, which an event’s branding keeps as it is', async () => {
    const issued = await ticket(`events/${event.id}/logo.png`);
    expect(issued.content_url).toBe(`/api/${issued.key}`);
    expect((await put(issued.url, await png(100, 100))).statusCode).toBe(201);
    const api = caller(studio, admin.access);
    const patched = await api.patch<{ logo_url: string }>(`/api/event/${event.id}/`, {
      logo_url: issued.content_url,
    });
    expect(patched.status).toBe(200);
    expect(patched.body.logo_url).toBe(issued.content_url);
    expect((await studio.attendeeSite.inject({ method: 'GET', url: issued.content_url })).statusCode).toBe(
      200,
    );
  });

  it('keeps social thumbnails and organisation files on paths of their own', async () => {
    expect((await ticket('social-thumbnails/card.png', 'socialThumbnail')).key).toMatch(
      new RegExp(`^files/${admin.organization.id}/social-thumbnails/[0-9a-f]{16}/card\\.png$`),
    );
    expect((await ticket('organization/logo.png', 'logo')).key).toMatch(
      /\/organization\/[0-9a-f]{16}\/logo\.png$/,
    );
  });

  it('accepts a font where fonts are asked for, and refuses it as an image', async () => {
    const issued = await ticket('organization/brand.ttf', 'font', 'font/ttf');
    expect((await put(issued.url, ttf())).statusCode).toBe(201);
    expect((await get(issued.content_url)).headers['content-type']).toBe('font/ttf');

    const asImage = await ticket('organization/brand.ttf', 'image', 'font/ttf');
    const refused = await put(asImage.url, ttf());
    expect(refused.statusCode).toBe(415);
    expect(refused.json<{ message: string }>().message).toBe(filesMessages.notAccepted);
    await expectNothingStored(asImage.content_url);
  });

  it("accepts a session document's PDF up to its end marker; refuses bytes after it, and a PDF as an image", async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
    const issued = await ticket(`events/${event.id}/agenda.pdf`, 'document', 'application/pdf');
    expect((await put(issued.url, pdf)).statusCode).toBe(201);
    expect((await get(issued.content_url)).headers['content-type']).toBe('application/pdf');

    const polyglot = await ticket(`events/${event.id}/page.pdf`, 'document', 'application/pdf');
    const trailing = await put(polyglot.url, Buffer.concat([pdf, Buffer.from('<html><script>x</script>')]));
    expect(trailing.statusCode).toBe(422);
    await expectNothingStored(polyglot.content_url);
    const asImage = await ticket(`events/${event.id}/agenda.pdf`, 'image', 'application/pdf');
    expect((await put(asImage.url, pdf)).statusCode).toBe(415);
  });

  it('reads the bytes whatever Content-Type the PUT sends, or none', async () => {
    for (const headers of [{}, { 'content-type': 'application/json' }]) {
      const issued = await ticket('organization/any.png');
      const response = await studio.app.inject({
        method: 'PUT',
        url: issued.url.replace('http://studio.test', ''),
        headers,
        payload: await png(50, 50),
      });
      expect(response.statusCode).toBe(201);
    }
  });

  it('refuses a URL after it expires', async () => {
    const issued = await ticket('organization/late.png');
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 601_000);
    const response = await put(issued.url, await png(100, 100));
    expect(response.statusCode).toBe(403);
    expect(response.json<{ message: string }>().message).toBe(filesMessages.linkInvalid);
    vi.restoreAllMocks();
    await expectNothingStored(issued.content_url);
  });

  it('refuses a URL replayed for another key, or used twice', async () => {
    const issued = await ticket('organization/first.png');
    const url = new URL(issued.url, 'http://studio.test');
    const otherKey = issued.key.replace('first.png', 'second.png');
    url.searchParams.set('key', otherKey);
    expect((await put(url.toString(), await png(100, 100))).statusCode).toBe(403);
    await expectNothingStored(issued.content_url.replace('first.png', 'second.png'));

    expect((await put(issued.url, await png(100, 100))).statusCode).toBe(201);
    const again = await put(issued.url, await png(200, 100));
    expect(again.statusCode).toBe(409);
  });

  it('answers 404 for an event of another organisation, or no event, named in the key', async () => {
    const key = `events/${event.id}/x.png`;
    expect((await signedUrl({ key, file_type: 'image/png' }, other.access)).statusCode).toBe(404);
    expect((await signedUrl({ key, file_type: 'image/png' })).statusCode).toBe(200);
    const missing = `events/00000000-0000-4000-8000-000000000000/x.png`;
    expect((await signedUrl({ key: missing, file_type: 'image/png' })).statusCode).toBe(404);
  });

  it("never writes under another organisation's key", async () => {
    const key = `files/${other.organization.id}/organization/x.png`;
    expect((await signedUrl({ key, file_type: 'image/png' })).statusCode).toBe(400);

    const issued = await ticket('organization/mine.png');
    const moved = new URL(issued.url, 'http://studio.test');
    moved.searchParams.set('key', issued.key.replace(admin.organization.id, other.organization.id));
    moved.searchParams.set('organization', other.organization.id);
    expect((await put(moved.toString(), await png(100, 100))).statusCode).toBe(403);

    const byOther = await put(issued.url, await png(100, 100), bearer(other.access));
    expect(byOther.statusCode).toBe(403);
    await expectNothingStored(issued.content_url);
  });

  it('refuses an SVG renamed .png, by its content', async () => {
    const issued = await ticket('organization/logo.png');
    const svg = Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const response = await put(issued.url, svg);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ message: 'SVG files are not allowed.', code: 'SVG_NOT_ALLOWED' });
    await expectNothingStored(issued.content_url);
  });

  it('refuses an image whose content does not match its name', async () => {
    const issued = await ticket('organization/photo.jpg');
    expect((await put(issued.url, await png(100, 100))).statusCode).toBe(415);
    for (const progressive of [false, true]) {
      const named = await ticket('organization/photo.jpg');
      const jpeg = await sharp(await png(300, 200))
        .jpeg({ progressive })
        .toBuffer();
      expect((await put(named.url, jpeg)).statusCode).toBe(201);
      expect((await get(named.content_url)).headers['content-type']).toBe('image/jpeg');
    }
  });

  it('refuses an image over the ratio rule or the size limit with the configured message', async () => {
    const slide = await ticket('organization/slide.png', 'fillerSlide');
    const square = await put(slide.url, await png(1000, 1000));
    expect(square.statusCode).toBe(400);
    expect(square.json()).toMatchObject({
      message: UPLOAD_PRESETS.fillerSlide.image.message,
      errors: { file: [UPLOAD_PRESETS.fillerSlide.image.message] },
    });
    await expectNothingStored(slide.content_url);

    const favicon = await ticket('organization/favicon.png', 'favicon');
    expect((await put(favicon.url, await png(64, 64))).statusCode).toBe(400);

    const big = await ticket('organization/big.png');
    const noise = await sharp(
      Buffer.from(Array.from({ length: 400 * 400 * 3 }, (_, i) => (i * 7919) % 251)),
      {
        raw: { width: 400, height: 400, channels: 3 },
      },
    )
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(MAX_BYTES);
    const tooLarge = await put(big.url, noise);
    expect(tooLarge.statusCode).toBe(413);
    await expectNothingStored(big.content_url);
  });

  it('refuses polyglots: bytes after the image ends (an HTML page, a zip)', async () => {
    const html = await ticket('organization/page.png');
    const withPage = Buffer.concat([
      await png(100, 100),
      Buffer.from('<html><script>alert(document.cookie)</script>'),
    ]);
    const refused = await put(html.url, withPage);
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toBe(filesMessages.trailingData);
    await expectNothingStored(html.content_url);

    const gifar = await ticket('organization/photo.jpg');
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ff0000' } })
      .jpeg()
      .toBuffer();
    const zip = Buffer.from('504b0304140000000000000000000000000000000000000000000000000000', 'hex');
    expect((await put(gifar.url, Buffer.concat([jpeg, zip]))).statusCode).toBe(422);
    await expectNothingStored(gifar.content_url);
  });

  it('answers 404, not 500, for a path no file can have: a name too long, a folder inside a file', async () => {
    const issued = await ticket(`events/${event.id}/badge.png`);
    expect((await put(issued.url, await png(100, 100))).statusCode).toBe(201);
    for (const path of [
      `/api/files/${'a'.repeat(300)}.png`,
      `${issued.content_url}/inside.png`,
      `/api/files/${'a/'.repeat(600)}x.png`,
    ])
      for (const site of [studio.app, studio.attendeeSite]) {
        const answer = await site.inject({ method: 'GET', url: path });
        expect(answer.statusCode, path).toBe(404);
        expect(answer.json<{ code: string }>().code).toBe('NOT_FOUND');
      }
  });

  it('refuses a bad key and answers nothing to a caller without an organisation', async () => {
    expect((await signedUrl({ key: '../etc/passwd', file_type: 'image/png' })).statusCode).toBe(400);
    expect((await signedUrl({ key: 'events/not-an-id/x.png', file_type: 'image/png' })).statusCode).toBe(400);
    const anonymous = await studio.app.inject({
      method: 'POST',
      url: '/api/core/files/signed_url/',
      payload: { key: 'organization/x.png', file_type: 'image/png' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('with S3 storage', () => {
  it('stores in the bucket only what passed the checks, and serves it from the content URL', async () => {
    const s3 = await startLocalS3();
    const bucketData = await tempDir('studio-files-s3-');
    const bucketStudio = await createTestStudio({
      publicUrl: 'http://studio.test',
      dataDir: bucketData.path,
      role: 'api',
      s3: s3.settings,
    });
    const bucket = createObjectStore({ dataDir: bucketData.path, s3: s3.settings });
    try {
      const owner = await newOrganization(bucketStudio.app);
      const sign = async (key: string) => {
        const response = await bucketStudio.app.inject({
          method: 'POST',
          url: '/api/core/files/signed_url/',
          headers: bearer(owner.access),
          payload: { key, file_type: 'image/png' },
        });
        return response.json<SignedUrlResponse>();
      };
      const send = (url: string, bytes: Buffer) =>
        bucketStudio.app.inject({
          method: 'PUT',
          url: url.replace('http://studio.test', ''),
          payload: bytes,
        });

      const svg = await sign('organization/logo.png');
      expect((await send(svg.url, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).statusCode).toBe(
        415,
      );
      expect(await bucket.list(`files/${owner.organization.id}/`)).toEqual([]);

      const image = await sign('organization/logo.png');
      const bytes = await png(800, 600);
      expect((await send(image.url, bytes)).statusCode).toBe(201);
      expect((await bucket.list(`files/${owner.organization.id}/`)).map((object) => object.key)).toEqual([
        image.key,
      ]);
      const served = await bucketStudio.app.inject({
        method: 'GET',
        url: image.content_url.replace('http://studio.test', ''),
      });
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(bytes)).toBe(true);
    } finally {
      await bucket.close();
      await bucketStudio.close();
      await bucketData.remove();
      await s3.stop();
    }
  });
});
