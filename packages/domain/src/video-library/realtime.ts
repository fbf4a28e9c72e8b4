import { z } from 'zod';
import { peopleJobSchema } from '../people/api.ts';
import { PEOPLE_JOB_UPDATED } from '../people/emails.ts';
import { checkInUpdatedMessageSchema } from '../registration/check-in-api.ts';
import { stageUpdatedMessageSchema } from '../stage/api.ts';
import { fillerSlideUpdatedMessageSchema } from '../filler-slides/index.ts';
import { engagementUpdatedMessageSchema } from '../engagement/api.ts';
import { readinessUpdatedMessageSchema } from '../readiness/api.ts';
import { crmSyncUpdatedMessageSchema } from '../integrations/crm.ts';
import {
  pardotImportUpdatedMessageSchema,
  wistiaPushUpdatedMessageSchema,
} from '../integrations/marketing.ts';
import { clipUpdatedMessageSchema } from '../content-lab/clips.ts';
import { workflowUpdatedMessageSchema } from '../events/event-api.ts';
import { videoTranscriptUpdatedMessageSchema } from './transcript.ts';

/**
 * The studio websocket (`/api/ws?token=…`, ARCHITECTURE §6, spec 001 §7): JSON text frames
 * `{ type, data }` both ways.
 */
export const setEventIdMessageSchema = z.object({
  type: z.literal('setEventId'),
  data: z.object({
    eventId: z.string().nullable(),
    userId: z.string().nullable().optional(),
    route: z.string().optional(),
  }),
});

export const clientSocketMessageSchema = z.discriminatedUnion('type', [
  setEventIdMessageSchema,
  z.object({ type: z.literal('ping') }),
]);
export type ClientSocketMessage = z.infer<typeof clientSocketMessageSchema>;

/** Pushed to the organisation's sockets at each status change of a video asset. */
export const videoAssetUpdatedMessageSchema = z.object({
  type: z.literal('video-asset-updated'),
  data: z.object({
    id: z.string(),
    workspace: z.string().nullable(),
    transcode_status: z.string().nullable(),
    status: z.string(),
    transcoder_warnings: z.array(z.string()),
    transcoder_errors: z.array(z.string()),
    duration: z.number().nullable(),
    /** True once the asset plays (PROCESSING_HD or COMPLETE); fetch the asset for its URLs. */
    playable: z.boolean(),
    /** True when the asset was deleted. */
    deleted: z.boolean().optional(),
    updated_at: z.string(),
  }),
});

/** Event-scoped pushes of spec 001 §7: sent to sockets whose setEventId named the event. */
const eventScoped = <T extends string>(type: T) =>
  z.object({
    type: z.literal(type),
    data: z.object({ eventId: z.string(), id: z.string() }).catchall(z.unknown()),
  });
export const broadcastUpdatedMessageSchema = eventScoped('broadcast-updated');
/**
 * 001 §7 names it rtmp-input-updated; 002 §7.4 describes the same push as 'rtmp input channel
 * updated': the input's id with its channel_states and test_run_end_time.
 */
export const rtmpInputUpdatedMessageSchema = eventScoped('rtmp-input-updated');
export const agendaItemUpdatedMessageSchema = eventScoped('agenda-item-updated');
/** A bulk invitation's progress (issue 15), to the sockets of its event. */
export const peopleJobUpdatedMessageSchema = z.object({
  type: z.literal(PEOPLE_JOB_UPDATED),
  data: peopleJobSchema.extend({ eventId: z.string() }),
});

/**
 * An event's title or times changed (an edit or a reschedule), to its studios and to its attendees'
 * event app, whose header re-reads the event.
 */
export const EVENT_UPDATED = 'event-updated';
export const eventUpdatedMessageSchema = z.object({
  type: z.literal(EVENT_UPDATED),
  data: z.object({ eventId: z.string() }),
});

/**
 * An event's registrants changed outside the studio page that shows them (someone registered or
 * cancelled, the waitlist moved, an import or the No Show sweep ran): its Registrants re-read.
 */
export const REGISTRANTS_UPDATED = 'registrants-updated';
export const registrantsUpdatedMessageSchema = z.object({
  type: z.literal(REGISTRANTS_UPDATED),
  data: z.object({ eventId: z.string() }),
});

/** The server's first frame: the connection is authenticated. */
export const socketReadyMessageSchema = z.object({
  type: z.literal('ready'),
  data: z.object({ userId: z.string(), organizationId: z.string() }),
});
export const socketAckMessageSchema = z.object({
  type: z.literal('ack'),
  data: z.object({ of: z.string() }),
});
export const socketErrorMessageSchema = z.object({
  type: z.literal('error'),
  data: z.object({ message: z.string() }),
});

export const serverSocketMessageSchema = z.discriminatedUnion('type', [
  socketReadyMessageSchema,
  socketAckMessageSchema,
  socketErrorMessageSchema,
  videoAssetUpdatedMessageSchema,
  broadcastUpdatedMessageSchema,
  rtmpInputUpdatedMessageSchema,
  agendaItemUpdatedMessageSchema,
  peopleJobUpdatedMessageSchema,
  checkInUpdatedMessageSchema,
  registrantsUpdatedMessageSchema,
  stageUpdatedMessageSchema,
  fillerSlideUpdatedMessageSchema,
  engagementUpdatedMessageSchema,
  readinessUpdatedMessageSchema,
  wistiaPushUpdatedMessageSchema,
  pardotImportUpdatedMessageSchema,
  crmSyncUpdatedMessageSchema,
  clipUpdatedMessageSchema,
  videoTranscriptUpdatedMessageSchema,
  workflowUpdatedMessageSchema,
  eventUpdatedMessageSchema,
]);
export type ServerSocketMessage = z.infer<typeof serverSocketMessageSchema>;
export type PeopleJobUpdatedMessage = z.infer<typeof peopleJobUpdatedMessageSchema>;
export type VideoAssetUpdatedMessage = z.infer<typeof videoAssetUpdatedMessageSchema>;

/**
 * A connection without a valid token is refused before the upgrade (HTTP 401); an open socket
 * whose token expires (or whose session ends) is closed with this code. Either way the client
 * refreshes its access token and reconnects with back-off.
 */
export const SOCKET_CLOSE_UNAUTHENTICATED = 4401;

/** An open socket whose token is now refused (an API token whose organisation turned the automation API off). */
export const SOCKET_CLOSE_FORBIDDEN = 4403;
