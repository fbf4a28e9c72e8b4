import { describe, expect, it } from 'vitest';
import {
  EVENT_ROLES,
  engagementAttendeeCalls as calls,
  engagementStudioPath,
  type ChatMessage,
  type Poll,
  type Question,
} from '@studio/domain';
import { fileEngagementWorld, personIn, setBranding, setFlags } from './engagement.fixtures.ts';

const world = fileEngagementWorld('Event App Moderation Org');

describe('moderation from the event app (issue 34 §5, spec 002 §6)', () => {
  it('lets staff delete, pin and announce in the chat; an attendee gets 403 on each', async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event, 'Grace');
    const coordinator = await personIn(world, event, 'Cora', EVENT_ROLES.ORGANIZER);
    const posted = await grace.call<ChatMessage>('POST', 'chat/event', { text: 'Hello' });
    const message = calls.message(posted.body.id);

    expect((await grace.call('PATCH', message, { pinned: true })).status).toBe(403);
    expect((await grace.call('DELETE', message)).status).toBe(403);
    expect((await grace.call('POST', calls.announcements, { text: 'Me too' })).status).toBe(403);

    expect((await coordinator.call<ChatMessage>('PATCH', message, { pinned: true })).body.pinned).toBe(true);
    expect((await coordinator.call<ChatMessage>('PATCH', message, { pinned: false })).body.pinned).toBe(
      false,
    );
    const announced = await coordinator.call<ChatMessage>('POST', calls.announcements, {
      text: 'Doors open',
    });
    expect(announced).toMatchObject({ status: 201, body: { text: 'Doors open', author: { role: 'staff' } } });
    expect((await coordinator.call('DELETE', message)).status).toBe(204);
    const history = await grace.call<ChatMessage[]>('GET', 'chat/event');
    expect(history.body.map((entry) => entry.text)).toEqual(['Doors open']);
  });

  it("lets staff approve, hide, dismiss and answer questions under the event's answerer alias", async () => {
    const event = await world.newEvent();
    await setBranding(world, event, {
      is_text_qna_moderated: true,
      show_answerers_identity: false,
      textqna_answerers_alias: 'The Summit team',
    });
    const grace = await personIn(world, event, 'Grace');
    const producer = await personIn(world, event, 'Pia', EVENT_ROLES.ORGANIZER);
    const asked = await grace.call<Question>('POST', 'qna', { text: 'When is lunch?' });
    const question = calls.question(asked.body.id);
    expect(asked.body.state).toBe('pending');

    for (const state of ['open', 'hidden', 'dismissed', 'answered'])
      expect((await grace.call('PATCH', question, { state })).status).toBe(403);
    expect((await grace.call('POST', calls.answers(asked.body.id), { text: 'Now' })).status).toBe(403);

    for (const state of ['open', 'hidden', 'dismissed', 'answered', 'open'])
      expect((await producer.call<Question>('PATCH', question, { state })).body.state).toBe(state);
    const answered = await producer.call<Question>('POST', calls.answers(asked.body.id), { text: 'At one.' });
    expect(answered).toMatchObject({ status: 201, body: { state: 'answered' } });
    const [seen] = (await grace.call<Question[]>('GET', 'qna')).body;
    expect(seen?.answers).toEqual([
      expect.objectContaining({ text: 'At one.', answerer: 'The Summit team' }),
    ]);
  });

  it('lets staff launch and close a poll; an attendee gets 403', async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event, 'Grace');
    const coordinator = await personIn(world, event, 'Cora', EVENT_ROLES.ORGANIZER);
    const created = await world.api.post<Poll>(engagementStudioPath(event.id, 'polls'), {
      question: 'Tea or coffee?',
      options: ['Tea', 'Coffee'],
    });
    const poll = calls.poll(created.body.id);
    expect((await coordinator.call<Poll[]>('GET', 'polls')).body.map((entry) => entry.state)).toEqual([
      'draft',
    ]);
    expect((await grace.call('PATCH', poll, { state: 'live' })).status).toBe(403);
    expect((await coordinator.call<Poll>('PATCH', poll, { state: 'live' })).body.state).toBe('live');
    expect((await grace.call('PATCH', poll, { state: 'closed' })).status).toBe(403);
    expect((await coordinator.call<Poll>('PATCH', poll, { state: 'closed' })).body.state).toBe('closed');
  });

  it('lets a speaker answer the questions assigned to them and mark them answered, and nothing more', async () => {
    const event = await world.newEvent();
    await setFlags(world, { assignQnaToSpeaker: true });
    await setBranding(world, event, { assign_speaker_qna: true });
    const grace = await personIn(world, event, 'Grace');
    const speaker = await personIn(world, event, 'Sam', EVENT_ROLES.SPEAKER);
    const theirs = (await grace.call<Question>('POST', 'qna', { text: 'For Sam' })).body;
    const other = (await grace.call<Question>('POST', 'qna', { text: 'For anyone' })).body;
    const assigned = await world.api.patch(engagementStudioPath(event.id, `questions/${theirs.id}`), {
      assigned_speaker_id: speaker.userId,
    });
    expect(assigned.status).toBe(200);

    const listed = (await speaker.call<Question[]>('GET', 'qna')).body;
    expect(listed.find((entry) => entry.id === theirs.id)?.assigned_to_you).toBe(true);
    expect(listed.find((entry) => entry.id === other.id)?.assigned_to_you).toBe(false);
    expect((await speaker.call('POST', calls.answers(other.id), { text: 'Me?' })).status).toBe(403);
    expect((await speaker.call('PATCH', calls.question(theirs.id), { state: 'hidden' })).status).toBe(403);
    const answer = await speaker.call<Question>('POST', calls.answers(theirs.id), { text: 'Yes.' });
    expect(answer).toMatchObject({ status: 201, body: { state: 'answered' } });
    expect(answer.body.answers).toEqual([expect.objectContaining({ answerer: 'Sam Hopper' })]);
    await world.api.patch(engagementStudioPath(event.id, `questions/${theirs.id}`), { state: 'open' });
    const marked = await speaker.call<Question>('PATCH', calls.question(theirs.id), { state: 'answered' });
    expect(marked).toMatchObject({ status: 200, body: { state: 'answered' } });
    expect((await grace.call('PATCH', calls.question(theirs.id), { state: 'answered' })).status).toBe(403);
  });
});
