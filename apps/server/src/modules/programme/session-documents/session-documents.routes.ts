import {
  createSessionDocumentBody,
  sessionDocumentAttendeeCalls,
  sessionDocumentSchema,
  sessionDocumentsQuery,
} from '@studio/domain';
import { z } from 'zod';
import { objectGuard } from '../../../platform/http/guard.ts';
import { idParams } from '../../../platform/http/route-support.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import type { EventAppExtension } from '../../attendee-site/event-app/event-app-extension.ts';
import type { BroadcastsService } from '../agenda/broadcasts.service.ts';
import type { SessionDocumentsService } from './session-documents.service.ts';
import { routesOf } from '../../../platform/http/route-kit.ts';

const tags = ['agenda'];
const documentParams = idParams.extend({ documentId: z.string().max(100) });

/** A session's documents in the studio: read with `event:read`, changed with `event:update` (the session's guard). */
export function registerSessionDocumentsRoutes(
  app: HttpServer,
  deps: { broadcasts: Pick<BroadcastsService, 'load'>; documents: SessionDocumentsService },
): void {
  const route = routesOf(app, tags);
  const readSession = objectGuard('event:read', deps.broadcasts.load);
  const editSession = objectGuard('event:update', deps.broadcasts.load);
  const path = '/api/event/broadcasts/:id/documents/';

  route.get(path, readSession, { params: idParams, answer: z.array(sessionDocumentSchema) }, ({ object }) =>
    deps.documents.list(object),
  );
  route.post(
    path,
    editSession,
    { params: idParams, body: createSessionDocumentBody, answer: sessionDocumentSchema, status: 201 },
    ({ object, body }) => deps.documents.add(object, body),
  );
  route.delete(
    `${path}:documentId/`,
    editSession,
    { params: documentParams, status: 204 },
    ({ object, params }) => deps.documents.remove(object, params.documentId),
  );
}

/** The event app's Docs tab: the session's documents, for the admitted person. */
export function registerSessionDocumentsAttendeeRoutes(
  app: EventAppExtension,
  documents: SessionDocumentsService,
): void {
  app.call(
    { method: 'GET', name: sessionDocumentAttendeeCalls.documents, query: sessionDocumentsQuery },
    (person, { query }) => documents.ofSession(person.event.id, query.session_id),
  );
}
