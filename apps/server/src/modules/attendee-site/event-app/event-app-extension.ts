import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eventAppApiPath, type EventUserStatus } from '@studio/domain';
import type { z } from 'zod';
import { HttpError } from '../../../platform/http/errors.ts';
import type { EntranceEvent } from '../entrance.ts';
import type { EventStreams, StreamRecipient, StreamWatcher } from '../event-streams.ts';
import { admittedRoute } from '../admitted-route.ts';

/** The input parsed by its schema, else 400 VALIDATION_ERROR with each field's messages. */
export const parsed = <T extends z.ZodType>(schema: T, input: unknown): z.output<T> => {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues)
    (errors[issue.path.join('.') || 'non_field_errors'] ??= []).push(issue.message);
  throw new HttpError(400, 'VALIDATION_ERROR', result.error.issues[0]?.message ?? '', errors);
};

/** The person the event's cookie admits, in the open event, with their leading role there. */
export interface AdmittedPerson {
  event: EntranceEvent;
  userId: string;
  role: number | undefined;
  /** Their name in the event (first and last). */
  name: string;
  /** Their registration's status in the event; null without one (an open event, a speaker). */
  registrationStatus: EventUserStatus | null;
}

export interface EventAppCall<Q extends z.ZodType, B extends z.ZodType> {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The call's name under the event app's API (`eventAppApiPath`), `:param` segments allowed. */
  name: string;
  query?: Q;
  body?: B;
  /** The answer's status (200 unless named; 204 when the answer is undefined). */
  status?: number;
}

export interface EventAppInput<Q extends z.ZodType, B extends z.ZodType> {
  params: Record<string, string>;
  query: z.output<Q>;
  body: z.output<B>;
  /** The caller's User-Agent (analytics ignores bots). */
  userAgent: string | undefined;
}

/**
 * What another module adds to the event app (issue 34's engagement): calls answered for the
 * admitted person (401 for anyone else, 403 before the event opens to them, input parsed by the
 * call's schemas into 400s), pushes to each of the event's open streams what is theirs, and the
 * streams' opening and closing (presence) — without reaching into the attendee site.
 */
export interface EventAppExtension {
  call<Q extends z.ZodType = z.ZodUndefined, B extends z.ZodType = z.ZodUndefined>(
    call: EventAppCall<Q, B>,
    answer: (person: AdmittedPerson, input: EventAppInput<Q, B>) => Promise<unknown>,
  ): void;
  /** Sends each recipient's push stream of the event what `dataFor` answers for them (undefined: nothing). */
  push(eventId: string, name: string, dataFor: (recipient: StreamRecipient) => unknown): void;
  watchStreams(watcher: StreamWatcher): void;
}

export function createEventAppExtension(
  app: FastifyInstance,
  deps: { admitted(request: FastifyRequest): Promise<AdmittedPerson>; streams: EventStreams },
): EventAppExtension {
  return {
    call(call, answer) {
      admittedRoute(
        app,
        {
          method: call.method,
          url: eventAppApiPath(':eventId', call.name),
          admit: (request) => deps.admitted(request),
          query: call.query,
          body: call.body,
        },
        async ({ person, params, query, body, request, reply }) => {
          const input = { params, query, body, userAgent: request.headers['user-agent'] } as EventAppInput<
            NonNullable<typeof call.query>,
            NonNullable<typeof call.body>
          >;
          const answered = await answer(person, input);
          reply.header('cache-control', 'no-store');
          if (answered === undefined) return reply.code(204).send();
          return reply.code(call.status ?? 200).send(answered);
        },
      );
    },
    push: (eventId, name, dataFor) => deps.streams.sendEach(eventId, name, dataFor),
    watchStreams: (watcher) => deps.streams.watch(watcher),
  };
}
