import { crmMessages } from '@studio/domain';
import { setTimeout as sleep } from 'node:timers/promises';
import type { z } from 'zod';
import {
  OutboundRefused,
  sendOutbound,
  type OutboundAnswer,
  type OutboundPolicy,
  type OutboundRequest,
} from '../../../platform/outbound-request.ts';

/**
 * What the vendor clients (Salesforce, HubSpot, Marketo, Pardot, Eloqua, Wistia) share: requests through the outbound
 * policy, bounded retries with back-off on 429/5xx and network failures, vendor answers parsed with
 * zod, and one typed error whose message never carries a credential.
 */

export type VendorName = 'Salesforce' | 'HubSpot' | 'Marketo' | 'Pardot' | 'Eloqua' | 'Wistia';

export type VendorErrorKind =
  /** The credentials were refused. */
  | 'authentication'
  /** The id asked for does not exist at the vendor. */
  | 'not_found'
  /** Still rate limited after the retries. */
  | 'rate_limited'
  /** 5xx or no answer, after the retries. */
  | 'unavailable'
  /** An answer that is not the vendor's documented shape. */
  | 'bad_answer'
  /** The vendor refused the request's content (validation, business rule). */
  | 'rejected'
  /** Our outbound policy refused the address. */
  | 'refused';

export class VendorError extends Error {
  constructor(
    readonly vendor: VendorName,
    readonly kind: VendorErrorKind,
    message: string,
    readonly status?: number,
    /** The vendor's own error code, when it gives one (Marketo's 601, 1003 …). */
    readonly code?: string,
  ) {
    super(`${vendor}: ${message}`);
    this.name = 'VendorError';
  }

  /** The message the studio shows for it (spec 002 §8.9). */
  get userMessage(): string {
    return this.kind === 'authentication' ? crmMessages.authenticationFailed : crmMessages.somethingWentWrong;
  }
}

export interface RetryPolicy {
  /** Attempts after the first (default 3). */
  retries?: number;
  /** First back-off; doubles each time (default 500 ms). */
  baseDelayMs?: number;
  /** No wait is longer, Retry-After included (default 10 s). */
  maxDelayMs?: number;
}

export interface VendorClientOptions {
  /** The vendor's API root; each client documents its default and env name. */
  baseUrl?: string;
  outbound: OutboundPolicy;
  retry?: RetryPolicy;
}

export interface VendorRequest extends OutboundRequest {
  /** Named in errors instead of the URL (which may carry ids the caller typed, never secrets). */
  what: string;
}

/** Vendor answers (Wistia's project pages, Marketo's folders) are larger than webhook receipts. */
const VENDOR_RESPONSE_BYTES = 4 * 1024 * 1024;

export class VendorHttp {
  private readonly policy: OutboundPolicy;

  constructor(
    readonly vendor: VendorName,
    policy: OutboundPolicy,
    private readonly retry: RetryPolicy = {},
    /** The credentials of the moment (undefined: not held yet), scrubbed from any vendor text an error repeats. */
    private readonly secrets: () => readonly (string | undefined)[] = () => [],
  ) {
    this.policy = { maxResponseBytes: VENDOR_RESPONSE_BYTES, ...policy };
  }

  error(kind: VendorErrorKind, message: string, status?: number, code?: string): VendorError {
    return new VendorError(this.vendor, kind, this.redact(message), status, code);
  }

  /** `text` with every current secret replaced (vendors echo what they were sent). */
  redact(text: string): string {
    let clean = text;
    for (const secret of this.secrets())
      if (secret !== undefined && secret.length >= 4) clean = clean.split(secret).join('[redacted]');
    return clean;
  }

