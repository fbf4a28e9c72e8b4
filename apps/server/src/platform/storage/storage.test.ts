import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalObjectStore } from './local-store.ts';
import { ObjectNotFoundError, RangeNotSatisfiableError, type ObjectStore } from './object-store.ts';
import { createS3ObjectStore } from './s3-store.ts';
import { startLocalS3 } from './s3rver.fixtures.ts';

let scratch: string;
let s3: Awaited<ReturnType<typeof startLocalS3>>;
const stores: Record<string, ObjectStore> = {};

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'studio-storage-'));
  s3 = await startLocalS3();
  stores.local = createLocalObjectStore(path.join(scratch, 'media'));
  stores.s3 = createS3ObjectStore(s3.settings);
});
afterAll(async () => {
  await stores.s3?.close();
  await s3.stop();
  await rm(scratch, { recursive: true, force: true });
});

describe.each(['local', 's3'])('%s object store', (kind) => {
  const store = () => stores[kind]!;

  it('puts, heads, reads whole and by range, lists and deletes', async () => {
    await store().put('videos/a/master.m3u8', '#EXTM3U\n');
    await store().put('videos/a/360p/segment-00000.ts', Buffer.from('0123456789'));
    await store().put(
      'videos/a/360p/segment-00001.ts',
      Readable.from([Buffer.from('abc'), Buffer.from('def')]),
    );
    await store().put('videos/b/master.m3u8', 'other');

    expect(await store().head('videos/a/360p/segment-00000.ts')).toMatchObject({
      key: 'videos/a/360p/segment-00000.ts',
      size: 10,
    });
    expect(await store().head('videos/a/missing.ts')).toBeNull();

    const whole = await store().get('videos/a/360p/segment-00001.ts');
    expect(await text(whole.body)).toBe('abcdef');
    expect(whole.size).toBe(6);
    const part = await store().get('videos/a/360p/segment-00000.ts', { start: 2, end: 4 });
    expect(await text(part.body)).toBe('234');
    expect(part).toMatchObject({ size: 10, range: { start: 2, end: 4 } });
    const tail = await store().get('videos/a/360p/segment-00000.ts', { start: 7 });
    expect(await text(tail.body)).toBe('789');
    await expect(store().get('videos/a/360p/segment-00000.ts', { start: 10 })).rejects.toBeInstanceOf(
      RangeNotSatisfiableError,
    );
    await expect(store().get('videos/a/nothing.ts')).rejects.toBeInstanceOf(ObjectNotFoundError);

    expect((await store().list('videos/a/')).map((object) => object.key)).toEqual([
      'videos/a/360p/segment-00000.ts',
      'videos/a/360p/segment-00001.ts',
      'videos/a/master.m3u8',
    ]);
    expect(await store().deletePrefix('videos/a/')).toBe(3);
    expect(await store().list('videos/a/')).toEqual([]);
    expect((await store().list('videos/')).map((object) => object.key)).toEqual(['videos/b/master.m3u8']);
    await store().delete('videos/b/master.m3u8');
    await store().delete('videos/b/master.m3u8');
    expect(await store().head('videos/b/master.m3u8')).toBeNull();
  });

  it('stores and fetches local files', async () => {
    const source = path.join(scratch, `${kind}-source.bin`);
    await writeFile(source, Buffer.alloc(70_000, 7));
    await store().putFile('files/source.bin', source);
    const copy = path.join(scratch, `${kind}-copy.bin`);
    await store().download('files/source.bin', copy);
    expect((await readFile(copy)).equals(await readFile(source))).toBe(true);
    expect(store().localPath('files/source.bin') === undefined).toBe(kind === 's3');
  });

  it('refuses keys that are machine paths or climb out', async () => {
    for (const key of ['/etc/passwd', '../secret', 'videos/../../x', 'videos//x', '.staging/x', 'a/./b']) {
      await expect(store().put(key, 'x'), key).rejects.toThrow('Invalid object key');
    }
    // Longer than S3 allows: refused by every store before it is asked.
    const long = `files/${'a/'.repeat(600)}x.png`;
    await expect(store().put(long, 'x')).rejects.toThrow('Invalid object key');
    await expect(store().get(long)).rejects.toThrow('Invalid object key');
  });
});
