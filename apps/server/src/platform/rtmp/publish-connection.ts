import type { Socket } from 'node:net';
import type AVPacket from './vendor/node-media-server/core/avpacket.js';
import Flv from './vendor/node-media-server/protocol/flv.js';
import Rtmp, { type RtmpInvokeMessage } from './vendor/node-media-server/protocol/rtmp.js';
import { rtmpInputServerMessages } from '@studio/domain';
import type {
  IngestOptions,
  PublishEnd,
  PublishHandler,
  PublishRefusal,
  PublishSession,
  Publisher,
} from './ingest.ts';
import { CodecGate } from './publish-codecs.ts';
import { SegmentPackager } from './segment-packager.ts';

const RTMP_VERSION = 3;
/** A connect, createStream and publish fit in a few kB after the 3 kB handshake. */
const MAX_BYTES_BEFORE_PUBLISH = 64 * 1024;
/** How long a closed socket may take to flush its last words before it is destroyed. */
const CLOSE_GRACE_MS = 1000;
/**
 * The parser allocates each message's declared length up front: bounds on what a peer can make it
 * hold. Commands before a publish are small; a keyframe of a live stream stays well under 8 MB.
 */
const MAX_COMMAND_BYTES = 64 * 1024;
const MAX_MEDIA_MESSAGE_BYTES = 8 * 1024 * 1024;
const MAX_CHUNK_STREAMS = 16;

export interface ConnectionSettings extends Required<
  Pick<IngestOptions, 'segmentSeconds' | 'stallTimeoutMs'>
> {
  secure: boolean;
  workDir: string;
  authorize: IngestOptions['authorize'];
  log?: IngestOptions['log'];
}

/** A message longer than the parser may allocate: the peer is dropped with one warning. */
class OversizedMessage extends Error {
  constructor(readonly bytes: number) {
    super(`An RTMP message of ${bytes} bytes`);
  }
}

/** node-media-server's RTMP session, answering a publish only once the studio has decided. */
class PublishRtmp extends Rtmp {
  accepted = false;

  constructor(
    private readonly requestPublish: () => void,
    private readonly requestPlay: () => void,
  ) {
    super();
  }

  protected override packetAlloc(): void {
    const { length } = this.parserPacket.header;
    if (length > (this.accepted ? MAX_MEDIA_MESSAGE_BYTES : MAX_COMMAND_BYTES))
      throw new OversizedMessage(length);
    if (this.inPackets.size > MAX_CHUNK_STREAMS) throw new Error('Too many RTMP chunk streams');
    super.packetAlloc();
  }

  protected override onPublish(invokeMessage: RtmpInvokeMessage): void {
    this.streamName = (invokeMessage.streamName ?? '').split('?')[0];
    this.streamId = this.parserPacket.header.stream_id;
    this.requestPublish();
  }

  protected override onPlay(): void {
    this.streamId = this.parserPacket.header.stream_id;
    this.requestPlay();
  }

  acceptPublish(): void {
    this.accepted = true;
    this.respondPublish();
  }
}

/**
 * One TCP or TLS connection: the RTMP exchange up to a publish, the studio's authorisation, then
 * the publish itself until it ends (the handler hears `onEnd` exactly once).
 */
export class PublishConnection {
  readonly done: Promise<void>;
  private readonly rtmp: PublishRtmp;
  private state: 'connecting' | 'authorizing' | 'publishing' | 'ended' = 'connecting';
  private bytesBeforePublish = 0;
  private publishRequest: ((publisher: Publisher) => void) | undefined;
  private ending: { end: PublishEnd; packaging: 'finish' | 'kill' } | undefined;
  private announceEnd: (() => void) | undefined;
  private stallTimer: NodeJS.Timeout | undefined;
  private readonly gate = new CodecGate();
  private packager: SegmentPackager | undefined;
  private packaging = false;

  constructor(
    private readonly socket: Socket,
    private readonly settings: ConnectionSettings,
  ) {
    this.rtmp = new PublishRtmp(
      () => this.onPublishRequest(),
      () => this.refuse('NetStream.Play.Failed', 'This server takes publishers only.'),
    );
    this.rtmp.onOutputCallback = (buffer) => {
      if (socket.writable) socket.write(buffer);
    };
    this.rtmp.onPacketCallback = (packet) => this.onPacket(packet);
    this.armStallTimer();
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('data', (data: Buffer) => this.receive(data));
    socket.on('error', (error) => settings.log?.info({ err: error }, 'RTMP connection error'));
    socket.once('close', () => this.end({ reason: 'closed' }, 'finish'));
    const run = this.run().catch((error: unknown) =>
      settings.log?.warn({ err: error }, 'RTMP publish did not end cleanly'),
    );
    this.done = Promise.all([run, closed]).then(() => undefined);
  }

  /** Ends the publish (the ingest is closing) and resolves once everything about it has stopped. */
  shutdown(): Promise<void> {
    this.end({ reason: 'closed', message: 'The ingest closed.' }, 'kill');
    return this.done;
  }

