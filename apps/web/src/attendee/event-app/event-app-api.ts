import {
  ENGAGEMENT_PUSHED,
  EVENT_UPDATED,
  eventAppApiPath,
  type EngagementPush,
  type Booth,
  type EventAppEvent,
  type EventAppMe,
  type EventAppPeoplePage,
  type EventAppProfile,
  type EventAppSession,
  type EventAppSpeaker,
  type Room,
  type StagePush,
  type TechCheck,
  type TrackStage,
} from '@studio/domain';

/** A refused call: the API's `{message, code, errors}`. */
export class EventAppError extends Error {
  constructor(
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

/** One call of the event app's API on its own origin, authenticated by the event cookie (same origin). */
export async function callEventApp<T>(
  eventId: string,
  name: string,
  init?: { method: string; body?: unknown },
): Promise<T> {
  const response = await fetch(eventAppApiPath(eventId, name), {
    credentials: 'same-origin',
    ...(init
      ? {
          method: init.method,
          ...(init.body === undefined
            ? {}
            : { body: JSON.stringify(init.body), headers: { 'content-type': 'application/json' } }),
        }
      : {}),
  });
  const body = (await response.json().catch(() => ({}))) as unknown;
  if (!response.ok) {
    const refusal = body as { message?: string; errors?: Record<string, string[]> };
    throw new EventAppError(refusal.message ?? response.statusText, refusal.errors);
  }
  return body as T;
}

/**
 * What the push stream tells: the stage's new source (each track's), sessions changed, the event's
 * title or times changed, engagement batches.
 */
export interface EventAppPushes {
  stage(source: StagePush): void;
  sessions(): void;
  event?(): void;
  engagement?(batch: EngagementPush[]): void;
}

/** The event app's calls. */
export function eventAppApi(eventId: string) {
  const call = <T>(name: string, init?: { method: string; body: unknown }) =>
    callEventApp<T>(eventId, name, init);
  return {
    event: () => call<EventAppEvent>('event'),
    me: () => call<EventAppMe>('me'),
    saveProfile: (profile: EventAppProfile) => call<EventAppMe>('me', { method: 'PATCH', body: profile }),
    saveTechCheck: (check: TechCheck) => call<EventAppMe>('tech-check', { method: 'POST', body: check }),
    agenda: () => call<EventAppSession[]>('agenda'),
    speakers: () => call<EventAppSpeaker[]>('speakers'),
    booths: () => call<Booth[]>('booths'),
    rooms: () => call<Room[]>('rooms'),
    people: (offset: number) => call<EventAppPeoplePage>(`people?offset=${offset}`),
    /** What the stage plays in `track` (the main track when none), and the tracks to choose from. */
    stage: (track?: string) =>
      call<TrackStage>(track === undefined ? 'stage' : `stage?track=${encodeURIComponent(track)}`),
    /** 002 §5.3: the person asks for a demo (kept once per event). */
    requestDemo: () => call<unknown>('demo-request', { method: 'POST', body: {} }),
    /**
     * The push stream: `stage-updated` with the new source, `broadcast-updated` when sessions
     * changed, `event-updated` when its title or times did, ENGAGEMENT_PUSHED with a batch of
     * engagement changes.
     */
    pushes(on: EventAppPushes): () => void {
      const stream = new EventSource(eventAppApiPath(eventId, 'push'));
      stream.addEventListener('stage-updated', (message) =>
        on.stage(JSON.parse(message.data as string) as StagePush),
      );
      stream.addEventListener('broadcast-updated', () => on.sessions());
      stream.addEventListener(EVENT_UPDATED, () => on.event?.());
      if (on.engagement)
        stream.addEventListener(ENGAGEMENT_PUSHED, (message) =>
          on.engagement?.(JSON.parse(message.data as string) as EngagementPush[]),
        );
      return () => stream.close();
    },
  };
}

export type EventAppApi = ReturnType<typeof eventAppApi>;
