import { describe, expect, it } from 'vitest';
import {
  type Broadcast,
  type Page,
  type StudioEvent,
  sessionDocumentMessages,
  sessionDocumentPath,
  sessionDocumentsPath,
  type SessionDocument,
} from '@studio/domain';
import { newAdmin } from '../../access/access.fixtures.ts';
import { caller, duplicatedEvent } from '../../back-office/back-office.fixtures.ts';
import { fileEngagementWorld, newSession, personIn } from '../../engagement/engagement.fixtures.ts';
import { uploadedFile } from '../../files/files.fixtures.ts';

// Role all: this studio runs the duplication job itself.
const world = fileEngagementWorld('Session Documents Org', { role: 'all' });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');

/** A PDF stored through the general upload (preset `document`) under the event: its content path. */
const uploadedPdf = async (eventId: string, api = world.api) =>
  (
    await uploadedFile(
      world.studio,
      api,
      { key: `events/${eventId}/slides.pdf`, file_type: 'application/pdf', preset: 'document' },
      PDF,
    )
  ).content_url;

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

  it('go with their session when the event is duplicated or made from a template; a file stays the same stored file', async () => {
    const event = await world.newEvent('Documented summit');
    const keynote = await newSession(world, event, 'Keynote');
    await newSession(world, event, 'Panel');
    const file = await uploadedPdf(event.id);
    for (const body of [
      { kind: 'file', title: 'Slides', url: file },
      { kind: 'link', title: 'Reading list', url: 'https://example.com/reading' },
    ])
      expect((await world.api.post(sessionDocumentsPath(keynote), body)).status).toBe(201);
    const original = (await world.api.get<SessionDocument[]>(sessionDocumentsPath(keynote))).body;

    /** The copy's sessions by title, each with its documents. */
    const documentsOf = async (eventId: string) => {
      const sessions = (await world.api.get<Page<Broadcast>>(`/api/event/broadcasts/?event=${eventId}`)).body
        .results;
      return Promise.all(
        sessions.map(async (session) => ({
          title: session.title,
          documents: (await world.api.get<SessionDocument[]>(sessionDocumentsPath(session.id))).body,
        })),
      );
    };
    const expected = (sessions: { title: string; documents: SessionDocument[] }[]) => {
      const keynoteCopy = sessions.find((session) => session.title === 'Keynote')!;
      expect(keynoteCopy.documents.map((document) => [document.kind, document.title, document.url])).toEqual([
        ['file', 'Slides', file],
        ['link', 'Reading list', 'https://example.com/reading'],
      ]);
      for (const document of keynoteCopy.documents) {
        expect(document.session_id).not.toBe(keynote);
        expect(original.map((mine) => mine.id)).not.toContain(document.id);
      }
      expect(sessions.find((session) => session.title === 'Panel')!.documents).toEqual([]);
    };

    const copyId = await duplicatedEvent(world.api, event.id, { start_time: '2031-06-01T09:00:00Z' });
    expected(await documentsOf(copyId));
    // The copied file is downloadable on the copy's attendee side.
    const download = await world.studio.attendeeSite.inject({ method: 'GET', url: file });
    expect(download.statusCode).toBe(200);

    const template = await world.api.post<{ id: string }>('/api/event/studio-templates/create_from_event/', {
      event: event.id,
    });
    expect(template.status).toBe(201);
    // Removing the source's document later does not change the template's.
    expect((await world.api.delete(sessionDocumentPath(keynote, original[1]!.id))).status).toBe(204);
    const made = await world.api.post<StudioEvent>(
      `/api/event/studio-templates/${template.body.id}/create_event/`,
      { title: 'Documented summit, again', start_time: '2031-09-10T13:00:00Z' },
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expected(await documentsOf(made.body.id));
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
