// Placeholder for the ingest helper's file (replaced on merge): the agreed interface.
export interface Publisher {
  app: string;
  key: string;
  remoteAddress: string;
  secure: boolean;
}
export interface IngestSegment {
  file: string;
  index: number;
  duration: number;
  startTime: number;
}
export type PublishEnd = {
  reason: 'closed' | 'stalled' | 'error' | 'kicked' | 'unsupported';
  message?: string;
};
export interface PublishHandler {
  onSegment(segment: IngestSegment): Promise<void>;
  onEnd(end: PublishEnd): void | Promise<void>;
}
export interface PublishSession {
  readonly publisher: Publisher;
  kick(): void;
}
export interface IngestOptions {
  host?: string;
  port: number;
  tls?: { port: number; cert: string | Buffer; key: string | Buffer };
  workDir: string;
  segmentSeconds?: number;
  stallTimeoutMs?: number;
  authorize(publisher: Publisher, session: PublishSession): Promise<PublishHandler | null>;
  log?: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
}
export interface Ingest {
  readonly port: number;
  readonly tlsPort: number | null;
  close(): Promise<void>;
}
export function startIngest(_options: IngestOptions): Promise<Ingest> {
  return Promise.reject(new Error("the ingest helper's file replaces this placeholder"));
}
