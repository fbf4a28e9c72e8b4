import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  failureOf,
  expectCredentialsRefused,
  fileVendorServer,
  loopbackVendorOptions,
  type RecordedRequest,
} from '../../../../test/vendors/vendor-server.ts';
import { startWistiaServer, WISTIA_TOKEN } from '../../../../test/vendors/wistia-server.ts';
import { WistiaClient } from './wistia.ts';

/** The last upload Wistia received. */
const upload = (wistia: { to: (path: string) => RecordedRequest[] }) => wistia.to('/').at(-1)!;

describe('Wistia client (issue 36) against a local Wistia', () => {
  // More than one page of projects.
  const wistia = fileVendorServer(() => startWistiaServer(130));
  let client: WistiaClient;
  const clientWith = (token: string) =>
    new WistiaClient(token, { ...loopbackVendorOptions(wistia.url), uploadUrl: wistia.url });

  beforeEach(() => {
    client = clientWith(WISTIA_TOKEN);
  });

  it('sends the API token as a bearer header, never in the URL', async () => {
    expect(await client.health()).toBe(true);
    const [request] = wistia.requests;
    expect(request!.headers.authorization).toBe(`Bearer ${WISTIA_TOKEN}`);
    expect(request!.query.has('access_token')).toBe(false);
  });

  it('refuses a loopback address the outbound policy does not allow', async () => {
    const unallowed = new WistiaClient(WISTIA_TOKEN, { baseUrl: wistia.url, outbound: { allowedHosts: [] } });
    expect(await failureOf(unallowed.projects())).toMatchObject({ kind: 'refused' });
    expect(wistia.requests).toHaveLength(0);
  });

  it('answers a bad token with the spec message and without the token', async () => {
    const wrong = clientWith('wrong-wistia-token');
    await expectCredentialsRefused(wrong, 'wrong-wistia-token');
  });

  it('fetches every page of projects (fetch_wistia_existing_projects_v2)', async () => {
    const projects = await client.projects();
    expect(projects).toHaveLength(130);
    expect(projects[0]).toMatchObject({ id: 100, name: 'Project 1', hashedId: 'proj1' });
    expect(wistia.to('/v1/projects.json').map((request) => request.query.get('page'))).toEqual(['1', '2']);
  });

  const fileOf = (data: Buffer) => ({
    filename: 'keynote.mp4',
    contentType: 'video/mp4',
    size: data.length,
    open: () => Promise.resolve(Readable.from([data])),
  });

  it('uploads a recording into a project (multipart with project_id) and reads its status', async () => {
    const media = await client.uploadRecording('proj2', {
      name: 'Summit keynote',
      file: fileOf(Buffer.from('fake mp4 bytes')),
    });
    expect(media).toMatchObject({ name: 'Summit keynote', status: 'queued' });
    expect(wistia.medias.get(media.hashed_id)).toMatchObject({ project_id: 101, bytes: 14 });
    const [upload] = wistia.to('/');
    expect(upload!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload!.headers.authorization).toBe(`Bearer ${WISTIA_TOKEN}`);

    wistia.process(media.hashed_id);
    expect(await client.media(media.hashed_id)).toMatchObject({ status: 'ready', progress: 1 });
    expect(await client.media('unknown')).toBeNull();
  });

  it('streams a large recording from its source as it is sent, and Wistia receives it intact', async () => {
    const chunk = 1024 * 1024;
    const chunks = 24;
    const expected = createHash('sha256');
    let produced = 0;
    /** What Wistia had received when the source gave its last chunk. */
    let receivedBeforeTheEnd = -1;
    const source = new Readable({
      read() {
        if (produced === chunks) return this.push(null);
        if (produced === chunks - 1) receivedBeforeTheEnd = wistia.receivedBytes();
        const bytes = randomBytes(chunk);
        expected.update(bytes);
        produced += 1;
        this.push(bytes);
      },
    });
    const media = await client.uploadRecording('proj1', {
      name: 'Long replay',
      file: { ...fileOf(Buffer.alloc(0)), size: chunk * chunks, open: () => Promise.resolve(source) },
    });
    expect(wistia.medias.get(media.hashed_id)).toMatchObject({
      bytes: chunk * chunks,
      sha256: expected.digest('hex'),
    });
    // Sent while read: a client that gathered the file first would have sent nothing by then.
    expect(receivedBeforeTheEnd).toBeGreaterThan(0);
    expect(upload(wistia).headers['content-length']).toBe(String(upload(wistia).body.length));
  });

  it("opens the recording again for each attempt, and a refusal carries Wistia's message", async () => {
    let opened = 0;
    const data = Buffer.from('replay bytes');
    const file = { ...fileOf(data), open: () => ((opened += 1), Promise.resolve(Readable.from([data]))) };
    wistia.answerNext({ status: 503 });
    const media = await client.uploadRecording('proj1', { name: 'Replay', file });
    expect(opened).toBe(2);
    expect(wistia.medias.get(media.hashed_id)).toMatchObject({ bytes: data.length });

    const refused = await failureOf(client.uploadRecording('nope', { name: 'x', file }));
    expect(refused).toMatchObject({ kind: 'rejected', status: 400 });
    expect(refused.message).toContain('Project not found');
  });

  it('retries 429 (Retry-After) and 5xx, bounded', async () => {
    wistia.answerNext({ status: 429, headers: { 'retry-after': '0' } }, { status: 500 });
    expect(await client.media('media1')).not.toBeNull();
    wistia.answerNext({ status: 429 }, { status: 429 }, { status: 429 });
    expect(await failureOf(client.media('media1'))).toMatchObject({ kind: 'rate_limited' });
  });

  it('turns garbage answers into a typed error', async () => {
    wistia.answerNext({ text: '{"truncated":' });
    expect(await failureOf(client.projects())).toMatchObject({ kind: 'bad_answer' });
    wistia.answerNext({ json: [{ id: 'one' }] });
    expect(await failureOf(client.projects())).toMatchObject({ kind: 'bad_answer' });
  });
});
