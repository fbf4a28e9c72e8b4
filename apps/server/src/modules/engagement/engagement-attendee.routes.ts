import {
  announcementBody,
  answerBody,
  askSessionQuestionBody,
  CHAT_CHANNEL_KINDS,
  chatHistoryQuery,
  engagementAttendeeCalls,
  moderateMessageBody,
  moderateQuestionBody,
  postChannelMessageBody,
  PRESENCE_PAGE_SIZE,
  presenceQuery,
  questionListQuery,
  sessionQuery,
  updatePollBody,
  voteBody,
} from '@studio/domain';
import type { AdmittedPerson, EventAppExtension } from '../attendee-site/event-app/event-app-extension.ts';
import type { ChatService } from './chat.service.ts';
import { authorRoleOf, type Actor, type EngagementDeps } from './engagement.ts';
import type { PollsService } from './polls.service.ts';
import type { PresenceRepository } from './presence.repository.ts';
import type { QnaService } from './qna.service.ts';

export interface EngagementAttendeeRoutesDeps extends Pick<EngagementDeps, 'eventOf'> {
  chat: ChatService;
  qna: QnaService;
  polls: PollsService;
  presence: PresenceRepository;
}

/**
 * The attendee's engagement calls (issue 34 §2–§6) on the event app (`eventAppApiPath`), for the
 * person the event's cookie admits: the extension point answers 401/403 for anyone else.
 */
export function registerEngagementAttendeeRoutes(app: EventAppExtension, deps: EngagementAttendeeRoutesDeps) {
  const { chat, qna, polls } = deps;
  const calls = engagementAttendeeCalls;

  /** The admitted person as they act: their name in the event, staff when they organise it. */
  function actorOf(person: AdmittedPerson): Actor {
    const role = authorRoleOf(person.role);
    return {
      userId: person.userId,
      staff: role === 'staff',
      speaker: role === 'speaker',
      role,
      name: person.name,
    };
  }
  const viewerOf = (person: AdmittedPerson) => {
    const role = authorRoleOf(person.role);
    return { userId: person.userId, staff: role === 'staff', speaker: role === 'speaker', role };
  };

  app.call({ method: 'GET', name: calls.state }, async (person) =>
    chat.standing(person.event.id, actorOf(person)),
  );

  for (const channel of CHAT_CHANNEL_KINDS) {
    app.call({ method: 'GET', name: calls.chat(channel), query: chatHistoryQuery }, (person, { query }) =>
      chat.history(person.event.id, viewerOf(person), channel, query),
    );
    app.call(
      { method: 'POST', name: calls.chat(channel), body: postChannelMessageBody, status: 201 },
      async (person, { body }) => chat.post(person.event.id, actorOf(person), channel, body),
    );
  }

  app.call({ method: 'GET', name: calls.questions, query: questionListQuery }, (person, { query }) =>
    qna.list(person.event.id, viewerOf(person), query.session_id, { mine: query.mine }),
  );
  app.call(
    { method: 'POST', name: calls.questions, body: askSessionQuestionBody, status: 201 },
    async (person, { body }) => qna.ask(person.event.id, actorOf(person), body),
  );
  for (const [method, on] of [
    ['POST', true],
    ['DELETE', false],
  ] as const)
    app.call({ method, name: calls.upvote(':questionId') }, (person, { params }) =>
      qna.upvote(person.event.id, viewerOf(person), params.questionId ?? '', on),
    );

  app.call({ method: 'GET', name: calls.polls, query: sessionQuery }, (person, { query }) =>
    polls.list(person.event.id, viewerOf(person), query.session_id),
  );
  app.call({ method: 'POST', name: calls.vote(':pollId'), body: voteBody }, (person, { params, body }) =>
    polls.vote(person.event.id, viewerOf(person), params.pollId ?? '', body.option_ids),
  );

  // Moderation by the event team (and speakers' answers) in the event app: the services decide who may.
  app.call(
    { method: 'PATCH', name: calls.message(':messageId'), body: moderateMessageBody },
    (person, input) =>
      chat.pin(person.event.id, viewerOf(person), input.params.messageId ?? '', input.body.pinned),
  );
  app.call({ method: 'DELETE', name: calls.message(':messageId') }, (person, { params }) =>
    chat.remove(person.event.id, viewerOf(person), params.messageId ?? ''),
  );
  app.call(
    { method: 'POST', name: calls.announcements, body: announcementBody, status: 201 },
    async (person, { body }) => chat.announce(person.event.id, actorOf(person), body.text),
  );
  app.call(
    { method: 'PATCH', name: calls.question(':questionId'), body: moderateQuestionBody },
    (person, input) =>
      qna.moderate(person.event.id, viewerOf(person), input.params.questionId ?? '', input.body),
  );
  app.call(
    { method: 'POST', name: calls.answers(':questionId'), body: answerBody, status: 201 },
    async (person, { params, body }) =>
      qna.answer(person.event.id, actorOf(person), params.questionId ?? '', body.text),
  );
  app.call({ method: 'PATCH', name: calls.poll(':pollId'), body: updatePollBody }, (person, input) =>
    polls.update(person.event.id, viewerOf(person), input.params.pollId ?? '', input.body),
  );

  app.call({ method: 'GET', name: calls.presence, query: presenceQuery }, async (person, { query }) => {
    const { present, perSession } = await deps.presence.counts(person.event.id);
    const listed = (await deps.eventOf(person.event.id))?.showAttendees ?? false;
    const page = { offset: query.offset, limit: PRESENCE_PAGE_SIZE };
    const people = listed ? await deps.presence.people(person.event.id, page) : [];
    return { present, per_session: perSession, people };
  });
}
