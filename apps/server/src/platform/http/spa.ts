import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from './errors.ts';

/**
 * Serves the built studio: hashed assets are cached for good, and any non-/api GET falls back to
 * index.html so the client router resolves the path (history fallback) — but a missing asset is a
 * 404, so a tab still running an earlier build fails to load its chunk (and reloads) instead of
 * reading index.html as a script. Each file goes out as the
 * brotli or gzip copy the build wrote beside it when the browser accepts one (`Vary:
 * Accept-Encoding`), else as is.
 */
export async function serveStudio(app: FastifyInstance, webDistDir: string): Promise<void> {
  const hasBuild = existsSync(path.join(webDistDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const isAsset = request.url.startsWith('/assets/');
    if (isApi || isAsset || !hasBuild || (request.method !== 'GET' && request.method !== 'HEAD')) {
      const error = notFound();
      return reply.status(404).send(error.toBody());
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
