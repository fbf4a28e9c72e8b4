import { describe, expect, it } from 'vitest';
import { imageProblem } from './image-rules.ts';
import { FILE_UPLOAD_DEFAULT_MAX_BYTES, signedUrlRequestSchema, UPLOAD_PRESETS } from './presets.ts';

describe('general file upload rules (spec 000 §5, 002 §5.6)', () => {
  it('defaults to 50 MB and the image preset', () => {
    expect(FILE_UPLOAD_DEFAULT_MAX_BYTES).toBe(52_428_800);
    expect(
      signedUrlRequestSchema.parse({ key: 'organization/logo.png', file_type: 'image/png' }).preset,
    ).toBe('image');
  });

  it.each([
    ['organization/logo.png', true],
    ['social-thumbnails/card.jpg', true],
    ['events/0b6f1c1e-8a43-4f7e-9d0a-6f2b1c3d4e5f/hero.webp', true],
    ['events/42/hero.png', false],
    ['files/another-org/organization/logo.png', false],
    ['organization/../logo.png', false],
    ['organization/with space.png', false],
    ['organization/sub/logo.png', false],
  ])('key %s accepted: %s', (key, accepted) => {
    expect(signedUrlRequestSchema.safeParse({ key, file_type: 'image/png' }).success).toBe(accepted);
  });

  it('checks the presets the way the spec words them', () => {
    const slide = UPLOAD_PRESETS.fillerSlide;
    expect(slide.maxBytes).toBe(1_048_576_000);
    expect(imageProblem({ width: 1920, height: 1080 }, slide.image)).toBeNull();
    expect(imageProblem({ width: 1080, height: 1080 }, slide.image)).toBe(
      'The aspect ratio of your upload should match 1920x1080 (16:9) aspect ratio.',
    );
    expect(imageProblem({ width: 2400, height: 1800 }, UPLOAD_PRESETS.wide.image)).toBeNull();
    expect(imageProblem({ width: 2401, height: 1800 }, UPLOAD_PRESETS.wide.image)).toBe(
      'Upload a 4:3 JPEG or PNG between 1,024px and 2,400px wide.',
    );
    expect(imageProblem({ width: 900, height: 1200 }, UPLOAD_PRESETS.portrait.image)).toBeNull();
    expect(imageProblem({ width: 33, height: 33 }, UPLOAD_PRESETS.favicon.image)).toBe(
      'Upload a square image of at most 32x32 pixels.',
    );
    expect(UPLOAD_PRESETS.font.accepts).toEqual(['ttf', 'otf', 'woff', 'woff2']);
  });
});
