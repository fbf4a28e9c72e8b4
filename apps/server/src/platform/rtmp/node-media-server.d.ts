// node-media-server ships no types: the protocol classes the ingest uses (v4.4.3), nothing else.
declare module 'node-media-server/src/core/avpacket.js' {
  /** One FLV/RTMP message: `codec_type` 8 audio, 9 video, 18 script data. */
  export default class AVPacket {
    codec_id: number;
    codec_type: number;
    flags: number;
    pts: number;
    dts: number;
    size: number;
    /** Valid during the callback only: the parser reuses the buffer for the next message. */
    data: Buffer;
  }
}

declare module 'node-media-server/src/protocol/flv.js' {
  import type AVPacket from 'node-media-server/src/core/avpacket.js';

  export default class Flv {
    /** The 9-byte FLV header and the first PreviousTagSize. */
    static createHeader(hasAudio: boolean, hasVideo: boolean): Buffer;
    /** A tag and its PreviousTagSize, copied out of the packet. */
    static createMessage(packet: AVPacket): Buffer;
  }
}

declare module 'node-media-server/src/protocol/rtmp.js' {
  import type AVPacket from 'node-media-server/src/core/avpacket.js';

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
}
