import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENGAGEMENT_UPDATED } from '@studio/domain';
import { createInProcessPubSub } from '../../platform/realtime/pubsub.ts';
import type { EventAppExtension } from '../attendee-site/event-app/event-app-extension.ts';
import type { EngagementChange } from './engagement.ts';
import { createEngagementPush, PUSH_TICK_MS, type EngagementPushDeps } from './engagement-push.ts';

afterEach(() => {
  vi.useRealTimers();
});

const eventApp: EventAppExtension = {
  call: () => undefined,
  push: () => undefined,
  watchStreams: () => undefined,
};
const unused = {} as never;

describe("the studio's engagement-updated (issue 34 §7)", () => {
  it('is sent once per event and push tick, with the kinds of change it gathered', async () => {
    vi.useFakeTimers();
    const told: { organizationId: string; message: unknown; scope: unknown }[] = [];
    const deps: EngagementPushDeps = {
      // The batches for attendees find no event here: this test hears the studio only.
      eventOf: () => Promise.resolve(undefined),
      personInEvent: () => Promise.resolve(undefined),
      sessionSpeakers: unused,
      pubsub: createInProcessPubSub(),
      realtime: {
        publish: (organizationId, message, scope) => {
          told.push({ organizationId, message, scope });
          return Promise.resolve();
        },
      },
      eventApp,
      chat: unused,
      qna: unused,
      qnaService: unused,
      polls: unused,
      presence: unused,
      log: { warn: () => undefined },
    };
    const pushes = createEngagementPush(deps);
    const change = (eventId: string, kind: EngagementChange['kind'], id: string): EngagementChange => ({
      eventId,
      organizationId: 'org',
      kind,
      id,
    });
    for (const id of ['m1', 'm2', 'm3']) await pushes.publish(change('summit', 'message', id));
    await pushes.publish(change('summit', 'question', 'q1'));
    await pushes.publish(change('expo', 'message', 'm4'));
    expect(told).toEqual([]);

    await vi.advanceTimersByTimeAsync(PUSH_TICK_MS);
    expect(told).toEqual([
      {
        organizationId: 'org',
        message: { type: ENGAGEMENT_UPDATED, data: { eventId: 'summit', kinds: ['message', 'question'] } },
        scope: { eventId: 'summit' },
      },
      {
        organizationId: 'org',
        message: { type: ENGAGEMENT_UPDATED, data: { eventId: 'expo', kinds: ['message'] } },
        scope: { eventId: 'expo' },
      },
    ]);
    pushes.close();
  });
});
