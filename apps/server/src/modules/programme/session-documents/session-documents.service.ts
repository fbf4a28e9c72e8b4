import {
  SESSION_DOCUMENTS_MAX,
  sessionDocumentMessages,
  type CreateSessionDocument,
  type SessionDocument,
  type SessionDocumentKind,
} from '@studio/domain';
import type { EventCopyStep } from '../../back-office/event-copy.ts';
import { isUuid } from '../../../platform/db/uuid.ts';
import { fieldError, notFound } from '../../../platform/http/errors.ts';
import type { Loaded } from '../agenda/agenda-access.ts';
import type { BroadcastRecord } from '../agenda/agenda.repository.ts';
import type { SessionDocumentRow, SessionDocumentsRepository } from './session-documents.repository.ts';

const view = (row: SessionDocumentRow): SessionDocument => ({
  id: row.id,
  session_id: row.broadcast_id,
  kind: row.kind as SessionDocumentKind,
  title: row.title,
  url: row.url,
  created_at: row.created_at.toISOString(),
});

/** Session documents (the Docs tab): organisers attach files and links to a session; attendees read them. */
export function createSessionDocumentsService(deps: { documents: SessionDocumentsRepository }) {
  const { documents } = deps;
  return {
    async list({ event, object: session }: Loaded<BroadcastRecord>): Promise<SessionDocument[]> {
      return (await documents.ofSession(event.id, session.id)).map(view);
    },

    /** A file is one the organisation stored (its content path under the organisation's files). */
    async add({ event, object: session }: Loaded<BroadcastRecord>, body: CreateSessionDocument) {
      if (body.kind === 'file' && !body.url.startsWith(`/api/files/${event.organizationId}/`))
        throw fieldError('url', sessionDocumentMessages.fileAddress);
      if ((await documents.countOf(session.id)) >= SESSION_DOCUMENTS_MAX)
        throw fieldError('url', sessionDocumentMessages.tooMany);
      const row = await documents.insert({ event_id: event.id, broadcast_id: session.id, ...body });
      return view(row);
    },

    async remove({ object: session }: Loaded<BroadcastRecord>, documentId: string): Promise<void> {
      if (!isUuid(documentId) || !(await documents.remove(session.id, documentId))) throw notFound();
    },

    /** Event duplication's step (and templates'): the documents go with their copied sessions. */
    copyStep: {
      copy: (copy) => documents.copy(copy.sourceEventId, copy.targetEventId, copy.newIds, copy.tx),
      clear: async (eventId, tx) => {
        await documents.clear(eventId, tx);
      },
    } satisfies EventCopyStep,

    /** For the event app: the session's documents (none for another event's session). */
    ofSession: async (eventId: string, sessionId: string): Promise<SessionDocument[]> =>
      (await documents.ofSession(eventId, sessionId)).map(view),
  };
}

export type SessionDocumentsService = ReturnType<typeof createSessionDocumentsService>;
