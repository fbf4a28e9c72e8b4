import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has defaults for a newcomer', () => {
    const config = loadConfig({}, ['node', 'main.ts']);
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:8080',
      role: 'all',
    });
  });

  it('reads the attendee origin and the file upload settings (50 MB, 15 min links by default)', () => {
    expect(loadConfig({}, []).files).toEqual({ maxBytes: 52_428_800, signedUrlTtlSeconds: 900 });
    expect(loadConfig({}, []).eventsPublicUrl).toBeUndefined();
    const config = loadConfig(
      {
        EVENTS_PUBLIC_URL: 'https://events.example.com/',
        FILE_UPLOAD_MAX_BYTES: '1000',
        FILE_SIGNED_URL_TTL_SECONDS: '60',
      },
      [],
    );
    expect(config.eventsPublicUrl).toBe('https://events.example.com');
    expect(config.files).toEqual({ maxBytes: 1000, signedUrlTtlSeconds: 60 });
    expect(() => loadConfig({ FILE_SIGNED_URL_TTL_SECONDS: '5' }, [])).toThrow(ConfigError);
  });

  it('runs the attendee site on EVENTS_PORT (8081), on HOST unless EVENTS_HOST names another', () => {
    expect(loadConfig({}, [])).toMatchObject({ eventsPort: 8081, eventsHost: '0.0.0.0' });
    expect(loadConfig({ HOST: '127.0.0.1', EVENTS_PORT: '9091' }, [])).toMatchObject({
      eventsPort: 9091,
      eventsHost: '127.0.0.1',
    });
    expect(loadConfig({ HOST: '127.0.0.1', EVENTS_HOST: '::1', EVENTS_PORT: '' }, [])).toMatchObject({
      eventsPort: 8081,
      eventsHost: '::1',
    });
    expect(() => loadConfig({ EVENTS_PORT: '70000' }, [])).toThrow(ConfigError);
    expect(() => loadConfig({ EVENTS_PORT: 'web' }, [])).toThrow(ConfigError);
  });

  it('listens for RTMP on 1935, names PUBLIC_URL’s host, and needs all three RTMPS settings', () => {
    expect(loadConfig({}, []).rtmp).toEqual({ port: 1935, publicHost: 'localhost', tls: undefined });
    const secure = loadConfig(
      {
        PUBLIC_URL: 'https://studio.example.com',
        RTMP_PORT: '11935',
        RTMPS_PORT: '1936',
        RTMPS_CERT: '/etc/studio/cert.pem',
        RTMPS_KEY: '/etc/studio/key.pem',
      },
      ['node', 'main.ts', '--role', 'ingest'],
    );
    expect(secure.role).toBe('ingest');
    expect(secure.rtmp).toEqual({
      port: 11935,
      publicHost: 'studio.example.com',
      tls: { port: 1936, certFile: '/etc/studio/cert.pem', keyFile: '/etc/studio/key.pem' },
    });
    expect(loadConfig({ RTMP_HOST: 'live.example.com' }, []).rtmp.publicHost).toBe('live.example.com');
    expect(() => loadConfig({ RTMPS_PORT: '1936' }, [])).toThrow(/RTMPS_CERT/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }, []).databaseUrl).toBeUndefined();
    expect(loadConfig({ PORT: '' }, []).port).toBe(8080);
  });

  it('reads every variable and the role flag', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        DATA_DIR: '/tmp/x',
        DATABASE_URL: 'postgres://h/db',
        PUBLIC_URL: 'https://studio.example.com/',
      },
      ['node', 'main.ts', '--role', 'worker'],
    );
    expect(config).toMatchObject({
      port: 9000,
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://h/db',
      publicUrl: 'https://studio.example.com',
      role: 'worker',
    });
    expect(loadConfig({}, ['node', 'main.ts', '--role=api']).role).toBe('api');
  });

  it('reads the mail, sign-in and API token limit variables, with defaults that need no mail server', () => {
    expect(loadConfig({}, [])).toMatchObject({
      smtpUrl: undefined,
      mailFrom: 'Event Studio <no-reply@localhost>',
      authRateLimit: { perEmail: 10, perIp: 30, windowSeconds: 60 },
      apiTokenRateLimitPerMinute: 300,
    });
    expect(loadConfig({ SMTP_URL: '' }, []).smtpUrl).toBeUndefined();
    const config = loadConfig(
      {
        SMTP_URL: 'smtp://user:pass@mail.example.com:587',
        MAIL_FROM: 'Studio <studio@example.com>',
        AUTH_RATE_LIMIT_PER_MINUTE: '5',
        AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '50',
        API_TOKEN_RATE_LIMIT_PER_MINUTE: '20',
      },
      [],
    );
    expect(config).toMatchObject({
      smtpUrl: 'smtp://user:pass@mail.example.com:587',
      mailFrom: 'Studio <studio@example.com>',
      authRateLimit: { perEmail: 5, perIp: 50, windowSeconds: 60 },
      apiTokenRateLimitPerMinute: 20,
    });
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com', AUTH_RATE_LIMIT_PER_MINUTE: '0' }, [])).toThrow(
      /SMTP_URL[\s\S]*AUTH_RATE_LIMIT_PER_MINUTE/,
    );
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', SECRET_KEY: 'short' }, [])).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty', SECRET_KEY: 'short' }, [])).toThrow(/PORT[\s\S]*SECRET_KEY/);
    expect(() => loadConfig({}, ['node', 'main.ts', '--role', 'boss'])).toThrow(/--role/);
  });
});
