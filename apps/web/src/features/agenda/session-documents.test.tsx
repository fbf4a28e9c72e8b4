import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SessionDocument } from '@studio/domain';
import { agendaRoutes, broadcast } from '../../testing/agenda-fixture.ts';
import { ada, json } from '../../testing/fake-studio-api.ts';
import { bodiesSentTo, callsTo, openStudio } from '../../testing/open-studio.tsx';

const keynote = broadcast({ id: 'b-1', title: 'Keynote' });
const agenda = agendaRoutes(() => keynote);
const CONTENT = '/api/files/o-1/events/e-1/0123456789abcdef/Agenda_2031.pdf';

const documentOf = (
  id: string,
  kind: SessionDocument['kind'],
  title: string,
  url: string,
): SessionDocument => ({
  id,
  session_id: 'b-1',
  kind,
  title,
  url,
  created_at: '2031-05-01T12:00:00Z',
});

describe("the session drawer's documents", () => {
  it('uploads a file, adds a link and removes a document, each saved at once', async () => {
    const stored: SessionDocument[] = [documentOf('d-1', 'link', 'Old notes', 'https://example.com/old')];
    const { fetchMock } = openStudio('/events/e-1/programs/agenda?broadcastId=b-1', {
      user: ada,
      routes: (path, init) => {
        const [route] = path.split('?');
        if (route === '/api/core/files/signed_url/')
          return json(200, {
            url: 'http://studio.test/api/files/upload/?n=1',
            key: 'k',
            content_url: CONTENT,
          });
        if (route === 'http://studio.test/api/files/upload/') return json(201, {});
        if (route === '/api/event/broadcasts/b-1/documents/' && init.method === 'POST') {
          const body = JSON.parse(init.body as string) as SessionDocument;
          stored.push(documentOf(`d-${stored.length + 1}`, body.kind, body.title, body.url));
          return json(201, stored.at(-1));
        }
        if (route === '/api/event/broadcasts/b-1/documents/') return json(200, stored);
        if (route === '/api/event/broadcasts/b-1/documents/d-1/') return new Response(null, { status: 204 });
        return agenda(path, init);
      },
    });
    const drawer = await screen.findByRole('dialog', { name: 'Edit session' });
    const documents = within(drawer).getByRole('group', { name: 'Documents' });
    expect(await within(documents).findByRole('link', { name: 'Old notes' })).toBeTruthy();

    const input = documents.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['%PDF-1.4'], 'Agenda 2031.pdf', { type: 'application/pdf' })] },
    });
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, '/api/core/files/signed_url/')).toEqual([
        { key: 'events/e-1/Agenda_2031.pdf', file_type: 'application/pdf', preset: 'document' },
      ]),
    );
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, '/api/event/broadcasts/b-1/documents/')).toContainEqual({
        kind: 'file',
        title: 'Agenda 2031.pdf',
        url: CONTENT,
      }),
    );

    await userEvent.type(within(documents).getByRole('textbox', { name: 'Link title' }), 'Reading list');
    await userEvent.type(
      within(documents).getByRole('textbox', { name: 'Link address' }),
      'https://example.com/reading',
    );
    await userEvent.click(within(documents).getByRole('button', { name: 'Add link' }));
    expect(await within(documents).findByRole('link', { name: 'Reading list' })).toBeTruthy();

    await userEvent.click(
      within(documents).getByRole('button', { name: 'Remove Old notes from the session' }),
    );
    await waitFor(() =>
      expect(
        callsTo(fetchMock, '/api/event/broadcasts/b-1/documents/d-1/').map((call) => call.method),
      ).toEqual(['DELETE']),
    );
  });
});
