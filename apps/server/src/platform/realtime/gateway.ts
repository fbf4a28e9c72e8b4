import fastifyWebsocket from '@fastify/websocket';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import {
  clientSocketMessageSchema,
  serverMessages,
  SOCKET_CLOSE_FORBIDDEN,
  SOCKET_CLOSE_UNAUTHENTICATED,
  type ServerSocketMessage,
} from '@studio/domain';
import { bearerToken, type Authenticator, type Caller } from '../http/caller.ts';
import { HttpError, notAuthenticated } from '../http/errors.ts';
import type { HttpServer } from '../http/server.ts';
import type { PubSub } from './pubsub.ts';

const CHANNEL = 'realtime';

/** What crosses processes: one message for one organisation's sockets, maybe narrowed. */
interface Envelope {
  organizationId: string;
  /** Only sockets whose setEventId named this event. */
  eventId?: string | undefined;
  /** Only sockets that may see this workspace's objects (null: objects of no workspace). */
  workspace?: { id: string | null } | undefined;
  message: ServerSocketMessage;
}

/**
 * Listens, in this process, to every process's pushes of one type scoped to an event (the attendee
 * site forwards some to attendees); answers the unsubscribe.
 */
export function subscribeEventPushes(
  pubsub: Pick<PubSub, 'subscribe'>,
  type: ServerSocketMessage['type'],
  listener: (eventId: string, message: ServerSocketMessage) => void,
): () => void {
  return pubsub.subscribe(CHANNEL, (raw) => {
    const envelope = raw as Envelope;
    if (envelope.eventId !== undefined && envelope.message.type === type)
      listener(envelope.eventId, envelope.message);
  });
}

export interface Realtime {
  /** Pushes a message to every open studio of the organisation, in every process. */
  publish(
    organizationId: string,
    message: ServerSocketMessage,
    scope?: { eventId?: string; workspaceId?: string | null },
  ): Promise<void>;
  /** Open sockets in this process (for tests and health). */
  connections(): number;
  /**
   * Each process, after delivering a push of one of these types to its own sockets, delivers what
   * `follow` answers to the same sockets (once per process: no second round through the pub/sub).
   */
  follow(
    types: readonly ServerSocketMessage['type'][],
    follow: (message: ServerSocketMessage, eventId: string | undefined) => ServerSocketMessage,
  ): void;
}

interface SocketState {
  socket: WebSocket;
  /** The token it connected with, checked again every minute. */
  token: string;
  caller: Caller & { organizationId: string };
  /** Workspaces whose objects this person sees; null for every one. */
  workspaces: readonly string[] | null;
  eventId: string | null;
  route: string | null;
}

export interface GatewayOptions {
  authenticate: Authenticator;
  /** How often open sockets prove their token is still good (default 60 s). */
  recheckSeconds?: number;
  pubsub: PubSub;
  /** The workspaces a caller may see objects of (null: all); decides which pushes reach them. */
  visibleWorkspaces(caller: Caller & { organizationId: string }): Promise<readonly string[] | null>;
}

const wsQuery = z.object({ token: z.string().optional() });

/**
 * `/api/ws?token=…`: the studio's websocket. Authenticated like HTTP (an access token or an API
 * token, in the query because browsers cannot set headers on a websocket), fanned out per
 * organisation through the pub/sub so any process's publish reaches every process's sockets.
 */
