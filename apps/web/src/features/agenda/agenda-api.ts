import {
  agendaItemSchema,
  agendaMessages,
  broadcastSchema,
  sessionDocumentPath,
  sessionDocumentSchema,
  sessionDocumentsPath,
  stageSourceSchema,
  trackSchema,
  type AgendaItem,
  type AgendaItemKind,
  type Broadcast,
  type CreateSessionDocument,
  type Track,
} from '@studio/domain';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { z } from 'zod';
import type { ResponseSchema } from '../../api/api-client.ts';
import { broadcastsQuery, fetchProgrammeList } from '../../api/event-sessions.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';
import { serverFieldErrors } from '../../ui/studio-form.ts';
import { showToast } from '../../ui/toast.ts';

const one = (path: string, id: string) => `${path}${encodeURIComponent(id)}/`;
/** Saves a programme item at `path`: changes the one with `id`, or adds one to the event. */
const saveTo = <T>(
  path: string,
  eventId: string,
  id: string | null,
  body: object,
  schema: ResponseSchema<T>,
) =>
  id
    ? studioApi.request({ method: 'PATCH', path: one(path, id), body, schema })
    : studioApi.request({ method: 'POST', path, body: { event: eventId, ...body }, schema });

export const fetchTracks = (eventId: string) => fetchProgrammeList('/event/tracks/', eventId, trackSchema);
export const fetchAgendaItems = (eventId: string) =>
  fetchProgrammeList('/event/agenda-item/', eventId, agendaItemSchema);

export const tracksQuery = (eventId: string) =>
  queryOptions({
    queryKey: [...queryKeys.agenda.of(eventId), 'tracks'],
    queryFn: () => fetchTracks(eventId),
  });
export const agendaItemsQuery = (eventId: string) =>
  queryOptions({
    queryKey: [...queryKeys.agenda.of(eventId), 'items'],
    queryFn: () => fetchAgendaItems(eventId),
  });

/** The three spec calls of the agenda (001 §7), in parallel. */
export function useAgenda(eventId: string) {
  const [broadcasts, tracks, items] = useQueries({
    queries: [broadcastsQuery(eventId), tracksQuery(eventId), agendaItemsQuery(eventId)],
  });
  return { broadcasts, tracks, items };
}

/** What the session drawer sends (see the domain's sessionRequest). */
export interface SessionBody {
  title: string;
  broadcast_type: Broadcast['broadcast_type'];
  start_time: string;
  end_time: string;
  tracks: string[];
  description: string;
  video_assets: string[];
  rtmp_input: string | null;
}

export interface BlockBody {
  track: string;
  kind: Exclude<AgendaItemKind, 'session'>;
  title: string;
  start_time: string;
  end_time: string;
}

const refreshes = (eventId: string) => [queryKeys.agenda.of(eventId), queryKeys.videoAssets.all];

/** Our own words (the spec gives no toast for a new session). */
export const SESSION_CREATED = 'Session created.';

export function useSaveSession(
  eventId: string,
  options: { onFailure: (error: unknown) => void; onSuccess: () => void },
) {
  return useStudioMutation({
    mutationFn: ({ id, body }: { id: string | null; body: SessionBody }) =>
      saveTo('/event/broadcasts/', eventId, id, body, broadcastSchema),
    invalidates: refreshes(eventId),
    failureToast: agendaMessages.failedToSaveSession,
    onFailure: (error) => options.onFailure(error),
    onSuccess: (_session, { id }) => {
      // Like the studio's other create actions (webhooks, forms, projects): a new session is said.
      if (id === null) showToast(SESSION_CREATED, 'success');
      options.onSuccess();
    },
  });
}

export function useDeleteSession(eventId: string) {
  return useStudioMutation({
    mutationFn: (id: string) => studioApi.request({ method: 'DELETE', path: one('/event/broadcasts/', id) }),
    invalidates: refreshes(eventId),
    failureToast: agendaMessages.failedToSaveSession,
  });
}

export function useSaveBlock(
  eventId: string,
  options: { onFailure: (error: unknown) => void; onSuccess: () => void },
) {
  return useStudioMutation({
    mutationFn: ({ id, body }: { id: string | null; body: BlockBody }) =>
      saveTo('/event/agenda-item/', eventId, id, body, agendaItemSchema),
    invalidates: [queryKeys.agenda.of(eventId)],
    onFailure: (error) => options.onFailure(error),
    onSuccess: options.onSuccess,
  });
}

export function useDeleteBlock(eventId: string) {
  return useStudioMutation({
    mutationFn: (id: string) => studioApi.request({ method: 'DELETE', path: one('/event/agenda-item/', id) }),
    invalidates: [queryKeys.agenda.of(eventId)],
    failureToast: agendaMessages.failedToUpdateAgendaItem,
  });
}

/** Moves a block to another track (drag and drop). */
export function useMoveBlock(eventId: string) {
  return useStudioMutation({
    mutationFn: ({ id, track }: { id: string; track: string }) =>
      studioApi.request({
        method: 'PATCH',
        path: one('/event/agenda-item/', id),
        body: { track },
        schema: agendaItemSchema,
      }),
    invalidates: [queryKeys.agenda.of(eventId)],
    failureToast: agendaMessages.failedToUpdateAgendaItem,
  });
}

