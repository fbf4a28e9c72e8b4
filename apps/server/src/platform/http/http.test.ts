import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileStudio, fileTempDir } from '../../../test/file-studio.ts';
import { testDatabaseKind } from '../../../test/harness.ts';

const web = fileTempDir('studio-web-');
beforeAll(async () => {
  await mkdir(path.join(web.path, 'assets'));
  await writeFile(path.join(web.path, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(web.path, 'assets', 'main-abc123.js'), 'console.log(1)');
  // What the build's precompress step leaves beside an asset.
  await writeFile(path.join(web.path, 'assets', 'main-abc123.js.br'), brotliCompressSync('console.log(1)'));
  await writeFile(path.join(web.path, 'assets', 'main-abc123.js.gz'), gzipSync('console.log(1)'));
  await writeFile(path.join(web.path, 'index.html.gz'), gzipSync('<!doctype html><div id="root"></div>'));
});
const studio = fileStudio(() => ({ webDistDir: web.path }));

const get = (url: string) => studio.app.inject({ method: 'GET', url });

describe('http platform', () => {
  it('reports health with the database kind', async () => {
    const response = await get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: testDatabaseKind() });
  });

  it('publishes the OpenAPI document and a browsable page', async () => {
    const document = await get('/api/docs/openapi.json');
    expect(document.statusCode).toBe(200);
    const paths = Object.keys(document.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/auth/login/', '/api/core/organization/{id}/', '/api/health']),
    );
    const page = await get('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('serves the brotli or gzip copy of the build to a browser that accepts it, cached for good', async () => {
    const asset = (encoding: string) =>
      studio.app.inject({
        method: 'GET',
        url: '/assets/main-abc123.js',
        headers: { 'accept-encoding': encoding },
      });
    const brotli = await asset('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log(1)');
    expect(String(brotli.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers['content-type']).toContain('javascript');
    const gzip = await asset('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe('console.log(1)');
    const identity = await asset('identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe('console.log(1)');
    const page = await studio.app.inject({
      method: 'GET',
      url: '/events',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.rawPayload).toString()).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await get('/api/no/such/thing/');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.', code: 'NOT_FOUND' });
  });

  it('answers malformed JSON with a 400 body, not a crash', async () => {
    const response = await studio.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: unknown; message: unknown }>();
    expect(typeof body.code).toBe('string');
    expect(typeof body.message).toBe('string');
  });

  it('serves the studio for any non-API path (history fallback) and its hashed assets; a missing asset is 404', async () => {
    for (const url of ['/', '/videos', '/events/123/dashboard?x=1']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    const asset = await get('/assets/main-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    // A chunk of an earlier build: 404, never index.html read as a script by a tab left open.
    const missing = await get('/assets/missing.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<div id="root">');
  });
});
