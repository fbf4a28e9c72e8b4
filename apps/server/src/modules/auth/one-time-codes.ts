import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { ONE_TIME_CODE_LENGTH, PASSWORD_SYMBOLS } from '@studio/domain';
import type { OneTimeCodePurpose } from './auth.tables.ts';

/** A six-digit code, uniformly drawn. */
export function newNumericCode(): string {
  return String(randomInt(0, 10 ** ONE_TIME_CODE_LENGTH)).padStart(ONE_TIME_CODE_LENGTH, '0');
}

/** The secret of a magic link: 256 random bits, URL-safe. */
export function newLinkSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Codes are stored as an HMAC keyed by the server's secret key and bound to user and purpose: a
 * leaked table does not let anyone try the million six-digit codes offline.
 */
export function createCodeHasher(secretKey: string) {
  const hash = (purpose: OneTimeCodePurpose, userId: string, code: string) =>
    createHmac('sha256', secretKey).update(`${purpose}\0${userId}\0${code}`).digest('hex');
  return {
    hash,
    /** Constant-time comparison of a stored hash with the hash of a candidate code. */
    matches(storedHash: string, purpose: OneTimeCodePurpose, userId: string, candidate: string): boolean {
      const expected = Buffer.from(storedHash, 'hex');
      const actual = Buffer.from(hash(purpose, userId, candidate), 'hex');
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}

export type CodeHasher = ReturnType<typeof createCodeHasher>;

const uppercase = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const lowercase = 'abcdefghijkmnopqrstuvwxyz';
const digits = '23456789';

/** A temporary password that satisfies the spec's rule (one of each class, 14 characters, no look-alikes). */
export function newTemporaryPassword(length = 14): string {
  const all = uppercase + lowercase + digits + PASSWORD_SYMBOLS;
  const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)] ?? '';
  const characters = [pick(uppercase), pick(lowercase), pick(digits), pick(PASSWORD_SYMBOLS)];
  while (characters.length < length) characters.push(pick(all));
  for (let i = characters.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [characters[i], characters[j]] = [characters[j] ?? '', characters[i] ?? ''];
  }
  return characters.join('');
}
