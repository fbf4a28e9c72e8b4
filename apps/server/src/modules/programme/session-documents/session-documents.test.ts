import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sessionDocumentMessages,
  sessionDocumentPath,
  sessionDocumentsPath,
  type SessionDocument,
  type SignedUrlResponse,
} from '@studio/domain';
import { newAdmin } from '../../access/access.fixtures.ts';
import { caller } from '../../back-office/back-office.fixtures.ts';
import {
  engagementWorld,
  newSession,
  personIn,
  type EngagementWorld,
} from '../../engagement/engagement.fixtures.ts';

let world: EngagementWorld;
beforeAll(async () => {
  world = await engagementWorld('Session Documents Org');
});
afterAll(() => world.studio.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');

/** A PDF stored through the general upload (preset `document`) under the event: its content path. */
async function uploadedPdf(eventId: string, api = world.api): Promise<string> {
  const signed = await api.post<SignedUrlResponse>('/api/core/files/signed_url/', {
    key: `events/${eventId}/slides.pdf`,
    file_type: 'application/pdf',
    preset: 'document',
  });
  expect(signed.status).toBe(200);
  const stored = await world.studio.app.inject({
    method: 'PUT',
    url: signed.body.url.replace('http://studio.test', ''),
    headers: { 'content-type': 'application/pdf' },
    payload: PDF,
  });
  expect(stored.statusCode).toBe(201);
  return signed.body.content_url;
}

describe('session documents (the Docs tab)', () => {
  it('attaches an uploaded file and a link to a session; attendees list and download them', async () => {
    const event = await world.newEvent();
    const keynote = await newSession(world, event, 'Keynote');
    const panel = await newSession(world, event, 'Panel');
    const file = await uploadedPdf(event.id);
    const slides = await world.api.post<SessionDocument>(sessionDocumentsPath(keynote), {
      kind: 'file',
      title: 'Slides <b>v2</b>',
      url: file,
    });
    expect(slides).toMatchObject({
      status: 201,
      body: { kind: 'file', title: 'Slides <b>v2</b>', url: file },
    });
    const link = await world.api.post<SessionDocument>(sessionDocumentsPath(keynote), {
      kind: 'link',
      title: 'Reading list',
      url: 'https://example.com/reading',
    });
    expect(link.status).toBe(201);
    const listed = await world.api.get<SessionDocument[]>(sessionDocumentsPath(keynote));
    expect(listed.body.map((document) => document.title)).toEqual(['Slides <b>v2</b>', 'Reading list']);

    const grace = await personIn(world, event);
    const docs = await grace.call<SessionDocument[]>('GET', `documents?session_id=${keynote}`);
    expect(docs.body.map((document) => [document.kind, document.url])).toEqual([
      ['file', file],
      ['link', 'https://example.com/reading'],
    ]);
    expect((await grace.call<SessionDocument[]>('GET', `documents?session_id=${panel}`)).body).toEqual([]);
    const download = await world.studio.attendeeSite.inject({ method: 'GET', url: file });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');

    expect((await world.api.delete(sessionDocumentPath(keynote, link.body.id))).status).toBe(204);
    expect((await world.api.delete(sessionDocumentPath(keynote, link.body.id))).status).toBe(404);
    expect((await grace.call<SessionDocument[]>('GET', `documents?session_id=${keynote}`)).body).toHaveLength(
      1,
    );
  });

  it("refuses links that are not web addresses, files the organisation did not store, and another organisation's session", async () => {
    const event = await world.newEvent();
    const keynote = await newSession(world, event);
    const script = await world.api.post<{ errors: Record<string, string[]> }>(sessionDocumentsPath(keynote), {
      kind: 'link',
      title: 'Click',
      url: 'javascript:alert(1)',
    });
    expect(script).toMatchObject({
      status: 400,
      body: { errors: { url: [sessionDocumentMessages.linkAddress] } },
    });
    const elsewhere = await world.api.post(sessionDocumentsPath(keynote), {
      kind: 'file',
      title: 'Not ours',
      url: 'https://example.com/file.pdf',
    });
    expect(elsewhere.status).toBe(400);
    expect(
      (
        await world.api.post(sessionDocumentsPath(keynote), {
          kind: 'link',
          title: 'Nul\u0000',
          url: 'https://a.example',
        })
      ).status,
    ).toBe(400);

    const other = await newAdmin(world.studio, 'Other Documents Org');
    const otherApi = caller(world.studio, other.access);
    const foreign = await otherApi.post<{ message: string }>(sessionDocumentsPath(keynote), {
      kind: 'link',
      title: 'Intruder',
      url: 'https://example.com',
    });
    expect(foreign.status).toBe(404);
    expect((await otherApi.get(sessionDocumentsPath(keynote))).status).toBe(404);
    // A file the other organisation stored is not this organisation's to attach.
    const otherEvent = await world.newEvent('Theirs');
    const theirs = `/api/files/${other.organization.id}/events/${otherEvent.id}/0123456789abcdef/slides.pdf`;
    const borrowed = await world.api.post<{ errors: Record<string, string[]> }>(
      sessionDocumentsPath(keynote),
      {
        kind: 'file',
        title: 'Borrowed',
        url: theirs,
      },
    );
    expect(borrowed).toMatchObject({
      status: 400,
      body: { errors: { url: [sessionDocumentMessages.fileAddress] } },
    });
  });
});
