import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts secrets at rest (AES-256-GCM) under a key derived from the server's secret key and the
 * secret's purpose (SSO client secrets, DKIM private keys). A box written under another secret key
 * or for another purpose does not open (answers null).
 */
export function createSecretBox(secretKey: string, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', secretKey, 'event-studio', purpose, 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), sealed]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(box: string): string | null {
      const [version, iv, tag, sealed] = box.split('.');
      if (version !== 'v1' || !iv || !tag || sealed === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null;
      }
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;
