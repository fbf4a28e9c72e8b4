import { createServer as createTcpServer, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { INGEST_SEGMENT_SECONDS } from '@studio/media';
import { PublishConnection, type ConnectionSettings } from './publish-connection.ts';

/** Who publishes: `rtmp://host:port/{app}/{key}`, the stream key being the last path segment. */
export interface Publisher {
  app: string;
  key: string;
  remoteAddress: string;
  secure: boolean;
}
/** A complete MPEG-TS segment in the publish's private directory, deleted once announced. */
export interface IngestSegment {
  file: string;
  index: number;
  /** Seconds. */
  duration: number;
  /** Seconds of stream time. */
  startTime: number;
}
export type PublishEnd = {
  reason: 'closed' | 'stalled' | 'error' | 'kicked' | 'unsupported';
  message?: string;
};
export interface PublishHandler {
  onSegment(segment: IngestSegment): Promise<void>;
  /** Exactly once, after the last `onSegment` has settled. */
  onEnd(end: PublishEnd): void | Promise<void>;
}
/** A publish the studio turns down, and why: the publisher is told. */
export interface PublishRefusal {
  refused: string;
}
export interface PublishSession {
  readonly publisher: Publisher;
  /** Ends the publish: its handler hears `kicked`. */
  kick(): void;
}
export interface IngestLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}
export interface IngestOptions {
  host?: string;
  /** 0 picks a free port. */
  port: number;
  tls?: { port: number; cert: string | Buffer; key: string | Buffer };
  /** Each publish gets a private directory under it for its segments. */
  workDir: string;
  segmentSeconds?: number;
  /** A publisher silent this long is ended (`stalled`); a connection must publish within it too. */
  stallTimeoutMs?: number;
  /** A refusal (null: the key is not valid) ends the publish at once. */
  authorize(publisher: Publisher, session: PublishSession): Promise<PublishHandler | PublishRefusal | null>;
  log?: IngestLog;
}
export interface Ingest {
  readonly port: number;
  readonly tlsPort: number | null;
  /** Ends every publish (each handler hears `onEnd`), stops every ffmpeg and both listeners. */
  close(): Promise<void>;
}

const DEFAULT_STALL_TIMEOUT_MS = 10_000;

/** Listens for RTMP (and RTMPS with `tls`) publishers and packages each accepted publish. */
export async function startIngest(options: IngestOptions): Promise<Ingest> {
  const { log } = options;
  const stallTimeoutMs = options.stallTimeoutMs ?? DEFAULT_STALL_TIMEOUT_MS;
  const connections = new Set<PublishConnection>();
  const sockets = new Set<Socket>();
  const settings = (secure: boolean): ConnectionSettings => ({
    secure,
    workDir: options.workDir,
    segmentSeconds: options.segmentSeconds ?? INGEST_SEGMENT_SECONDS,
    stallTimeoutMs,
    authorize: (publisher, session) => options.authorize(publisher, session),
    ...(log ? { log } : {}),
  });
  const accept = (secure: boolean) => (socket: Socket) => {
    socket.setNoDelay(true);
    const connection = new PublishConnection(socket, settings(secure));
    connections.add(connection);
    void connection.done.then(() => connections.delete(connection));
  };
  const track = (server: Server) => {
    server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
    server.on('error', (error) => log?.warn({ err: error }, 'RTMP listener error'));
    return server;
  };

  const plain = track(createTcpServer(accept(false)));
  const secure =
    options.tls &&
    track(
      createTlsServer(
        { cert: options.tls.cert, key: options.tls.key, handshakeTimeout: stallTimeoutMs },
        accept(true),
      ).on('tlsClientError', (error, socket) => {
        // Plain RTMP on the RTMPS port, or a client that distrusts the certificate.
        log?.info({ err: error, remoteAddress: socket.remoteAddress }, 'RTMPS handshake failed');
        socket.destroy();
      }),
    );
  const listeners = [plain, ...(secure ? [secure] : [])];
  try {
    const port = await listen(plain, options.port, options.host);
    const tlsPort = secure ? await listen(secure, options.tls!.port, options.host) : null;
    log?.info({ port, tlsPort }, 'RTMP ingest listening');
    return {
      port,
      tlsPort,
      async close() {
        const closed = listeners.map(
          (server) => new Promise<void>((resolve) => server.close(() => resolve())),
        );
        await Promise.all([...connections].map((connection) => connection.shutdown()));
        // Connections still in their TLS handshake.
        for (const socket of sockets) socket.destroy();
        await Promise.all(closed);
      },
    };
  } catch (error) {
    for (const server of listeners) server.close();
    throw error;
  }
}

function listen(server: Server, port: number, host: string | undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}