export async function registerRealtimeGateway(app: HttpServer, options: GatewayOptions): Promise<Realtime> {
  const byOrganization = new Map<string, Set<SocketState>>();
  const followers: { types: readonly string[]; follow: Parameters<Realtime['follow']>[1] }[] = [];
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });

  const unsubscribe = options.pubsub.subscribe(CHANNEL, (raw) => {
    const envelope = raw as Envelope;
    deliver(envelope);
    for (const { types, follow } of followers)
      if (types.includes(envelope.message.type))
        deliver({ ...envelope, message: follow(envelope.message, envelope.eventId) });
  });
  // An expired access token or a revoked session closes the socket (4401): the client refreshes
  // its token and reconnects, as it does for HTTP.
  const recheck = setInterval(
    () => {
      for (const sockets of byOrganization.values()) {
        for (const state of sockets) {
          options
            .authenticate(state.token)
            .then((caller) => {
              if (
                caller?.userId !== state.caller.userId ||
                caller.organizationId !== state.caller.organizationId
              ) {
                state.socket.close(SOCKET_CLOSE_UNAUTHENTICATED, 'Token expired');
              }
            })
            .catch((error: unknown) => {
              if (error instanceof HttpError && error.status === 403)
                state.socket.close(SOCKET_CLOSE_FORBIDDEN, 'Token refused');
            });
        }
      }
    },
    (options.recheckSeconds ?? 60) * 1000,
  );
  recheck.unref();
  app.addHook('onClose', (_instance, done) => {
    clearInterval(recheck);
    unsubscribe();
    for (const sockets of byOrganization.values())
      for (const state of sockets) state.socket.close(1001, 'Server stopping');
    done();
  });

  function deliver(envelope: Envelope) {
    const sockets = byOrganization.get(envelope.organizationId);
    if (!sockets) return;
    const frame = JSON.stringify(envelope.message);
    for (const state of sockets) {
      if (envelope.eventId !== undefined && state.eventId !== envelope.eventId) continue;
      const workspaceId = envelope.workspace?.id;
      if (
        envelope.workspace &&
        state.workspaces &&
        (workspaceId === null || !state.workspaces.includes(workspaceId ?? ''))
      )
        continue;
      if (state.socket.readyState === state.socket.OPEN) state.socket.send(frame);
    }
  }

  async function authenticate(
    request: FastifyRequest,
  ): Promise<{ caller: Caller & { organizationId: string }; token: string }> {
    const { token } = wsQuery.parse(request.query);
    const secret = token ?? bearerToken(request);
    const caller = secret ? await options.authenticate(secret) : null;
    if (!caller || !secret) throw notAuthenticated();
    if (!caller.organizationId) throw new HttpError(403, 'FORBIDDEN', serverMessages.forbidden);
    return { caller: caller as Caller & { organizationId: string }, token: secret };
  }

  app.route({
    method: 'GET',
    url: '/api/ws',
    // Authenticated by the `token` query parameter, not the bearer header.
    schema: { hide: true, security: [], querystring: wsQuery },
    preHandler: async (request) => {
      (request as FastifyRequest & { socketCaller?: unknown }).socketCaller = await authenticate(request);
    },
    handler: async (_request, reply) =>
      reply
        .status(426)
        .header('upgrade', 'websocket')
        .send({ message: 'Connect with a websocket.', code: 'UPGRADE_REQUIRED' }),
    wsHandler: (socket, request) => {
      const { caller, token } = (
        request as FastifyRequest & {
          socketCaller: { caller: Caller & { organizationId: string }; token: string };
        }
      ).socketCaller;
      const state: SocketState = { socket, token, caller, workspaces: null, eventId: null, route: null };
      const send = (message: ServerSocketMessage) => socket.send(JSON.stringify(message));
      let sockets = byOrganization.get(caller.organizationId);
      if (!sockets) byOrganization.set(caller.organizationId, (sockets = new Set()));
      const joined = sockets;
      socket.on('close', () => {
        joined.delete(state);
        if (joined.size === 0) byOrganization.delete(caller.organizationId);
      });
      socket.on('message', (data, isBinary) => {
        let parsed;
        try {
          parsed = isBinary
            ? undefined
            : clientSocketMessageSchema.safeParse(JSON.parse(Buffer.from(data as Buffer).toString('utf8')));
        } catch {
          parsed = undefined;
        }
        if (!parsed?.success) {
          send({ type: 'error', data: { message: 'Unknown message.' } });
          return;
        }
        const message = parsed.data;
        if (message.type === 'setEventId') {
          state.eventId = message.data.eventId;
          state.route = message.data.route ?? null;
        }
        send({ type: 'ack', data: { of: message.type } });
      });
      options
        .visibleWorkspaces(caller)
        .then((workspaces) => {
          state.workspaces = workspaces;
          joined.add(state);
          send({ type: 'ready', data: { userId: caller.userId, organizationId: caller.organizationId } });
        })
        .catch(() => socket.close(1011, 'Unavailable'));
    },
  });

  return {
    async publish(organizationId, message, scope = {}) {
      const envelope: Envelope = {
        organizationId,
        message,
        ...(scope.eventId !== undefined ? { eventId: scope.eventId } : {}),
        ...(scope.workspaceId !== undefined ? { workspace: { id: scope.workspaceId } } : {}),
      };
      await options.pubsub.publish(CHANNEL, envelope);
    },
    connections: () => [...byOrganization.values()].reduce((total, sockets) => total + sockets.size, 0),
    follow: (types, follow) => void followers.push({ types, follow }),
  };
}
