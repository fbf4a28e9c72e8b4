import {
  serverSocketMessageSchema,
  type ClientSocketMessage,
  type ServerSocketMessage,
} from '@studio/domain';
import { localSession } from './local-session.ts';
import { studioApi } from './studio-api.ts';

/** Spec 001 §7/§9: before there is an access token, try again every 5 seconds. */
export const PRECONNECT_RETRY_MS = 5000;
/** Waits between reconnection attempts after a connection drops; the last one repeats. */
export const RECONNECT_BACKOFF_MS = [1000, 2000, 5000, 10_000, 30_000] as const;

/** The part of a browser WebSocket the client uses (tests hand in a fake). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

const OPEN = 1;

export interface RealtimeClientOptions {
  /** The current access token, or null while there is none. */
  accessToken: () => string | null;
  /** The websocket address for a token. */
  socketUrl: (token: string) => string;
  createSocket?: (url: string) => SocketLike;
  /**
   * Called when a connection ends before the server said it is ready — the usual cause is an
   * expired access token — so the next attempt has a fresh one.
   */
  renewToken?: () => Promise<unknown>;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export type SetEventIdData = Extract<ClientSocketMessage, { type: 'setEventId' }>['data'];
export type RealtimeListener = (message: ServerSocketMessage) => void;

export interface RealtimeClient {
  /** Opens the connection (and keeps it open) until every holder has released it. */
  retain(): () => void;
  /** Tells the server which event the studio shows (spec 001 §7); re-sent after each reconnection. */
  setEventId(data: SetEventIdData): void;
  subscribe(listener: RealtimeListener): () => void;
  /** True while a connection is open and the server has said it is ready. */
  isReady(): boolean;
}

/**
 * The studio's websocket client (ARCHITECTURE §6): `/api/ws?token=…`; retries every 5 s until an
 * access token exists, reconnects with back-off after a drop, renews the token when a connection
 * is refused, and re-sends the last setEventId on every new connection.
 */
export function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  const createSocket = options.createSocket ?? ((url: string): SocketLike => new WebSocket(url));
  const setTimer = options.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const clearTimer =
    options.clearTimer ?? ((timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const listeners = new Set<RealtimeListener>();
  let holders = 0;
  let socket: SocketLike | null = null;
  let ready = false;
  let timer: unknown = null;
  let failures = 0;
  let lastSetEventId: ClientSocketMessage | null = null;

  function schedule(ms: number) {
    if (timer !== null) clearTimer(timer);
    timer = setTimer(() => {
      timer = null;
      connect();
    }, ms);
  }

  function connect() {
    if (holders === 0 || socket) return;
    const token = options.accessToken();
    if (!token) {
      schedule(PRECONNECT_RETRY_MS);
      return;
    }
    const current = createSocket(options.socketUrl(token));
    socket = current;
    let becameReady = false;
    current.onopen = () => {
      if (lastSetEventId) current.send(JSON.stringify(lastSetEventId));
    };
    current.onmessage = (event) => {
      let parsed;
      try {
        parsed = serverSocketMessageSchema.safeParse(JSON.parse(String(event.data)));
      } catch {
        return;
      }
      if (!parsed.success) return;
      if (parsed.data.type === 'ready') {
        becameReady = true;
        ready = true;
        failures = 0;
      }
      for (const listener of [...listeners]) listener(parsed.data);
    };
    current.onerror = () => undefined;
    current.onclose = () => {
      if (socket !== current) return;
      socket = null;
      ready = false;
      if (holders === 0) return;
      const delay = RECONNECT_BACKOFF_MS[Math.min(failures, RECONNECT_BACKOFF_MS.length - 1)]!;
      failures += 1;
      if (!becameReady && options.renewToken) {
        options
          .renewToken()
          .catch(() => undefined)
          .finally(() => schedule(delay));
      } else {
        schedule(delay);
      }
    };
  }

  function disconnect() {
    if (timer !== null) clearTimer(timer);
    timer = null;
    const current = socket;
    socket = null;
    ready = false;
    failures = 0;
    current?.close(1000, 'Closed by the studio');
  }

  return {
    retain() {
      holders += 1;
      if (holders === 1) connect();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holders -= 1;
        if (holders === 0) disconnect();
      };
    },
    setEventId(data) {
      lastSetEventId = { type: 'setEventId', data };
      if (socket?.readyState === OPEN) socket.send(JSON.stringify(lastSetEventId));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isReady: () => ready,
  };
}

/** `ws(s)://<this host>/api/ws?token=…` */
/**
 * The server's answer to setEventId: from now on it sends this studio the event's pushes. Pages
 * that follow an event's pushes read their data again then — anything changed before it was missed
 * (at the first connection as after a reconnection).
 */
export const eventNamed = (message: ServerSocketMessage) =>
  message.type === 'ack' && message.data.of === 'setEventId';

export const studioSocketUrl = (token: string) =>
  `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/api/ws?token=${encodeURIComponent(token)}`;

/** The studio's one websocket, shared by every screen that listens. */
export const studioRealtime = createRealtimeClient({
  accessToken: () => localSession.tokens()?.access ?? null,
  socketUrl: studioSocketUrl,
  // Any authenticated call renews an expired access token (refresh once on 401).
  renewToken: () => studioApi.request({ method: 'GET', path: '/core/user/me/' }),
});
