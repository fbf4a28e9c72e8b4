import { describe, expect, it } from 'vitest';
import {
  engagementAttendeeCalls,
  engagementMessages,
  engagementStudioCalls,
  engagementStudioPath,
  type ChatMessage,
  type EngagementState,
  type Poll,
  type Question,
  type StudioEvent,
} from '@studio/domain';
import { fileEngagementWorld, NOW, personIn } from './engagement.fixtures.ts';

// The studio's clock: before the event's end, then after it (the world's events end at 21:00).
let now = NOW;
const world = fileEngagementWorld('Ended Org', { clock: () => now });

describe('after the event ends', () => {
  it('keeps the chat readable but refuses new messages, and the live poll takes no more votes', async () => {
    now = NOW;
    const event = await world.newEvent();
    const grace = await personIn(world, event, 'Grace');
    expect((await grace.call('POST', 'chat/event', { text: 'Before the end' })).status).toBe(201);
    const created = await world.api.post<Poll>(engagementStudioPath(event.id, 'polls'), {
      question: 'Best talk?',
      options: ['Keynote', 'Panel'],
    });
    await world.api.patch(engagementStudioPath(event.id, `polls/${created.body.id}`), { state: 'live' });
    expect((await grace.call<EngagementState>('GET', engagementAttendeeCalls.state)).body.ended).toBe(false);

    now = new Date('2031-05-01T21:00:00Z');
    expect((await grace.call<EngagementState>('GET', engagementAttendeeCalls.state)).body.ended).toBe(true);
    const refused = await grace.call('POST', 'chat/event', { text: 'After the end' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: engagementMessages.chatEnded });
    const history = await grace.call<ChatMessage[]>('GET', 'chat/event?limit=20');
    expect(history.body.map((message) => message.text)).toEqual(['Before the end']);
    const vote = await grace.call('POST', `polls/${created.body.id}/vote`, {
      option_ids: [created.body.options[0]!.id],
    });
    expect(vote.status).toBe(409);
    expect(vote.body).toMatchObject({ message: engagementMessages.pollsEnded });
  });

  it('keeps Q&A readable but takes no more questions or upvotes, and the event team still answers', async () => {
    now = NOW;
    const event = await world.newEvent();
    const grace = await personIn(world, event, 'Grace');
    const asked = await grace.call<Question>('POST', 'qna', { text: 'Before the end?' });
    expect(asked.status).toBe(201);

    now = new Date('2031-05-01T21:00:00Z');
    const late = await grace.call('POST', 'qna', { text: 'After the end?' });
    expect(late.status).toBe(403);
    expect(late.body).toMatchObject({ message: engagementMessages.qnaEnded });
    const upvote = await grace.call('POST', `qna/${asked.body.id}/upvote`);
    expect(upvote.status).toBe(403);
    expect(upvote.body).toMatchObject({ message: engagementMessages.qnaEnded });
    const answered = await world.api.post<Question>(
      engagementStudioPath(event.id, engagementStudioCalls.answers(asked.body.id)),
      { text: 'Yes.' },
    );
    expect(answered.status).toBe(201);
    const read = await grace.call<Question[]>('GET', 'qna');
    expect(read.body.map((question) => [question.text, question.upvotes, question.answers.length])).toEqual([
      ['Before the end?', 0, 1],
    ]);
  });

  it('never closes a recording’s chat or Q&A by time: it has no schedule to end', async () => {
    now = NOW;
    // As the studio creates one: its creation time stored as its start and end.
    const created = await world.api.post<StudioEvent>('/api/event/', {
      title: 'Product Tour',
      event_type: 'Recording',
    });
    expect(created.status).toBe(201);
    const grace = await personIn(world, created.body, 'Grace');
    now = new Date('2031-06-01T12:00:00Z');
    const state = await grace.call<EngagementState>('GET', engagementAttendeeCalls.state);
    expect(state.body).toMatchObject({ ended: false, ends_at: null });
    expect((await grace.call('POST', 'chat/event', { text: 'Watching on demand' })).status).toBe(201);
    expect((await grace.call('POST', 'qna', { text: 'Is there a transcript?' })).status).toBe(201);
  });
});
