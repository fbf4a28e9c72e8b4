import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

describe('media configuration', () => {
  it('uses local disk and the spec limits by default', () => {
    const config = loadConfig({}, []);
    expect(config.s3).toBeUndefined();
    expect(config.media).toEqual({
      concurrency: undefined,
      videoUploadMaxBytes: 5_242_880_000,
      uploadExpirationHours: 24,
      hlsGuardCodeTtlSeconds: 43_200,
    });
  });

  it('reads an S3-compatible bucket and the media settings', () => {
    const config = loadConfig(
      {
        S3_BUCKET: 'studio-media',
        S3_ENDPOINT: 'http://minio:9000',
        S3_REGION: 'eu-west-1',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
        MEDIA_CONCURRENCY: '3',
        VIDEO_UPLOAD_MAX_BYTES: '1000',
        UPLOAD_EXPIRATION_HOURS: '2',
        HLS_GUARD_CODE_TTL_SECONDS: '600',
      },
      [],
    );
    expect(config.s3).toEqual({
      bucket: 'studio-media',
      endpoint: 'http://minio:9000',
      region: 'eu-west-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(config.media).toEqual({
      concurrency: 3,
      videoUploadMaxBytes: 1000,
      uploadExpirationHours: 2,
      hlsGuardCodeTtlSeconds: 600,
    });
    expect(() => loadConfig({ S3_ENDPOINT: 'not a url' }, [])).toThrow(ConfigError);
    expect(() => loadConfig({ MEDIA_CONCURRENCY: '0' }, [])).toThrow(/MEDIA_CONCURRENCY/);
  });
});
