import { eventAppApiPath } from '@studio/domain';
import type { FastifyInstance } from 'fastify';
import type { StudioClient } from './studio-client.ts';

/** A registrant in the event app: entered by their magic link, calling its API with the event's cookie. */
export async function enterEventApp(
  api: StudioClient,
  attendeeSite: FastifyInstance,
  eventId: string,
  userId: string,
) {
  const link = await api.get<{ url: string }>(`/api/event/magic_link/?user_id=${userId}&event_id=${eventId}`);
  const { pathname, search } = new URL(link.url);
  const entrance = await attendeeSite.inject({ method: 'GET', url: `${pathname}${search}` });
  const cookie = String(entrance.headers['set-cookie']).split(';')[0] ?? '';
  async function call<T>(method: 'GET' | 'POST', name: string, payload?: Record<string, unknown>) {
    const response = await attendeeSite.inject({
      method,
      url: eventAppApiPath(eventId, name),
      headers: { cookie },
      ...(payload ? { payload } : {}),
    });
    if (response.statusCode >= 300)
      throw new Error(
        `The demo attendee's ${method} ${name} answered ${response.statusCode}: ${response.body}`,
      );
    return response.json<T>();
  }
  return {
    cookie,
    get: <T>(name: string) => call<T>('GET', name),
    post: <T>(name: string, payload: Record<string, unknown> = {}) => call<T>('POST', name, payload),
  };
}
