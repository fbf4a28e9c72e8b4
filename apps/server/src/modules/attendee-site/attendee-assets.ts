import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ATTENDEE_ENTRY } from '@studio/domain';

/** The attendee bundle of a web build (none in tests without a build). */
export interface AttendeeAssets {
  /** The entry's URL. */
  script: string | undefined;
  /** The registration form's stylesheets (Mantine's), linked by the registration pages. */
  formStyles: string[];
}

/** The registration island's module, as Vite's manifest names it. */
const REGISTER_ISLAND = 'src/attendee/register.tsx';

type Manifest = Record<string, { file?: string; css?: string[]; imports?: string[] }>;

/** The stylesheets of a chunk and of the chunks it imports, each once. */
function stylesOf(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  return [
    ...(chunk?.imports ?? []).flatMap((imported) => stylesOf(manifest, imported, seen)),
    ...(chunk?.css ?? []),
  ];
}

/**
 * Serves the web build's hashed assets on the attendee origin (cached for good, the brotli or gzip
 * copy when accepted) and finds the attendee entry's files through Vite's manifest.
 */
export async function serveAttendeeAssets(app: FastifyInstance, webDistDir: string): Promise<AttendeeAssets> {
  const manifestPath = path.join(webDistDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return { script: undefined, formStyles: [] };
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
  return {
    script: file ? `/${file}` : undefined,
    formStyles: stylesOf(manifest, REGISTER_ISLAND).map((style) => `/${style}`),
  };
}
