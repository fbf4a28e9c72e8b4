import { createHmac } from 'node:crypto';
import { sameSecret } from '../secrets.ts';

/** What a signed upload URL allows: one key, for one organisation, until a time. */
export interface UploadGrant {
  key: string;
  organizationId: string;
  /** Extra terms bound by the signature (the declared type, the upload preset …). */
  terms: string;
  /** Unix seconds. */
  expires: number;
}

/**
 * HMAC signatures for upload URLs on our own server: any change to the key, organisation, terms or
 * expiry breaks the signature, and an expired grant is refused whatever its signature.
 */
export function createUrlSigner(secretKey: string, now: () => number = () => Date.now()) {
  const key = createHmac('sha256', secretKey).update('event-studio:signed-upload-url').digest();
  const signatureOf = (grant: UploadGrant) =>
    createHmac('sha256', key)
      .update([grant.key, grant.organizationId, grant.terms, String(grant.expires)].join('\n'))
      .digest('base64url');
  return {
    sign: (grant: UploadGrant): string => signatureOf(grant),
    /** True when the signature matches the grant and the grant has not expired. */
    verify(grant: UploadGrant, signature: string): boolean {
      if (!Number.isSafeInteger(grant.expires) || grant.expires * 1000 < now()) return false;
      return sameSecret(signature, signatureOf(grant));
    },
  };
}

export type UrlSigner = ReturnType<typeof createUrlSigner>;