  private async run(): Promise<void> {
    const ended = new Promise<void>((resolve) => (this.announceEnd = resolve));
    const requested = new Promise<Publisher>((resolve) => (this.publishRequest = resolve));
    const publisher = await Promise.race([requested, ended.then(() => undefined)]);
    if (!publisher) return;

    const session: PublishSession = { publisher, kick: () => this.end({ reason: 'kicked' }, 'kill') };
    const handler = (await this.authorize(publisher, session)) ?? {
      refused: rtmpInputServerMessages.streamKeyNotValid,
    };
    if ('refused' in handler) {
      this.refuse('NetStream.Publish.BadName', handler.refused);
      return;
    }
    if (!this.ending) {
      try {
        this.packager = await SegmentPackager.prepare({
          workDir: this.settings.workDir,
          segmentSeconds: this.settings.segmentSeconds,
          onSegment: (segment) => handler.onSegment(segment),
          onFailure: (message) => this.end({ reason: 'error', message }, 'kill'),
          ...(this.settings.log ? { log: this.settings.log } : {}),
        });
      } catch (error) {
        this.end({ reason: 'error', message: `The publish could not start: ${String(error)}` }, 'kill');
      }
    }
    if (!this.ending) {
      this.state = 'publishing';
      this.armStallTimer();
      this.rtmp.acceptPublish();
    }

    await ended;
    const { end, packaging } = this.ending!;
    await this.packager?.stop(packaging);
    try {
      await handler.onEnd(end);
    } catch (error) {
      this.settings.log?.warn({ err: error }, 'A publish end handler failed');
    }
  }

  private async authorize(
    publisher: Publisher,
    session: PublishSession,
  ): Promise<PublishHandler | PublishRefusal | null> {
    try {
      return await this.settings.authorize(publisher, session);
    } catch (error) {
      this.settings.log?.warn({ err: error, app: publisher.app }, 'RTMP publish authorisation failed');
      return null;
    }
  }

  private receive(data: Buffer) {
    if (this.state === 'ended') return;
    if (this.state === 'connecting') {
      this.bytesBeforePublish += data.length;
      if (this.bytesBeforePublish > MAX_BYTES_BEFORE_PUBLISH) return this.drop();
      // node-media-server skips the version byte unread: anything else is not RTMP.
      if (this.bytesBeforePublish === data.length && data[0] !== RTMP_VERSION) return this.drop();
    }
    try {
      this.rtmp.parserData(data);
    } catch (error) {
      if (error instanceof OversizedMessage)
        this.settings.log?.warn(
          { remoteAddress: this.socket.remoteAddress, bytes: error.bytes },
          'RTMP message over the size limit: connection dropped',
        );
      else this.settings.log?.info({ err: error }, 'Malformed RTMP data');
      if (this.state === 'publishing')
        this.end({ reason: 'error', message: 'The publisher sent malformed RTMP data.' }, 'kill');
      else this.drop();
    }
  }

  private onPublishRequest() {
    if (this.state !== 'connecting') return;
    this.state = 'authorizing';
    clearTimeout(this.stallTimer);
    const path = `${this.rtmp.streamApp ?? ''}/${this.rtmp.streamName ?? ''}`.split('/');
    const key = path.pop() ?? '';
    this.publishRequest?.({
      app: path.filter(Boolean).join('/'),
      key,
      remoteAddress: this.socket.remoteAddress ?? '',
      secure: this.settings.secure,
    });
  }

  private onPacket(packet: AVPacket) {
    if (this.state !== 'publishing' || !this.packager) return;
    if (packet.codec_type !== 8 && packet.codec_type !== 9) return;
    this.stallTimer?.refresh();
    if (this.packaging) return this.write(Flv.createMessage(packet));
    const verdict = this.gate.offer(packet);
    if (!verdict) return;
    if (!verdict.supported) return this.end({ reason: 'unsupported', message: verdict.message }, 'kill');
    this.packaging = true;
    this.packager.start(verdict.hasAudio);
    this.packager.onDrain(() => this.socket.resume());
    for (const tag of this.gate.takeHeld()) this.write(tag);
  }

  private write(tag: Buffer) {
    // ffmpeg is behind: stop reading the publisher until it catches up.
    if (!this.packager!.write(tag)) this.socket.pause();
  }

  private end(end: PublishEnd, packaging: 'finish' | 'kill') {
    if (this.ending) return;
    this.ending = { end, packaging };
    const wasPublishing = this.state === 'publishing';
    this.state = 'ended';
    clearTimeout(this.stallTimer);
    if (wasPublishing && (end.reason === 'unsupported' || end.reason === 'kicked'))
      this.rtmp.sendStatusMessage(
        this.rtmp.streamId,
        'error',
        'NetStream.Publish.Denied',
        end.message ?? 'The studio ended this publish.',
      );
    this.closeSocket();
    this.announceEnd?.();
  }

  /** Refuses a publish or play request: an error status, then the socket closes. */
  private refuse(code: string, description: string) {
    if (this.socket.writable) this.rtmp.sendStatusMessage(this.rtmp.streamId, 'error', code, description);
    this.end({ reason: 'closed' }, 'kill');
  }

  /** Not RTMP: closed without a word. */
  private drop() {
    this.socket.destroy();
    this.end({ reason: 'closed' }, 'kill');
  }

  private closeSocket() {
    if (this.socket.destroyed) return;
    this.socket.end();
    setTimeout(() => this.socket.destroy(), CLOSE_GRACE_MS).unref();
  }

  /** A connection must publish, and a publisher send media, at least this often. */
  private armStallTimer() {
    this.stallTimer = setTimeout(
      () => this.end({ reason: 'stalled', message: this.stalledMessage() }, 'finish'),
      this.settings.stallTimeoutMs,
    );
  }

  private stalledMessage() {
    const seconds = this.settings.stallTimeoutMs / 1000;
    return this.state === 'publishing'
      ? `No media for ${seconds} s.`
      : `No publish within ${seconds} s of connecting.`;
  }
}
