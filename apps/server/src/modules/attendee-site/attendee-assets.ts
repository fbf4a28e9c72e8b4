import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ATTENDEE_ENTRY } from '@studio/domain';

/** The attendee bundle of a web build (none in tests without a build). */
export interface AttendeeAssets {
  /** The entry's URL. */
  script: string | undefined;
}

type Manifest = Record<string, { file?: string }>;

/**
 * Serves the web build's hashed assets on the attendee origin (cached for good, the brotli or gzip
 * copy when accepted) and finds the attendee entry's file through Vite's manifest.
 */
export async function serveAttendeeAssets(app: FastifyInstance, webDistDir: string): Promise<AttendeeAssets> {
  const manifestPath = path.join(webDistDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return { script: undefined };
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const file = manifest[ATTENDEE_ENTRY]?.file;
  await app.register(fastifyStatic, {
    root: path.join(webDistDir, 'assets'),
    prefix: '/assets/',
    wildcard: true,
    index: false,
    preCompressed: true,
    setHeaders: (reply) => {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  return { script: file ? `/${file}` : undefined };
}
