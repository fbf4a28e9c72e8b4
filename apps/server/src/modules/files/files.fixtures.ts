import sharp from 'sharp';
import { expect } from 'vitest';
import type { SignedUrlResponse } from '@studio/domain';
import type { TestStudio } from '../../../test/harness.ts';
import type { Api } from '../back-office/back-office.fixtures.ts';

/** A PNG of one colour, `width` by `height`. */
export const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

/** A minimal TrueType file: the offset table and one 4-byte table. */
export const ttf = () => {
  const font = Buffer.alloc(32);
  font.writeUInt32BE(0x00010000, 0);
  font.writeUInt16BE(1, 4);
  font.write('head', 12, 'latin1');
  font.writeUInt32BE(28, 20);
  font.writeUInt32BE(4, 24);
  return font;
};

/**
 * `bytes` stored through the general upload (spec 001 §7) as `api`'s caller: the signed URL asked
 * for `ticket`, then the PUT to it; answers the signed URL's answer (`key`, `content_url`).
 */
export async function uploadedFile(
  studio: TestStudio,
  api: Api,
  ticket: { key: string; file_type: string; preset?: string },
  bytes: Buffer,
): Promise<SignedUrlResponse> {
  const signed = await api.post<SignedUrlResponse>('/api/core/files/signed_url/', ticket);
  expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  const url = new URL(signed.body.url, 'http://studio.invalid');
  const stored = await studio.app.inject({
    method: 'PUT',
    url: url.pathname + url.search,
    headers: { 'content-type': ticket.file_type },
    payload: bytes,
  });
  expect(stored.statusCode).toBe(201);
  return signed.body;
}
