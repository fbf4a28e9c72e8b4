import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The token signing key: SECRET_KEY when set, otherwise generated on first start and kept in
 * DATA_DIR/secret-key (mode 0600) so sessions survive restarts.
 */
export async function loadSecretKey(dataDir: string, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'secret-key');
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const generated = randomBytes(48).toString('base64url');
  // 'wx': when two processes start at once, the first key written wins and both read it back.
  await writeFile(file, generated, { mode: 0o600, flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  return (await readFile(file, 'utf8')).trim();
}

/** Whether a given MAC or code is the expected one, compared in constant time (timing tells nothing). */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * What is stored of a bearer secret (a refresh token, an API token, an SSO sign-in's state): its
 * digest only, so a leaked table grants nothing.
 */
export const secretDigest = (secret: string): string => createHash('sha256').update(secret).digest('hex');
