import { crmMessages } from '@studio/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { failureOf, loopbackVendorOptions } from '../../../../test/vendors/vendor-server.ts';
import { startWistiaServer, WISTIA_TOKEN } from '../../../../test/vendors/wistia-server.ts';
import { WistiaClient } from './wistia.ts';

describe('Wistia client (issue 36) against a local Wistia', () => {
  let wistia: Awaited<ReturnType<typeof startWistiaServer>>;
  let client: WistiaClient;
  const clientWith = (token: string) =>
    new WistiaClient(token, { ...loopbackVendorOptions(wistia.url), uploadUrl: wistia.url });

  beforeAll(async () => {
    // More than one page of projects.
    wistia = await startWistiaServer(130);
  });
  afterAll(() => wistia.close());
  beforeEach(() => {
    wistia.requests.length = 0;
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
    const failure = await failureOf(wrong.authenticate());
    expect(failure.kind).toBe('authentication');
    expect(failure.userMessage).toBe(crmMessages.authenticationFailed);
    expect(failure.message).not.toContain('wrong-wistia-token');
    expect(await wrong.health()).toBe(false);
  });

  it('fetches every page of projects (fetch_wistia_existing_projects_v2)', async () => {
    const projects = await client.projects();
    expect(projects).toHaveLength(130);
    expect(projects[0]).toMatchObject({ id: 100, name: 'Project 1', hashedId: 'proj1' });
    expect(wistia.to('/v1/projects.json').map((request) => request.query.get('page'))).toEqual(['1', '2']);
  });

  it('uploads a recording into a project (multipart with project_id) and reads its status', async () => {
    const media = await client.uploadRecording('proj2', {
      name: 'Summit keynote',
      file: { filename: 'keynote.mp4', contentType: 'video/mp4', data: Buffer.from('fake mp4 bytes') },
    });
    expect(media).toMatchObject({ name: 'Summit keynote', status: 'queued' });
    expect(wistia.medias.get(media.hashed_id)).toMatchObject({ project_id: 101, bytes: 14 });
    expect(wistia.to('/')[0]!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);

    wistia.process(media.hashed_id);
    expect(await client.media(media.hashed_id)).toMatchObject({ status: 'ready', progress: 1 });
    expect(await client.media('unknown')).toBeNull();

    const byUrl = await client.uploadRecording('proj1', {
      name: 'Replay',
      url: 'https://files.example.com/replay.mp4',
    });
    expect(byUrl.status).toBe('queued');
    expect(
      await failureOf(client.uploadRecording('nope', { name: 'x', url: 'https://files.example.com/x.mp4' })),
    ).toMatchObject({
      kind: 'rejected',
      status: 400,
    });
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
