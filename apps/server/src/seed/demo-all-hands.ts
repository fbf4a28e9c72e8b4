import {
  engagementAttendeeCalls,
  engagementStudioCalls,
  engagementStudioPath,
  EVENT_ROLES,
  findRole,
  type Broadcast,
  type EventMember,
  type Page,
  type Poll,
  type Question,
} from '@studio/domain';
import type { FastifyInstance } from 'fastify';
import { DEMO_ALL_HANDS, DEMO_SPEAKERS } from './demo-content.ts';
import { enterEventApp } from './demo-event-app.ts';
import { portrait, uploadPng } from './demo-images.ts';
import type { StudioClient } from './studio-client.ts';

/**
 * The live All-Hands' programme as its organiser sets it up: a live session over the whole event,
 * its speaker (the CEO, with a portrait), an announcement in the event chat and a live poll in the
 * session. Answers the session's id and what was added.
 */
export async function addDemoAllHandsProgramme(
  api: StudioClient,
  event: { id: string; start: number; minutes: number },
): Promise<{ sessionId: string; summary: string }> {
  const session = await api.post<Broadcast>('/api/event/broadcasts/', {
    event: event.id,
    ...DEMO_ALL_HANDS.session,
    start_time: new Date(event.start).toISOString(),
    end_time: new Date(event.start + event.minutes * 60_000).toISOString(),
  });
  const {
    colour,
    sessions: _sessions,
    role,
    ...speaker
  } = DEMO_SPEAKERS.find((candidate) => candidate.email === DEMO_ALL_HANDS.speaker)!;
  const picture = await portrait(`${speaker.first_name[0]}${speaker.last_name[0]}`, colour);
  const key = `events/${event.id}/speaker-${speaker.first_name.toLowerCase()}.png`;
  const url = (await uploadPng(api, key, picture, 'image')).content_url;
  await api.post('/api/event/event-roles/', {
    event: event.id,
    role: EVENT_ROLES.SPEAKER,
    user: { ...speaker, profile_picture_url: url },
    broadcasts: [session.id],
    permission_roles: [{ role: findRole(role)!.id, broadcasts: [session.id] }],
    send_email_invite: true,
  });
  const path = (call: string) => engagementStudioPath(event.id, call);
  await api.post(path(engagementStudioCalls.announcements), { text: DEMO_ALL_HANDS.announcement });
  const poll = await api.post<Poll>(path(engagementStudioCalls.polls), {
    session_id: session.id,
    question: DEMO_ALL_HANDS.poll.question,
    multiple: false,
    show_results: true,
    options: DEMO_ALL_HANDS.poll.options,
  });
  await api.patch(path(engagementStudioCalls.poll(poll.id)), { state: 'live' });
  return {
    sessionId: session.id,
    summary: `a live session, "${session.title}", over the whole event with ${speaker.first_name} ${speaker.last_name} speaking, an announcement in its chat and a live poll in the session`,
  };
}

/**
 * What its attendees did in the session, replayed as they act (not written into tables): the first
 * registrants enter the event app by their magic links, ask questions, upvote, vote in the poll and
 * chat; the team answers the first question (and approves the others when Q&A is moderated).
 */
export async function replayDemoAllHandsEngagement(
  api: StudioClient,
  attendeeSite: FastifyInstance,
  eventId: string,
  sessionId: string,
): Promise<string> {
  const { questions, chat } = DEMO_ALL_HANDS;
  const registrants = await api.get<Page<EventMember>>(
    `/api/event/event-members/?event=${eventId}&ordering=registered_at&limit=${questions.length + chat.length}`,
  );
  const attendees = await Promise.all(
    registrants.results.map((member) => enterEventApp(api, attendeeSite, eventId, member.user)),
  );
  const [poll] = await attendees[0]!.get<Poll[]>(`${engagementAttendeeCalls.polls}?session_id=${sessionId}`);
  const asked: Question[] = [];
  for (const [n, { text }] of questions.entries())
    asked.push(
      await attendees[n]!.post<Question>(engagementAttendeeCalls.questions, {
        text,
        anonymous: false,
        session_id: sessionId,
      }),
    );
  for (const [n, text] of chat.entries())
    await attendees[questions.length + n]!.post(engagementAttendeeCalls.chat('session'), {
      text,
      channel_id: sessionId,
    });
  if (poll)
    for (const [n, attendee] of attendees.entries())
      await attendee.post(engagementAttendeeCalls.vote(poll.id), { option_ids: [poll.options[n % 2]!.id] });
  const path = (call: string) => engagementStudioPath(eventId, call);
  for (const [n, question] of asked.entries()) {
    const answer = questions[n]?.answer;
    if (answer) await api.post(path(engagementStudioCalls.answers(question.id)), { text: answer });
    else if (question.state === 'pending')
      await api.patch(path(engagementStudioCalls.question(question.id)), { state: 'open' });
  }
  for (const attendee of attendees.slice(questions.length))
    await attendee.post(engagementAttendeeCalls.upvote(asked[1]!.id));
  return `${asked.length} questions asked in its session (one answered), ${chat.length} messages in its chat and ${attendees.length} votes in its poll`;
}
