import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '@studio/domain';
import { fileStudio, fileTempDir } from '../../../test/file-studio.ts';
import { bearer, newOrganization } from '../../../test/harness.ts';
import { createHttpServer } from './server.ts';

const web = fileTempDir('studio-web-');
const data = fileTempDir('studio-data-');
beforeAll(() => writeFile(path.join(web.path, 'index.html'), '<!doctype html><div id="root"></div>'));
const studio = fileStudio(() => ({
  webDistDir: web.path,
  dataDir: data.path,
  role: 'api',
  publicUrl: 'http://studio.test',
  eventsPublicUrl: 'https://events.example.com',
}));

const get = (url: string, headers: Record<string, string> = {}) =>
  studio.app.inject({ method: 'GET', url, headers });

const assetId = randomUUID();
const answers = {
  'the studio page': '/events',
  'the API': '/api/health',
  'a media answer': `/api/media/videos/${assetId}/hls/index.m3u8`,
  'a download': `/api/core/video_assets/${assetId}/download/`,
  'a stored file': `/api/files/${assetId}/organization/0123456789abcdef/logo.png`,
};

describe('security headers on every answer (issue 11 item 8)', () => {
  it.each(Object.entries(answers))(
    '%s carries a strict CSP, nosniff and a referrer policy',
    async (_name, url) => {
      const response = await get(url);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toMatch(/(^|;)\s*default-src 'none'|script-src 'self'(;|$)/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    },
  );

  it('the studio may not be framed and runs no inline script', async () => {
    const response = await get('/events');
    expect(response.headers['content-type']).toContain('text/html');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it.each(Object.entries(answers).filter(([name]) => name !== 'the studio page' && name !== 'the API'))(
    '%s allows only the studio and the attendee origin, never *',
    async (_name, url) => {
      for (const origin of ['http://studio.test', 'https://events.example.com']) {
        const response = await get(url, { origin });
        expect(response.headers['access-control-allow-origin']).toBe(origin);
        expect(String(response.headers.vary)).toContain('Origin');
      }
      expect((await get(url)).headers['cross-origin-resource-policy']).toBe('cross-origin');
      const hostile = await get(url, { origin: 'https://evil.example.net' });
      expect(hostile.headers['access-control-allow-origin']).toBeUndefined();
      expect((await get(url)).headers['access-control-allow-origin']).toBeUndefined();
    },
  );

  it('limits powerful features: the camera and microphone only for the attendee origin it frames', async () => {
    const policy = String((await get('/events')).headers['permissions-policy']);
    expect(policy).toContain('camera=("http://studio.test" "https://events.example.com")');
    expect(policy).toContain('microphone=("http://studio.test" "https://events.example.com")');
    expect(policy).toContain('geolocation=()');
    expect(policy).toContain('payment=()');
  });

  it('sends HSTS over https only: never over plain http, nor on an untrusted X-Forwarded-Proto', async () => {
    expect((await get('/events')).headers['strict-transport-security']).toBeUndefined();
    const forged = await get('/events', { 'x-forwarded-proto': 'https' });
    expect(forged.headers['strict-transport-security']).toBeUndefined();

    const behindProxy = await createHttpServer({
      logLevel: 'silent',
      trustProxy: true,
      authenticate: () => Promise.resolve(null),
    });
    behindProxy.get('/ping', () => 'pong');
    const viaHttps = await behindProxy.inject({ url: '/ping', headers: { 'x-forwarded-proto': 'https' } });
    expect(viaHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const viaHttp = await behindProxy.inject({ url: '/ping', headers: { 'x-forwarded-proto': 'http' } });
    expect(viaHttp.headers['strict-transport-security']).toBeUndefined();
    await behindProxy.close();
  });

  it('sends no CORS on API answers', async () => {
    const response = await get('/api/health', { origin: 'https://evil.example.net' });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});

describe('a NUL character in any input is a 400 with a field error (issue 11 item 8)', () => {
  it('in a JSON body', async () => {
    const response = await studio.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email: 'ada\u0000@example.com', password: 'Str0ng@Pass' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: serverMessages.nulCharacter,
      code: 'VALIDATION_ERROR',
      errors: { email: [serverMessages.nulCharacter] },
    });
  });

  it('in a nested body field and in a password at sign-up', async () => {
    const response = await studio.app.inject({
      method: 'POST',
      url: '/api/auth/signup/',
      payload: { email: 'nul@example.com', password: 'Str0ng@\u0000Pass', first_name: 'A', last_name: 'B' },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['password']);
  });

  it('in a query', async () => {
    const admin = await newOrganization(studio.app);
    const response = await get('/api/core/video_assets/?search=a%00b', bearer(admin.access));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: object }>().errors).toEqual({ search: [serverMessages.nulCharacter] });
  });

  it('in the file name of a tus upload', async () => {
    const admin = await newOrganization(studio.app);
    const name = Buffer.from('clip\u0000.mp4').toString('base64');
    const response = await studio.app.inject({
      method: 'POST',
      url: '/api/uploads/',
      headers: {
        ...bearer(admin.access),
        'tus-resumable': '1.0.0',
        'upload-length': '1000',
        'upload-metadata': `filename ${name},kind ${Buffer.from('video').toString('base64')}`,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: object }>().errors).toEqual({ filename: [serverMessages.nulCharacter] });
  });
});

describe('a lone surrogate (no character at all) in any input is a 400 with a field error', () => {
  // JSON may write one (`"\ud800"`); PostgreSQL refuses it in a json column (a server error before)
  // and stores U+FFFD for it in a text one.
  const refused = (field: string) => ({
    message: serverMessages.invalidCharacter,
    code: 'VALIDATION_ERROR',
    errors: { [field]: [serverMessages.invalidCharacter] },
  });

  it('in a JSON body field stored as json, and in a field name', async () => {
    const admin = await newOrganization(studio.app);
    const brandKit = `/api/core/organization/${admin.organization.id}/brand_kit/`;
    const before = await studio.app.inject({ method: 'GET', url: brandKit, headers: bearer(admin.access) });
    const put = (payload: string) =>
      studio.app.inject({
        method: 'PUT',
        url: brandKit,
        headers: { ...bearer(admin.access), 'content-type': 'application/json' },
        payload,
      });
    const answer = await put('{"speaker_tab_title":"Talks \\ud800"}');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual(refused('speaker_tab_title'));
    expect((await put('{"\\udc00":"x"}')).json()).toEqual(refused('\udc00'));
    const after = await studio.app.inject({ method: 'GET', url: brandKit, headers: bearer(admin.access) });
    expect(after.json()).toEqual(before.json());
  });

  it('lets a pair of surrogates (one character, 😀) through', async () => {
    const admin = await newOrganization(studio.app);
    const answer = await studio.app.inject({
      method: 'PUT',
      url: `/api/core/organization/${admin.organization.id}/brand_kit/`,
      headers: { ...bearer(admin.access), 'content-type': 'application/json' },
      payload: '{"speaker_tab_title":"Talks \\ud83d\\ude00"}',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ speaker_tab_title: 'Talks 😀' });
  });
});
