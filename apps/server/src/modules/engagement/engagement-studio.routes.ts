import { z } from 'zod';
import {
  announcementBody,
  answerBody,
  blockedPeople,
  blockPeopleBody,
  chatMessage,
  clearChatPath,
  createPollBody,
  ENGAGEMENT_QUEUE_PAGE_SIZE,
  engagementStudioCalls as calls,
  engagementStudioPath,
  EVENT_WIDE_QUESTIONS,
  moderateMessageBody,
  moderateQuestionBody,
  pageQuerySchema,
  pageSchema,
  poll,
  queueQuestion,
  questionQueueFilter,
  question,
  updatePollBody,
} from '@studio/domain';
import type { Caller } from '../../platform/http/caller.ts';
import { objectGuard } from '../../platform/http/guard.ts';
import type { PageQuery, PageRequest } from '../../platform/http/pagination.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { ChatService } from './chat.service.ts';
import type { Actor } from './engagement.ts';
import type { Viewer } from './engagement-views.ts';
import type { PollsService } from './polls.service.ts';
import type { QnaService } from './qna.service.ts';
import { routesOf } from '../../platform/http/route-kit.ts';

export interface EngagementStudioRoutesDeps {
  chat: ChatService;
  qna: QnaService;
  polls: PollsService;
  /** The event when the caller may read (or change) it; 404 otherwise. */
  visibleEvent: (
    caller: Caller,
    eventId: string,
    permission: 'event:read' | 'event:update',
  ) => Promise<{ id: string }>;
  /** A member's name, as their announcements and answers sign. */
  userName(userId: string): Promise<string>;
  /** The studio's public address, which the pages' `next` and `previous` links start with. */
  publicUrl: string;
}

const tags = ['engagement'];
const path = (rest: string) => engagementStudioPath(':id', rest);
const eventParams = z.object({ id: z.string() });
const messageParams = eventParams.extend({ messageId: z.string().uuid() });
const questionParams = eventParams.extend({ questionId: z.string().uuid() });
const pollParams = eventParams.extend({ pollId: z.string().uuid() });

/**
 * The studio's engagement (issue 34 §5): the queues read with event:read; moderation (producers'
 * and coordinators' work, held in the studio by event:update) with event:update. Another
 * organisation's event answers 404 before the body is read.
 */
export function registerEngagementStudioRoutes(app: HttpServer, deps: EngagementStudioRoutesDeps) {
  const route = routesOf(app, tags, deps.publicUrl);
  const { chat, qna, polls } = deps;
  const reads = objectGuard('event:read', deps.visibleEvent);
  const moderates = objectGuard('event:update', deps.visibleEvent);
  /** The staff member viewing the event's engagement, moderating it, and signing what they post. */
  const reader = (caller: Caller) => ({ userId: caller.userId, staff: true });
  const moderator = (caller: Caller) => ({ ...reader(caller), role: 'staff' as const });
  const staff = async (caller: Caller): Promise<Actor> => ({
    ...moderator(caller),
    name: await deps.userName(caller.userId),
  });

  // The queues, each paged on the server (the backstage loads more as it is scrolled).
  const queue = <T, Q extends z.ZodType<PageQuery> = typeof pageQuerySchema>(
    name: string,
    item: z.ZodType<T>,
    pageOf: (
      eventId: string,
      viewer: Viewer,
      page: PageRequest,
      query: z.output<Q>,
    ) => Promise<{ count: number; results: T[] }>,
    query?: Q,
  ) =>
    route.list(
      path(name),
      reads,
      {
        params: eventParams,
        query: query ?? pageQuerySchema,
        answer: pageSchema(item),
        pageSize: ENGAGEMENT_QUEUE_PAGE_SIZE,
      },
      ({ caller, object, page, query: asked }) =>
        pageOf(object.id, reader(caller), page, asked as z.output<Q>),
    );
  queue(calls.messages, chatMessage, (eventId, _viewer, page) => chat.queue(eventId, page));
  queue(
    calls.questions,
    queueQuestion,
    (eventId, viewer, page, { session_id, state }) =>
      qna.queue(eventId, viewer, page, {
        sessionId: session_id === EVENT_WIDE_QUESTIONS ? null : session_id,
        state,
      }),
    questionQueueFilter,
  );
  queue(calls.polls, poll, (eventId, viewer, page) => polls.queue(eventId, viewer, page));

  route.patch(
    path(calls.message(':messageId')),
    moderates,
    { params: messageParams, body: moderateMessageBody, answer: chatMessage },
    ({ caller, object, params, body }) =>
      chat.pin(object.id, moderator(caller), params.messageId, body.pinned),
  );
  route.delete(
    path(calls.message(':messageId')),
    moderates,
    { params: messageParams, status: 204 },
    ({ caller, object, params }) => chat.remove(object.id, moderator(caller), params.messageId),
  );
  route.post(clearChatPath(':id'), moderates, { params: eventParams, status: 204 }, ({ caller, object }) =>
    chat.clear(object.id, moderator(caller)),
  );
  route.post(
    path(calls.announcements),
    moderates,
    { params: eventParams, body: announcementBody, answer: chatMessage, status: 201 },
    async ({ caller, object, body }) => chat.announce(object.id, await staff(caller), body.text),
  );

  route.get(
    path(calls.blocks),
    reads,
    { params: eventParams, answer: blockedPeople },
    async ({ object }) => ({ person_ids: await chat.blocked(object.id) }),
  );
  for (const [declare, change] of [
    [route.post, chat.block],
    [route.delete, chat.unblock],
  ] as const)
    declare(
      path(calls.blocks),
      moderates,
      { params: eventParams, body: blockPeopleBody, status: 204 },
      ({ object, body }) => change(object.id, body.person_ids),
    );

  route.patch(
    path(calls.question(':questionId')),
    moderates,
    { params: questionParams, body: moderateQuestionBody, answer: question },
    ({ caller, object, params, body }) => qna.moderate(object.id, moderator(caller), params.questionId, body),
  );
  route.post(
    path(calls.answers(':questionId')),
    moderates,
    { params: questionParams, body: answerBody, answer: question, status: 201 },
    async ({ caller, object, params, body }) =>
      qna.answer(object.id, await staff(caller), params.questionId, body.text),
  );

  route.post(
    path(calls.polls),
    moderates,
    { params: eventParams, body: createPollBody, answer: poll, status: 201 },
    ({ caller, object, body }) => polls.create(object.id, moderator(caller), body),
  );
  route.patch(
    path(calls.poll(':pollId')),
    moderates,
    { params: pollParams, body: updatePollBody, answer: poll },
    ({ caller, object, params, body }) => polls.update(object.id, moderator(caller), params.pollId, body),
  );
}
