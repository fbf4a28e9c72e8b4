import { beforeAll, describe, expect, it } from 'vitest';
import type { VideoAsset } from '@studio/domain';
import { bearer } from '../../../test/harness.ts';
import { createHlsGuard, rewritePlaylist } from './playback.ts';
import { clip, fileMediaAdmins, newVideoAsset, transcode, waitForStatus } from './video-library.fixtures.ts';

describe('guard codes and playlists', () => {
  it('issues codes that open one asset of one organisation until they expire', () => {
    let now = Date.UTC(2026, 10, 22);
    const guard = createHlsGuard('secret', 3600, () => now);
    const scope = { organizationId: 'org-a', assetId: 'asset-1' };
    const code = guard.issue(scope);
    expect(guard.verify(scope, code)).toBe(true);
    expect(guard.verify({ ...scope, organizationId: 'org-b' }, code)).toBe(false);
    expect(guard.verify({ ...scope, assetId: 'asset-2' }, code)).toBe(false);
    expect(guard.verify(scope, undefined)).toBe(false);
    expect(guard.verify(scope, `${code.split('.')[0]}.forged`)).toBe(false);
    expect(createHlsGuard('other secret', 3600, () => now).verify(scope, code)).toBe(false);
    now += 3 * 3600_000;
    expect(guard.verify(scope, code)).toBe(false);
  });

  it('reads the expiry strictly: digits only, as issued', () => {
    const guard = createHlsGuard('secret', 3600, () => Date.UTC(2026, 10, 22));
    const scope = { organizationId: 'org-a', assetId: 'asset-1' };
    const code = guard.issue(scope);
    const [expires, signature] = code.split('.') as [string, string];
    expect(guard.verify(scope, `${expires}.${signature}`)).toBe(true);
    // Each names the same number, so the signature would match: only the form is wrong.
    for (const form of [
      `+${expires}`,
      `0x${Number(expires).toString(16)}`,
      `${expires}e0`,
      `${Number(expires) / 10}e1`,
      ` ${expires}`,
      `${expires} `,
      `0${expires}`,
      `${expires}.0`,
      `${expires}.`,
    ])
      expect(guard.verify(scope, `${form}.${signature}`), form).toBe(false);
    expect(guard.verify(scope, `${code}.extra`)).toBe(false);
    expect(guard.verify(scope, `${code}=`)).toBe(false);
    expect(guard.verify(scope, '')).toBe(false);
  });

  it('adds the guard query to every URI of a playlist', () => {
    const playlist =
      '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:4,\nsegment-00000.ts\n#EXT-X-STREAM-INF:BANDWIDTH=1\n../remux-a/source/index.m3u8?x=1\nhttps://cdn.example/abs.ts\n';
    expect(rewritePlaylist(playlist, 'org_id=o&code=c')).toBe(
      '#EXTM3U\n#EXT-X-MAP:URI="init.mp4?org_id=o&code=c"\n#EXTINF:4,\nsegment-00000.ts?org_id=o&code=c\n#EXT-X-STREAM-INF:BANDWIDTH=1\n../remux-a/source/index.m3u8?x=1&org_id=o&code=c\nhttps://cdn.example/abs.ts\n',
    );
  });
});

