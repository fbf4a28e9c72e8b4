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
