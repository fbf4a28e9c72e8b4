import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { bearer, testConfig } from '../../../test/harness.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import { localMediaRoot } from '../../platform/storage/storage.ts';
import { buildStudio } from '../../studio.ts';
import type { MediaStudio } from '../video-library/video-library.fixtures.ts';

/** The tus version header every upload call carries. */
export const tus = { 'tus-resumable': '1.0.0' };
/** The body type of a tus PATCH. */
export const octets = { 'content-type': 'application/offset+octet-stream' };
/** The path of an upload's Location. */
/** The path of an upload's Location (root-relative for a session, absolute for an API token). */
export const pathOf = (location: string) => new URL(location, 'http://any.test').pathname;
/** Where an upload's bytes are, in the local media of a studio on `dataDir`. */
export const uploadFileIn = (dataDir: string, location: string) =>
  path.join(localMediaRoot(dataDir), 'uploads', location.split('/').at(-1)!);

/** A tus call's arguments after the node and the caller's access. */
export type TusCall = [
  method: 'POST' | 'PATCH' | 'HEAD',
  url: string,
  headers: Record<string, string>,
  payload?: Buffer,
];

/** A tus call to `node` (a studio, or one API node of several) as the person with `access`. */
export const tusCall = (
  node: Pick<HttpServer, 'inject'>,
  access: string,
  ...[method, url, headers, payload]: TusCall
) =>
  node.inject({
    method,
    url,
    headers: { ...bearer(access), ...tus, ...headers },
    ...(payload ? { payload } : {}),
  });

/**
 * API nodes beside a media studio, each with its own tus server as another process would have: on
 * the studio's database and data directory, signing with one key. Each call builds another.
 */
export function apiNodesOf(studio: MediaStudio) {
  const secret = randomBytes(32).toString('hex');
  const config = {
    ...testConfig,
    publicUrl: 'http://studio.test',
    dataDir: studio.dataDir,
    role: 'api' as const,
  };
  return () => buildStudio(config, studio.database, secret);
}
