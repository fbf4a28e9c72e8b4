import type { FastifyRequest } from 'fastify';
import { notAuthenticated } from './errors.ts';

/** Who is calling, as established from the bearer token. */
export interface Caller {
  userId: string;
  /** The sign-in session; null when the caller is an API token. */
  sessionId: string | null;
  organizationId: string | null;
  role: string | null;
  /** The organisation is a standalone Content Lab user's personal space, not one they belong to. */
  inContentSpace?: boolean | undefined;
  /** Set when the bearer token is an API token: the caller acts as the token's creator. */
  apiTokenId?: string | undefined;
}

/**
 * The caller a bearer token stands for; null for an unknown, expired or revoked one. A live token
 * may still be refused with an HttpError (an API token without the automation API or over its rate).
 */
export type Authenticator = (bearerToken: string) => Promise<Caller | null>;

/** What a signed access token says (user and sign-in session), before the session is checked. */
export interface SessionClaims {
  userId: string;
  sessionId: string;
}

/** The claims of a valid access token; null for anything else (an API token, a forged one). */
export type SessionClaimsReader = (bearerToken: string) => Promise<SessionClaims | null>;

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
    /** Set instead of `caller` on routes that check the session in their own statement. */
    sessionClaims: SessionClaims | null;
    /**
     * On routes that read beside the session check: the session being checked (its caller is set
     * on the request when it resolves). The guard waits for it before anything is answered.
     */
    sessionCheck: Promise<Caller | null> | null;
  }
  interface FastifyContextConfig {
    /**
     * The route checks the sign-in session in the same statement that reads its answer (GET /me):
     * the request's hook only verifies the token's signature and leaves `sessionClaims`.
     */
    checksItsOwnSession?: boolean;
    /**
     * The route starts its read while the session is checked (one round trip less on a hot list):
     * only for a token whose signature verifies, and its answer waits for the guard.
     */
    readsBesideSessionCheck?: boolean;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

export function requireCaller(request: FastifyRequest): Caller {
  if (!request.caller) throw notAuthenticated();
  return request.caller;
}
