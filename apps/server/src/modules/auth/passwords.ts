import { hash, verify } from '@node-rs/argon2';

// Argon2id (Algorithm.Argon2id = 2; the enum is a const enum we cannot import) at OWASP's baseline cost.
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

// Verifying against this keeps an unknown email as slow as a wrong password.
const decoy = hashPassword('decoy password that matches nothing');

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await decoy, password);
    return false;
  }
  return verify(passwordHash, password);
}
