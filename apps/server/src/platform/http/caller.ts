import type { FastifyRequest } from 'fastify';
import { notAuthenticated } from './errors.ts';

/** Who is calling, as established from the bearer token. */
export interface Caller {
  userId: string;
  /** The sign-in session; null when the caller is an API token. */
  sessionId: string | null;
  organizationId: string | null;
  role: string | null;
  /** Set when the bearer token is an API token: the caller acts as the token's creator. */
  apiTokenId?: string | undefined;
}

export type Authenticator = (bearerToken: string) => Promise<Caller | null>;

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
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