describe('HLS guard', () => {
  const { studio, admin: owner, other } = fileMediaAdmins({}, 'Other');
  let asset: VideoAsset;
  let otherAsset: VideoAsset;

  beforeAll(async () => {
    asset = await newVideoAsset(studio, owner, await clip('h264-aac.mp4'));
    otherAsset = await newVideoAsset(studio, other, await clip('h264-aac.mp4'));
    for (const [session, id] of [
      [owner, asset.id],
      [other, otherAsset.id],
    ] as const)
      await transcode(studio, session.access, id);
    asset = await waitForStatus(studio, owner.access, asset.id);
    otherAsset = await waitForStatus(studio, other.access, otherAsset.id);
  });

  const fetchMedia = (url: string, headers: Record<string, string> = {}) =>
    studio.app.inject({ method: 'GET', url: url.replace('http://studio.test', ''), headers });
  const withoutQuery = (url: string) => url.split('?')[0]!;
  const guardOn = (organizationId: string, on: boolean) =>
    studio.database.db
      .updateTable('organizations')
      .set({ hls_guard_enabled: on })
      .where('id', '=', organizationId)
      .execute();
  const fresh = async (session: { access: string }, id: string) =>
    (
      await studio.app.inject({
        method: 'GET',
        url: `/api/core/video_assets/${id}/`,
        headers: bearer(session.access),
      })
    ).json<VideoAsset>();

  it('serves playlists, segments, the mp4 (with ranges) and the thumbnail as they are while the guard is off', async () => {
    expect(asset.urls.hls).not.toContain('code=');
    const master = await fetchMedia(asset.urls.hls!);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    const range = await fetchMedia(asset.urls.mp4!, { range: 'bytes=0-99' });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    expect(range.rawPayload.length).toBe(100);
    expect((await fetchMedia(asset.urls.mp4!, { range: 'bytes=999999999-' })).statusCode).toBe(416);
    expect((await fetchMedia(asset.urls.thumbnail!)).headers['content-type']).toBe('image/jpeg');
    expect((await fetchMedia(`/api/media/videos/${asset.id}/../../etc/passwd`)).statusCode).toBe(404);
    expect((await fetchMedia(`/api/media/videos/${asset.id}/nothing.ts`)).statusCode).toBe(404);
  });

  /** The answer a range form must get from an object of `size` bytes: [status, content-range, bytes]. */
  type Expected = (size: number) => [number, string | undefined, number];
  const partial =
    (start: (size: number) => number, end: (size: number) => number): Expected =>
    (size) => [206, `bytes ${start(size)}-${end(size)}/${size}`, end(size) - start(size) + 1];
  const whole: Expected = (size) => [200, undefined, size];
  const refused: Expected = (size) => [416, `bytes */${size}`, 0];
  const rangeForms: [string, (size: number) => string, Expected][] = [
    [
      'a first and last byte',
      () => 'bytes=0-99',
      partial(
        () => 0,
        () => 99,
      ),
    ],
    [
      'one byte',
      () => 'bytes=0-0',
      partial(
        () => 0,
        () => 0,
      ),
    ],
    [
      'an open end',
      () => 'bytes=100-',
      partial(
        () => 100,
        (size) => size - 1,
      ),
    ],
    [
      'a last byte past the end',
      (size) => `bytes=10-${size * 10}`,
      partial(
        () => 10,
        (size) => size - 1,
      ),
    ],
    [
      'a suffix',
      () => 'bytes=-100',
      partial(
        (size) => size - 100,
        (size) => size - 1,
      ),
    ],
    [
      'a suffix longer than the file',
      (size) => `bytes=-${size + 10}`,
      partial(
        () => 0,
        (size) => size - 1,
      ),
    ],
    [
      'the unit in capitals',
      () => 'Bytes=0-1',
      partial(
        () => 0,
        () => 1,
      ),
    ],
    ['an empty suffix', () => 'bytes=-0', refused],
    ['a start past the end', (size) => `bytes=${size}-`, refused],
    ['several ranges (ignored)', () => 'bytes=0-1,5-6', whole],
    ['another unit (ignored)', () => 'items=0-1', whole],
  ];
  const malformed = [
    'bytes=99-10',
    'bytes=-',
    'bytes=abc',
    'bytes=+1-2',
    'bytes=0x10-',
    'bytes=1e2-',
    'nonsense',
  ];

  it.each(rangeForms)(
    'answers %s on the mp4 and an instant segment as RFC 9110 says',
    async (_name, form, expected) => {
      const master = await fetchMedia(asset.urls.hls!);
      const variantUrl = new URL(
        master.body.split('\n').find((line) => line.endsWith('.m3u8'))!,
        new URL(asset.urls.hls!, studio.publicUrl),
      );
      const variant = await fetchMedia(variantUrl.toString());
      const segment = variant.body.split('\n').find((line) => line && !line.startsWith('#'))!;
      for (const url of [asset.urls.mp4!, new URL(segment, variantUrl).toString()]) {
        const size = (await fetchMedia(url)).rawPayload.length;
        const answer = await fetchMedia(url, { range: form(size) });
        const [status, contentRange, length] = expected(size);
        expect([answer.statusCode, answer.headers['content-range']], url).toEqual([status, contentRange]);
        if (status !== 416) expect(answer.rawPayload.length).toBe(length);
      }
    },
  );

  it.each(malformed)('refuses the malformed range %s with 416', async (form) => {
    expect((await fetchMedia(asset.urls.mp4!, { range: form })).statusCode).toBe(416);
  });

  it('sends the whole file for a download, whatever range is asked', async () => {
    const url = `/api/core/video_assets/${asset.id}/download/`;
    const size = (await fetchMedia(asset.urls.mp4!)).rawPayload.length;
    for (const [, form] of rangeForms) {
      const answer = await studio.app.inject({
        method: 'GET',
        url,
        headers: { ...bearer(owner.access), range: form(size) },
      });
      expect([answer.statusCode, answer.rawPayload.length], form(size)).toEqual([200, size]);
    }
    for (const form of malformed) {
      const answer = await studio.app.inject({
        method: 'GET',
        url,
        headers: { ...bearer(owner.access), range: form },
      });
      expect(answer.statusCode, form).toBe(200);
    }
  });

  it('needs org_id and a code for every playlist and segment once the guard is on, rewritten into child playlists', async () => {
    await guardOn(owner.organization.id, true);
    try {
      const guarded = await fresh(owner, asset.id);
      const url = new URL(guarded.urls.hls!, studio.publicUrl);
      expect(url.searchParams.get('org_id')).toBe(owner.organization.id);
      expect(url.searchParams.get('code')).toMatch(/^\d+\.[\w-]+$/);
      for (const key of ['hls', 'mp4', 'thumbnail'] as const) {
        expect((await fetchMedia(withoutQuery(guarded.urls[key]!))).statusCode, key).toBe(403);
        expect((await fetchMedia(guarded.urls[key]!)).statusCode, key).toBe(200);
      }
      const query = url.search.slice(1);
      const master = (await fetchMedia(guarded.urls.hls!)).body;
      const variant = master.split('\n').find((line) => line && !line.startsWith('#'))!;
      expect(variant.endsWith(`?${query}`)).toBe(true);
      const variantUrl = new URL(variant, new URL(guarded.urls.hls!, studio.publicUrl)).toString();
      const media = await fetchMedia(variantUrl);
      expect(media.statusCode).toBe(200);
      const segment = media.body.split('\n').find((line) => line.endsWith(`.ts?${query}`))!;
      const segmentUrl = new URL(segment, variantUrl).toString();
      expect((await fetchMedia(segmentUrl)).statusCode).toBe(200);
      expect((await fetchMedia(withoutQuery(segmentUrl))).statusCode).toBe(403);
      expect((await fetchMedia(withoutQuery(variantUrl))).statusCode).toBe(403);
    } finally {
      await guardOn(owner.organization.id, false);
    }
  });

  it("never opens one organisation's video with another's code", async () => {
    await guardOn(owner.organization.id, true);
    await guardOn(other.organization.id, true);
    try {
      const mine = new URL((await fresh(owner, asset.id)).urls.hls!, studio.publicUrl);
      const theirs = new URL((await fresh(other, otherAsset.id)).urls.hls!, studio.publicUrl);
      const theirCode = theirs.searchParams.get('code')!;
      const base = withoutQuery(mine.toString());
      for (const orgId of [owner.organization.id, other.organization.id]) {
        expect(
          (await fetchMedia(`${base}?org_id=${orgId}&code=${encodeURIComponent(theirCode)}`)).statusCode,
        ).toBe(403);
      }
      // The right code with the wrong organisation fails too.
      expect(
        (
          await fetchMedia(
            `${base}?org_id=${other.organization.id}&code=${encodeURIComponent(mine.searchParams.get('code')!)}`,
          )
        ).statusCode,
      ).toBe(403);
    } finally {
      await guardOn(owner.organization.id, false);
      await guardOn(other.organization.id, false);
    }
  });
});
