import type { SignedUrlResponse, UploadPresetName } from '@studio/domain';
import sharp from 'sharp';
import type { StudioClient } from './studio-client.ts';

/** The demo's pictures are drawn as SVG and made PNGs at seed time (no stock images to ship). */

export interface Colours {
  ink: string;
  accent: string;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const png = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();

/** A portrait: the person's initials on their colour. */
export const portrait = (initials: string, colour: string): Promise<Buffer> =>
  png(
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="${colour}"/><text x="200" y="250" font-family="sans-serif" font-size="150" font-weight="bold" fill="#fff" text-anchor="middle">${escape(initials)}</text></svg>`,
  );

/** A logo on a transparent background: a mark in the accent colour and the name in ink, 240 px high. */
export const logo = (name: string, { ink, accent }: Colours): Promise<Buffer> =>
  png(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${260 + name.length * 54}" height="240"><rect x="20" y="40" width="160" height="160" rx="36" fill="${accent}"/><path d="M60 160 L60 80 L140 160 L140 80" stroke="#fff" stroke-width="18" fill="none" stroke-linejoin="round"/><text x="210" y="150" font-family="sans-serif" font-size="76" font-weight="bold" fill="${ink}">${escape(name)}</text></svg>`,
  );

const gradient = ({ ink, accent }: Colours, width: number, height: number) =>
  `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${ink}"/><stop offset="1" stop-color="${accent}"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/>`;

/** A background without text (pages lay their own content over it): the gradient and soft circles. */
export const backdrop = ({ width, height }: { width: number; height: number }, colours: Colours) =>
  png(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${gradient(colours, width, height)}<g fill="#fff"><circle cx="${width * 0.15}" cy="${height * 0.8}" r="${height * 0.35}" fill-opacity="0.08"/><circle cx="${width * 0.85}" cy="${height * 0.2}" r="${height * 0.45}" fill-opacity="0.1"/><circle cx="${width * 0.6}" cy="${height * 0.95}" r="${height * 0.2}" fill-opacity="0.06"/></g></svg>`,
  );

/** A slide: the gradient from ink to accent with a headline and a line under it. */
export const banner = (
  { width, height }: { width: number; height: number },
  colours: Colours,
  headline: string,
  subline: string,
): Promise<Buffer> => {
  const big = Math.round(height / 9);
  return png(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${gradient(colours, width, height)}<text x="${width / 2}" y="${height / 2}" font-family="sans-serif" font-size="${big}" font-weight="bold" fill="#fff" text-anchor="middle">${escape(headline)}</text><text x="${width / 2}" y="${height / 2 + big}" font-family="sans-serif" font-size="${Math.round(big / 2.2)}" fill="#fff" text-anchor="middle">${escape(subline)}</text></svg>`,
  );
};

/**
 * Uploads a PNG the way the studio does — a signed URL for `key` (`organization/<name>` or
 * `events/<id>/<name>`) with the upload place's preset, then the PUT — and answers the signed URL's
 * answer: the stored key and the content URL.
 */
export async function uploadPng(
  api: StudioClient,
  key: string,
  body: Buffer,
  preset: UploadPresetName,
): Promise<SignedUrlResponse> {
  const signed = await api.post<SignedUrlResponse>('/api/core/files/signed_url/', {
    key,
    file_type: 'image/png',
    preset,
  });
  await api.put(signed.url, body, 'image/png');
  return signed;
}
