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
