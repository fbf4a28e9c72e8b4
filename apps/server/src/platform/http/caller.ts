import type { FastifyRequest } from 'fastify';
import { notAuthenticated } from './errors.ts';

/** Who is calling, as established from the bearer token. */
export interface Caller {
  userId: string;
  sessionId: string;
  organizationId: string | null;
  role: string | null;
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
