import { createSecretKey } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';

const issuer = 'event-studio';
const audience = 'event-studio-api';

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

/** Short-lived signed access tokens (HS256) naming the user and the sign-in session. */
export function createAccessTokens(secretKey: string, ttlSeconds: number) {
  // A key object made once: given bytes, jose imports the key again on every sign and verify.
  const key = createSecretKey(Buffer.from(secretKey, 'utf8'));
  return {
    ttlSeconds,
    sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    async verify(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer, audience, algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        return { userId: payload.sub, sessionId: payload.sid };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
