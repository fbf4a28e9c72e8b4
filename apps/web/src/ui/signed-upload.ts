import {
  filesMessages,
  signedUrlResponseSchema,
  type SignedUrlResponse,
  type UploadPresetName,
} from '@studio/domain';
import type { ApiClient } from '../api/api-client.ts';
import { apiErrorFrom, ApiRequestError } from '../api/api-error.ts';
import { UPLOAD_RETRY_DELAYS_MS, UPLOAD_STALL_TIMEOUT_MS } from './file-uploader-rules.ts';

/** Where a general file or image goes (spec 001 §7): the signed-URL path instead of tus. */
export interface SignedUploadTarget {
  /** The JSON call for the signed URL. */
  api: Pick<ApiClient, 'request'>;
  /** `organization`, `events/{event id}` or `social-thumbnails`. */
  scope: string;
  /** What the server accepts and checks (image rule, fonts, ICO); 'image' by default. */
  preset?: UploadPresetName;
  /** The PUT of the bytes; the browser's fetch unless a test stands in for it. */
  put?: (url: string, init: RequestInit) => Promise<Response>;
  /** Waits between attempts; a test passes one that does not wait. */
  wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Spec 000 §5: a signed URL, then the bytes PUT to it, each attempt cut after 60 s and retried 3
 * times; a refusal of the file itself (4xx) is final and keeps the server's message; anything
 * else ends as 'File Upload Failed'.
 */
export async function uploadThroughSignedUrl(
  file: File,
  name: string,
  target: SignedUploadTarget,
): Promise<SignedUrlResponse> {
  const put = target.put ?? ((url, init) => fetch(url, init));
  const wait = target.wait ?? sleep;
  for (let attempt = 0; ; attempt += 1) {
    try {
      // A fresh URL each attempt: a URL is spent once its upload has been stored.
      const signed = await target.api.request({
        method: 'POST',
        path: '/core/files/signed_url/',
        body: { key: `${target.scope}/${name}`, file_type: file.type, preset: target.preset ?? 'image' },
        schema: signedUrlResponseSchema,
      });
      const response = await put(signed.url, {
        method: 'PUT',
        body: file,
        headers: { 'Content-Type': file.type || 'application/octet-stream' },
        signal: AbortSignal.timeout(UPLOAD_STALL_TIMEOUT_MS),
      });
      if (response.ok) return signed;
      throw await apiErrorFrom(response);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) throw error;
      if (attempt >= UPLOAD_RETRY_DELAYS_MS.length) throw new Error(filesMessages.uploadFailed);
      await wait(UPLOAD_RETRY_DELAYS_MS[attempt]!);
    }
  }
}