  /**
   * Sends the request, again after a back-off while the answer is 429, 5xx, no answer at all, or
   * what `retryable` names (a vendor's rate limit inside a 200); the last answer is returned as it
   * is, a network failure or refusal as a VendorError.
   */
  async send(
    request: VendorRequest,
    retryable?: (answer: OutboundAnswer) => boolean,
  ): Promise<OutboundAnswer> {
    const retries = this.retry.retries ?? 3;
    for (let attempt = 0; ; attempt += 1) {
      let answer: OutboundAnswer | undefined;
      try {
        answer = await sendOutbound(request, this.policy);
      } catch (failure) {
        if (failure instanceof OutboundRefused)
          throw this.error('refused', `the address of ${request.what} is refused (${failure.message})`);
        if (attempt >= retries) throw this.error('unavailable', `no answer to ${request.what}`);
      }
      const again =
        answer === undefined ||
        answer.status === 429 ||
        answer.status >= 500 ||
        (retryable?.(answer) ?? false);
      if (!again || attempt >= retries) {
        if (answer) return answer;
        throw this.error('unavailable', `no answer to ${request.what}`);
      }
      await sleep(this.delay(attempt, answer));
    }
  }

  private delay(attempt: number, answer: OutboundAnswer | undefined): number {
    const max = this.retry.maxDelayMs ?? 10_000;
    const retryAfter = Number(answer?.headers?.['retry-after']);
    if (Number.isFinite(retryAfter) && retryAfter >= 0) return Math.min(retryAfter * 1000, max);
    return Math.min((this.retry.baseDelayMs ?? 500) * 2 ** attempt, max);
  }

  /** The answer's JSON read with `schema`; anything else is a 'bad_answer' VendorError. */
  parse<T extends z.ZodType>(answer: OutboundAnswer, schema: T, what: string): z.infer<T> {
    let json: unknown;
    try {
      json = JSON.parse(answer.body);
    } catch {
      throw this.error(
        'bad_answer',
        `the answer to ${what} is not JSON (HTTP ${answer.status})`,
        answer.status,
      );
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw this.error(
        'bad_answer',
        `the answer to ${what} is not the documented shape (HTTP ${answer.status})`,
        answer.status,
      );
    return parsed.data;
  }

  /** The VendorError for a non-2xx answer that the client has no finer reading of. */
  failure(answer: OutboundAnswer, what: string): VendorError {
    if (answer.status === 401 || answer.status === 403)
      return this.error('authentication', `the credentials were refused for ${what}`, answer.status);
    if (answer.status === 404) return this.error('not_found', `${what} was not found`, answer.status);
    if (answer.status === 429)
      return this.error('rate_limited', `still rate limited on ${what}`, answer.status);
    if (answer.status >= 500)
      return this.error('unavailable', `${what} failed (HTTP ${answer.status})`, answer.status);
    return this.error('rejected', `${what} was refused (HTTP ${answer.status})`, answer.status);
  }
}

/** A form-encoded body (OAuth token requests, Marketo's asset API). */
export function formBody(fields: Record<string, string | number | undefined>): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.set(key, String(value));
  return form.toString();
}

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/** The URL of `path` under `base` (a base with or without a trailing slash). */
export function vendorUrl(
  base: string,
  path: string,
  query?: Record<string, string | number | undefined>,
): string {
  const url = new URL(base.replace(/\/+$/, '') + path);
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined) url.searchParams.set(key, String(value));
  return url.toString();
}

/** An access token kept until shortly before it expires. */
export class CachedToken {
  private token: { value: string; expiresAt: number } | undefined;

  /** The token, fetched again by `fetch` when none is held or it is within a minute of expiring. */
  async get(fetch: () => Promise<{ value: string; expiresInSeconds: number }>): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const fresh = await fetch();
    this.token = {
      value: fresh.value,
      expiresAt: Date.now() + Math.max(0, fresh.expiresInSeconds - 60) * 1000,
    };
    return fresh.value;
  }

  peek(): string | undefined {
    return this.token?.value;
  }

  clear(): void {
    this.token = undefined;
  }
}

/** A health check: whether the vendor takes the credentials now (the probe passes); any other failure is thrown. */
export async function grantsAccess(probe: () => Promise<unknown>): Promise<boolean> {
  try {
    await probe();
    return true;
  } catch (failure) {
    if (failure instanceof VendorError && failure.kind === 'authentication') return false;
    throw failure;
  }
}

/** What the vendor finds, or null when it has no such object; any other failure is thrown. */
export async function foundOrNull<T>(find: () => Promise<T>): Promise<T | null> {
  try {
    return await find();
  } catch (failure) {
    if (failure instanceof VendorError && failure.kind === 'not_found') return null;
    throw failure;
  }
}
