import { z } from 'zod';
import {
  announcementBody,
  answerBody,
  blockPeopleBody,
  chatMessage,
  createPollBody,
  ENGAGEMENT_QUEUE_PAGE_SIZE,
  engagementStudioCalls as calls,
  engagementStudioPath,
  moderateMessageBody,
  moderateQuestionBody,
  pageQuerySchema,
  pageSchema,
  poll,
  queueQuestion,
  question,
  updatePollBody,
} from '@studio/domain';
import type { Caller } from '../../platform/http/caller.ts';
import { guard } from '../../platform/http/guard.ts';
import type { PageRequest } from '../../platform/http/pagination.ts';
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
  visibleEvent(
    caller: Caller,
    eventId: string,
    permission: 'event:read' | 'event:update',
  ): Promise<{ id: string }>;
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
  const reads = guard({
    permission: 'event:read',
    load: (caller, id) => deps.visibleEvent(caller, id, 'event:read'),
  });
  const moderates = guard({
    permission: 'event:update',
    load: (caller, id) => deps.visibleEvent(caller, id, 'event:update'),
  });
  const staff = async (caller: Caller): Promise<Actor> => ({
    userId: caller.userId,
    staff: true,
    role: 'staff',
    name: await deps.userName(caller.userId),
  });
  const readBy = (request: Parameters<typeof reads.of>[0]) => {
    const { caller, object } = reads.of(request);
    return { eventId: object.id, viewer: { userId: caller.userId, staff: true } };
  };
  const moderatedBy = (request: Parameters<typeof moderates.of>[0]) => {
    const { caller, object } = moderates.of(request);
    return {
      eventId: object.id,
      caller,
      viewer: { userId: caller.userId, staff: true, role: 'staff' as const },
    };
  };

  // The queues, each paged on the server (the backstage loads more as it is scrolled).
  const queue = <T>(
    name: string,
    item: z.ZodType<T>,
    pageOf: (eventId: string, viewer: Viewer, page: PageRequest) => Promise<{ count: number; results: T[] }>,
  ) =>
    route.list(
      path(name),
      reads,
      {
        params: eventParams,
        query: pageQuerySchema,
        answer: pageSchema(item),
        pageSize: ENGAGEMENT_QUEUE_PAGE_SIZE,
      },
      ({ page }, request) => {
        const { eventId, viewer } = readBy(request);
        return pageOf(eventId, viewer, page);
      },
    );
  queue(calls.messages, chatMessage, (eventId, _viewer, page) => chat.queue(eventId, page));
  queue(calls.questions, queueQuestion, (eventId, viewer, page) => qna.queue(eventId, viewer, page));
  queue(calls.polls, poll, (eventId, viewer, page) => polls.queue(eventId, viewer, page));

  route.patch(
    path(calls.message(':messageId')),
    moderates,
    { params: messageParams, body: moderateMessageBody, answer: chatMessage },
    ({ params, body }, request) => {
      const { eventId, viewer } = moderatedBy(request);
      return chat.pin(eventId, viewer, params.messageId, body.pinned);
    },
  );
  route.delete(
    path(calls.message(':messageId')),
    moderates,
    { params: messageParams },
    async ({ params }, request, reply) => {
      const { eventId, viewer } = moderatedBy(request);
      await chat.remove(eventId, viewer, params.messageId);
      return reply.status(204).send();
    },
  );
  app.post(
    path(calls.announcements),
    {
      preValidation: moderates.preValidation,
      schema: { tags, params: eventParams, body: announcementBody, response: { 201: chatMessage } },
    },
    async (request, reply) => {
      const { eventId, caller } = moderatedBy(request);
      return reply.status(201).send(await chat.announce(eventId, await staff(caller), request.body.text));
    },
  );

  route.get(
    path(calls.blocks),
    reads,
    { params: eventParams, answer: z.object({ person_ids: z.array(z.string()) }) },
    async (_input, request) => ({ person_ids: await chat.blocked(readBy(request).eventId) }),
  );
  for (const [method, change] of [
    ['POST', chat.block],
    ['DELETE', chat.unblock],
  ] as const)
    app.route({
      method,
      url: path(calls.blocks),
      preValidation: moderates.preValidation,
      schema: { tags, params: eventParams, body: blockPeopleBody },
      handler: async (request, reply) => {
        await change(moderatedBy(request).eventId, request.body.person_ids);
        return reply.status(204).send();
      },
    });

  route.patch(
    path(calls.question(':questionId')),
    moderates,
    { params: questionParams, body: moderateQuestionBody, answer: question },
    ({ params, body }, request) => {
      const { eventId, viewer } = moderatedBy(request);
      return qna.moderate(eventId, viewer, params.questionId, body);
    },
  );
  app.post(
    path(calls.answers(':questionId')),
    {
      preValidation: moderates.preValidation,
      schema: { tags, params: questionParams, body: answerBody, response: { 201: question } },
    },
    async (request, reply) => {
      const { eventId, caller } = moderatedBy(request);
      const answered = await qna.answer(
        eventId,
        await staff(caller),
        request.params.questionId,
        request.body.text,
      );
      return reply.status(201).send(answered);
    },
  );

  app.post(
    path(calls.polls),
    {
      preValidation: moderates.preValidation,
      schema: { tags, params: eventParams, body: createPollBody, response: { 201: poll } },
    },
    async (request, reply) => {
      const { eventId, viewer } = moderatedBy(request);
      return reply.status(201).send(await polls.create(eventId, viewer, request.body));
    },
  );
  route.patch(
    path(calls.poll(':pollId')),
    moderates,
    { params: pollParams, body: updatePollBody, answer: poll },
    ({ params, body }, request) => {
      const { eventId, viewer } = moderatedBy(request);
      return polls.update(eventId, viewer, params.pollId, body);
    },
  );
}
