import {
  createSessionDocumentBody,
  sessionDocumentAttendeeCalls,
  sessionDocumentSchema,
  sessionDocumentsQuery,
} from '@studio/domain';
import { z } from 'zod';
import { guard, type OrganizationCaller } from '../../../platform/http/guard.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import { created, noContent } from '../../../platform/http/route-support.ts';
import type { EventAppExtension } from '../../attendee-site/event-app/event-app-extension.ts';
import type { ProgrammePermission } from '../agenda/agenda-access.ts';
import type { BroadcastsService } from '../agenda/broadcasts.service.ts';
import type { SessionDocumentsService } from './session-documents.service.ts';

const tags = ['agenda'];
const params = z.object({ id: z.string().max(100) });
const documentParams = params.extend({ documentId: z.string().max(100) });

/** A session's documents in the studio: read with `event:read`, changed with `event:update` (the session's guard). */
export function registerSessionDocumentsRoutes(
  app: HttpServer,
  deps: { broadcasts: Pick<BroadcastsService, 'load'>; documents: SessionDocumentsService },
): void {
  const sessionGuard = (permission: ProgrammePermission) =>
    guard({
      permission,
      load: (member: OrganizationCaller, id: string) => deps.broadcasts.load(member, id, permission),
    });
  const readSession = sessionGuard('event:read');
  const editSession = sessionGuard('event:update');
  const path = '/api/event/broadcasts/:id/documents/';

  app.get(
    path,
    {
      preValidation: readSession.preValidation,
      schema: { tags, params, response: { 200: z.array(sessionDocumentSchema) } },
    },
    (request) => deps.documents.list(readSession.of(request).object),
  );
  app.post(
    path,
    {
      preValidation: editSession.preValidation,
      schema: { tags, params, body: createSessionDocumentBody, response: { 201: sessionDocumentSchema } },
    },
    created((request) => deps.documents.add(editSession.of(request).object, request.body)),
  );
  app.delete(
    `${path}:documentId/`,
    { preValidation: editSession.preValidation, schema: { tags, params: documentParams } },
    noContent((request) => deps.documents.remove(editSession.of(request).object, request.params.documentId)),
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
