import { describe, expect, it } from 'vitest';
import { mergeMasterPlaylists, parseMasterPlaylist, segmentUris } from './hls-playlists.ts';

describe('HLS playlists', () => {
  it('merges the variants of several sets, smallest picture first', () => {
    const merged = mergeMasterPlaylists([
      {
        playlist: '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=500000,RESOLUTION=1280x720\nsource/index.m3u8\n',
        uriPrefix: '../remux-a/',
      },
      {
        playlist:
          '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2"\n360p/index.m3u8\n',
        uriPrefix: '',
      },
    ]);
    expect(parseMasterPlaylist(merged).map((variant) => variant.uri)).toEqual([
      '360p/index.m3u8',
      '../remux-a/source/index.m3u8',
    ]);
  });

  it('lists the segment URIs of a media playlist in order', () => {
    expect(
      segmentUris('#EXTM3U\n#EXTINF:4,\nsegment-00000.ts\n\n#EXTINF:2,\nsegment-00001.ts\n#EXT-X-ENDLIST\n'),
    ).toEqual(['segment-00000.ts', 'segment-00001.ts']);
  });
});
