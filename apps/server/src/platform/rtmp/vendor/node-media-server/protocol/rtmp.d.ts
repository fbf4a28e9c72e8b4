import type AVPacket from '../core/avpacket.js';

export interface RtmpInvokeMessage {
  cmd: string;
  transId: number;
  streamName?: string;
}

/** Handshake, chunk stream and AMF commands of one connection; the socket loop is the caller's. */
export default class Rtmp {
  streamApp?: string;
  streamName?: string;
  streamId: number;
  protected parserPacket: { header: { stream_id: number; length: number } };
  /** The message being read on each chunk stream id. */
  protected inPackets: Map<number, unknown>;
  /** Makes room for the message whose header was just read (`parserPacket.header.length` bytes). */
  protected packetAlloc(): void;
  onConnectCallback: (request: { app: string; name: string; host: string }) => void;
  onPushCallback: () => void;
  onPacketCallback: (packet: AVPacket) => void;
  onOutputCallback: (buffer: Buffer) => void;
  /** Feeds received bytes; callbacks run synchronously. Throws on some malformed input. */
  parserData(buffer: Buffer): string | null;
  protected onPublish(invokeMessage: RtmpInvokeMessage): void;
  protected onPlay(invokeMessage: RtmpInvokeMessage): void;
  protected respondPublish(): void;
  sendStatusMessage(streamId: number, level: string, code: string, description: string): void;
}
