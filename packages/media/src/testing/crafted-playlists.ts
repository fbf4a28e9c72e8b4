import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { fixture, fixtureDir } from './fixtures.ts';

export interface CraftedPlaylists {
  /** HLS playlists an attacker could upload in place of a video. */
  paths: { localFile: string; localMedia: string; network: string };
  /** Requests the loopback server has received, from the `network` playlist. */
  requests: () => number;
  close: () => Promise<void>;
}

/** Playlists pointing at /etc/passwd, at another local media file and at a loopback HTTP server. */
async function craftPlaylists(): Promise<CraftedPlaylists> {
  let requests = 0;
  const server = createServer((_, response) => {
    requests += 1;
    response.end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const playlist = async (name: string, uri: string) => {
    const path = join(fixtureDir, name);
    await writeFile(path, `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n${uri}\n#EXT-X-ENDLIST\n`);
    return path;
  };
  return {
    paths: {
      localFile: await playlist('passwd.m3u8', 'file:///etc/passwd'),
      localMedia: await playlist('local-media.m3u8', await fixture('hd.mp4')),
      network: await playlist('network.m3u8', `http://127.0.0.1:${port}/segment.ts`),
    },
    requests: () => requests,
    close: async () => {
      server.close();
      await once(server, 'close');
    },
  };
}

/** The crafted playlists of the calling describe's tests: made before them, closed after them. */
export function useCraftedPlaylists(): CraftedPlaylists {
  const crafted = {} as CraftedPlaylists;
  beforeAll(async () => {
    Object.assign(crafted, await craftPlaylists());
  });
  afterAll(() => crafted.close());
  return crafted;
}
