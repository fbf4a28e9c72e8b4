import type { FastifyReply } from 'fastify';
import { videoFileName } from '@studio/domain';

/** `Content-Disposition: attachment` with an ASCII fallback and the UTF-8 name. */
export function attachment(name: string, extension: string): string {
  const ascii = videoFileName(name, extension).replace(/"/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(`${name.trim() || 'video'}.${extension}`)}`;
}

/** A file sent for download: its type, its `Content-Disposition` and, when known, its size in bytes. */
export interface Download {
  type: string;
  disposition: string;
  size?: number;
}

export const CSV_TYPE = 'text/csv; charset=utf-8';

/** A CSV file by its plain (ASCII) name. */
export const csvDownload = (name: string): Download => ({
  type: CSV_TYPE,
  disposition: `attachment; filename="${name}"`,
});

/** Sends a file for the caller alone to download: no cache on the way keeps it. */
export function sendDownload(reply: FastifyReply, file: Download, body: unknown): FastifyReply {
  return reply
    .headers({
      'content-type': file.type,
      ...(file.size === undefined ? {} : { 'content-length': String(file.size) }),
      'content-disposition': file.disposition,
      'cache-control': 'private, no-store',
    })
    .send(body);
}
