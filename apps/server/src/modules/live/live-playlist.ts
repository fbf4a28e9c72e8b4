/** A segment as a live playlist lists it. */
export interface PlaylistSegment {
  sequence: number;
  duration: number;
  discontinuity: boolean;
  discontinuities_before: number;
}

/**
 * A channel's live media playlist (RFC 8216): the last segments in order, a discontinuity where the
 * source changed (failover, filler, a reconnect), the media and discontinuity sequences that keep it
 * one continuous playlist for players, and ENDLIST once the channel is archived.
 */
export function livePlaylist(
  segments: readonly PlaylistSegment[],
  options: { segmentSeconds: number; ended: boolean; uri: (sequence: number) => string },
): string {
  const [first] = segments;
  const target = Math.max(options.segmentSeconds, ...segments.map((segment) => Math.ceil(segment.duration)));
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${target}`,
    `#EXT-X-MEDIA-SEQUENCE:${first?.sequence ?? 0}`,
    // The first segment's own discontinuity is counted here rather than tagged (RFC 8216 §6.2.2).
    `#EXT-X-DISCONTINUITY-SEQUENCE:${first ? first.discontinuities_before + (first.discontinuity ? 1 : 0) : 0}`,
  ];
  for (const segment of segments) {
    if (segment.discontinuity && segment !== first) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXTINF:${segment.duration.toFixed(3)},`, options.uri(segment.sequence));
  }
  if (options.ended) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}
