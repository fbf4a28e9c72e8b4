/** One `#EXT-X-STREAM-INF` variant of a master playlist. */
export interface MasterVariant {
  attributes: string;
  uri: string;
  bandwidth: number;
  /** Width × height, 0 when the playlist does not say. */
  pixels: number;
}

/** The variants of a master playlist (as ffmpeg writes them). */
export function parseMasterPlaylist(playlist: string): MasterVariant[] {
  const lines = playlist.split('\n').map((line) => line.trim());
  const variants: MasterVariant[] = [];
  lines.forEach((line, index) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const uri = lines.slice(index + 1).find((next) => next && !next.startsWith('#'));
    if (!uri) return;
    const attributes = line.slice('#EXT-X-STREAM-INF:'.length);
    const [width, height] = (/(?:^|,)RESOLUTION=(\d+)x(\d+)/.exec(attributes) ?? []).slice(1).map(Number);
    variants.push({
      attributes,
      uri,
      bandwidth: Number(/(?:^|,)BANDWIDTH=(\d+)/.exec(attributes)?.[1] ?? 0),
      pixels: (width ?? 0) * (height ?? 0),
    });
  });
  return variants;
}

/**
 * One master playlist over variants of several published sets: each set's variants with their URI
 * made relative to the new master (`../<set>/…`), smallest picture first.
 */
export function mergeMasterPlaylists(sets: { playlist: string; uriPrefix: string }[]): string {
  const variants = sets
    .flatMap((set) =>
      parseMasterPlaylist(set.playlist).map((variant) => ({
        ...variant,
        uri: `${set.uriPrefix}${variant.uri}`,
      })),
    )
    .sort((a, b) => a.pixels - b.pixels || a.bandwidth - b.bandwidth);
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    ...variants.flatMap((variant) => [`#EXT-X-STREAM-INF:${variant.attributes}`, variant.uri]),
    '',
  ].join('\n');
}

/** The segment URIs of a media playlist, in order. */
export function segmentUris(playlist: string): string[] {
  return playlist
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
}

const SUBTITLES_GROUP = 'subs';

/**
 * A master playlist with a WebVTT subtitles rendition (RFC 8216 §4.3.4.1): the `EXT-X-MEDIA`
 * line, and every variant naming its group — players (hls.js, Safari) then offer the captions.
 */
export function withSubtitles(master: string, uri: string, language = 'en', name = 'English'): string {
  const media = `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="${SUBTITLES_GROUP}",NAME="${name}",LANGUAGE="${language}",DEFAULT=NO,AUTOSELECT=YES,URI="${uri}"`;
  const lines = master
    .split('\n')
    .map((line) =>
      line.startsWith('#EXT-X-STREAM-INF:') && !line.includes('SUBTITLES=')
        ? `${line.trimEnd()},SUBTITLES="${SUBTITLES_GROUP}"`
        : line,
    );
  const firstVariant = lines.findIndex((line) => line.startsWith('#EXT-X-STREAM-INF:'));
  lines.splice(firstVariant < 0 ? lines.length : firstVariant, 0, media);
  return lines.join('\n');
}

/** The subtitles media playlist: the whole WebVTT file as one segment of the video's duration. */
export function subtitlesPlaylist(vttUri: string, durationSeconds: number): string {
  const duration = Math.max(1, durationSeconds);
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.ceil(duration)}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXTINF:${duration.toFixed(3)},`,
    vttUri,
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
}
