import path from 'node:path';
import { bearer } from '../../../test/harness.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import { localMediaRoot } from '../../platform/storage/storage.ts';

/** The tus version header every upload call carries. */
export const tus = { 'tus-resumable': '1.0.0' };
/** The body type of a tus PATCH. */
export const octets = { 'content-type': 'application/offset+octet-stream' };
/** The path of an upload's Location. */
export const pathOf = (location: string) => new URL(location).pathname;
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
