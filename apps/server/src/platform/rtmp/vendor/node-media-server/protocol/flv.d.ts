import type AVPacket from '../core/avpacket.js';

export default class Flv {
  /** The 9-byte FLV header and the first PreviousTagSize. */
  static createHeader(hasAudio: boolean, hasVideo: boolean): Buffer;
  /** A tag and its PreviousTagSize, copied out of the packet. */
  static createMessage(packet: AVPacket): Buffer;
}
