import { describe, expect, it } from 'vitest';
import { brandingRequestSchema } from '../branding/index.ts';
import { updateProfileRequestSchema } from '../identity.ts';
import { personProfileSchema } from '../people/api.ts';
import { updateBoothSchema } from '../rooms-booths/api.ts';
import { absoluteFileUrl, fileContentPath, isFileContentPath } from './file-urls.ts';

const ORG = '0b6f1c1e-8a43-4f7e-9d0a-6f2b1c3d4e5f';
const path = fileContentPath(`files/${ORG}/events/x/1a2b3c/logo.png`);

describe('uploads stored as content paths, with no host', () => {
  it('names a stored file by its path; nothing else of the API is one', () => {
    expect(path).toBe(`/api/files/${ORG}/events/x/1a2b3c/logo.png`);
    expect(isFileContentPath(path)).toBe(true);
    expect(isFileContentPath(`${path}?w=640`)).toBe(true);
    for (const other of [
      '/api/auth/login/',
      `/api/files/${ORG}/../../auth/login/`,
      `//evil.example/api/files/${ORG}/x.png`,
      `http://localhost:8080${path}`,
      `/api/files/${ORG}/x.png" onerror="x`,
    ])
      expect(isFileContentPath(other)).toBe(false);
  });

  it('is made absolute on the origin of the moment; other addresses stay as they are', () => {
    expect(absoluteFileUrl(path, 'https://studio.example.org/')).toBe(`https://studio.example.org${path}`);
    expect(absoluteFileUrl(path, 'http://localhost:9090')).toBe(`http://localhost:9090${path}`);
    expect(absoluteFileUrl('https://cdn.example.test/a.png', 'http://x.test')).toBe(
      'https://cdn.example.test/a.png',
    );
  });

  it('is taken by the picture fields: branding, profiles, speakers, booths', () => {
    expect(brandingRequestSchema.safeParse({ logo_url: path }).success).toBe(true);
    expect(brandingRequestSchema.safeParse({ theme_obj: { splash_page_hero: path } }).success).toBe(true);
    expect(brandingRequestSchema.safeParse({ theme_obj: { theme_font_link: path } }).success).toBe(false);
    expect(brandingRequestSchema.safeParse({ logo_url: '/api/auth/login/' }).success).toBe(false);
    expect(updateProfileRequestSchema.safeParse({ profile_picture_url: path }).success).toBe(true);
    expect(updateProfileRequestSchema.safeParse({ linkedin_url: path }).success).toBe(false);
    expect(personProfileSchema.safeParse({ profile_picture_url: path }).success).toBe(true);
    expect(updateBoothSchema.safeParse({ poster: path }).success).toBe(true);
    expect(updateBoothSchema.safeParse({ poster: '/elsewhere.png' }).success).toBe(false);
  });
});