export function useAddTrack(eventId: string) {
  return useStudioMutation({
    mutationFn: (title: string) =>
      studioApi.request({
        method: 'POST',
        path: '/event/tracks/',
        body: { event: eventId, title },
        schema: trackSchema,
      }),
    invalidates: [queryKeys.agenda.of(eventId)],
    failureToast: agendaMessages.failedToAddTrack,
  });
}

export function useRenameTrack(eventId: string, onSuccess: () => void) {
  return useStudioMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) =>
      studioApi.request({
        method: 'PATCH',
        path: one('/event/tracks/', id),
        body: { title },
        schema: trackSchema,
      }),
    invalidates: [queryKeys.agenda.of(eventId)],
    failureToast: agendaMessages.failedToUpdateTrack,
    onSuccess,
  });
}

/** Renames and reorders every track in one call (PUT /api/event/tracks/bulk/). */
export function useSaveTracks(eventId: string) {
  return useStudioMutation({
    mutationFn: (tracks: Pick<Track, 'id' | 'title' | 'sort_priority'>[]) =>
      studioApi.request({
        method: 'PUT',
        path: '/event/tracks/bulk/',
        body: { event: eventId, tracks },
        schema: z.array(trackSchema),
      }),
    invalidates: [queryKeys.agenda.of(eventId)],
    failureToast: agendaMessages.failedToUpdateTrack,
  });
}

/** Starts or stops the session's simulive test run (001 §7): empty bodies, answered with the session. */
export function useSimuliveTest(eventId: string) {
  return useStudioMutation({
    mutationFn: ({ id, running }: { id: string; running: boolean }) =>
      studioApi.request({
        method: 'POST',
        path: `${one('/event/broadcasts/', id)}${running ? 'stop_simulive_test/' : 'test_simulive/'}`,
        schema: broadcastSchema,
      }),
    invalidates: [queryKeys.agenda.of(eventId)],
  });
}

/** What the session's test channel plays now (its private preview), asked again when that changes. */
export const simuliveTestPreviewQuery = (eventId: string, broadcastId: string) =>
  queryOptions({
    queryKey: [...queryKeys.agenda.of(eventId), 'simulive-test-preview', broadcastId],
    queryFn: () =>
      studioApi.request({
        method: 'GET',
        path: `${one('/event/broadcasts/', broadcastId)}simulive_test_preview/`,
        schema: stageSourceSchema,
      }),
    // Asked again at `until`, and at least once a minute (the studio's clock tick; clocks drift).
    refetchInterval: (query) => {
      const until = query.state.data?.until;
      return until ? Math.min(Math.max(Date.parse(until) - Date.now(), 1000), 60_000) : false;
    },
  });

export type { AgendaItem, Broadcast, Track };

const FORM_FIELDS: Readonly<Record<string, string>> = { start_time: 'startTime', end_time: 'endTime' };

/**
 * A drawer's `onFailure`: the server's field errors land on the drawer's fields (its times are
 * typed as a day and two times); any other failure is the spec's toast.
 */
export const drawerFailure =
  (form: { setErrors: (errors: Record<string, string>) => void }, toast: string) => (error: unknown) => {
    const errors: Record<string, string> = {};
    for (const [field, message] of Object.entries(serverFieldErrors(error)))
      errors[FORM_FIELDS[field] ?? field] = message;
    if (Object.keys(errors).length > 0) form.setErrors(errors);
    else showToast(toast, 'error');
  };

/** The studio's path of a session's documents, relative to the client's `/api`. */
const documentsPath = (sessionId: string) => sessionDocumentsPath(sessionId).replace(/^\/api/, '');

export const sessionDocumentsQuery = (eventId: string, sessionId: string) =>
  queryOptions({
    queryKey: [...queryKeys.agenda.of(eventId), 'documents', sessionId],
    queryFn: () =>
      studioApi.request({
        method: 'GET',
        path: documentsPath(sessionId),
        schema: z.array(sessionDocumentSchema),
      }),
  });

/** Attaches a file (already uploaded: its content path) or a link to the session. */
export function useAddSessionDocument(eventId: string, sessionId: string) {
  return useStudioMutation({
    mutationFn: (body: CreateSessionDocument) =>
      studioApi.request({
        method: 'POST',
        path: documentsPath(sessionId),
        body,
        schema: sessionDocumentSchema,
      }),
    invalidates: [sessionDocumentsQuery(eventId, sessionId).queryKey],
  });
}

export function useRemoveSessionDocument(eventId: string, sessionId: string) {
  return useStudioMutation({
    mutationFn: (documentId: string) =>
      studioApi.request({
        method: 'DELETE',
        path: sessionDocumentPath(sessionId, documentId).replace(/^\/api/, ''),
      }),
    invalidates: [sessionDocumentsQuery(eventId, sessionId).queryKey],
  });
}
