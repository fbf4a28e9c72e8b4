import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_ROLES, type ChatMessage, type Question } from '@studio/domain';
import { engagementWorld, personIn, setBranding, type EngagementWorld } from './engagement.fixtures.ts';

let world: EngagementWorld;
beforeAll(async () => {
  world = await engagementWorld('Chat Options Org');
});
afterAll(() => world.studio.close());

const SESSION = '00000000-0000-4000-8000-000000000001';

describe('chat options (issue 34 §2)', () => {
  it('sends a bundled GIF while GIFs are on; refuses other ids (400) and any GIF once off (403)', async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event);
    const sent = await grace.call<ChatMessage>('POST', 'chat/event', { gif: 'applause' });
    expect(sent).toMatchObject({ status: 201, body: { text: '', gif: 'applause' } });
    const history = await grace.call<ChatMessage[]>('GET', 'chat/event');
    expect(history.body[0]).toMatchObject({ gif: 'applause' });
    expect((await grace.call('POST', 'chat/event', { gif: 'https://media.example/cat.gif' })).status).toBe(
      400,
    );
    expect((await grace.call('POST', 'chat/event', { text: '' })).status).toBe(400);

    await setBranding(world, event, { gifs_enabled: false });
    const off = await grace.call<{ message: string }>('POST', 'chat/event', { text: 'hi', gif: 'party' });
    expect(off).toMatchObject({ status: 403, body: { message: 'GIFs are turned off for this event.' } });
    expect((await grace.call('POST', 'chat/event', { text: 'still text' })).status).toBe(201);
  });

  it('stores messages, questions and answers masked when the profanity filter is on', async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event);
    const ada = await personIn(world, event, 'Ada');
    const before = await grace.call<ChatMessage>('POST', 'chat/event', { text: 'what the shit' });
    expect(before.body.text).toBe('what the shit');

    await setBranding(world, event, { profanity_filter_enabled: true });
    await grace.call('POST', 'chat/event', { text: 'Oh SHIT, Scunthorpe is crap' });
    const read = await ada.call<ChatMessage[]>('GET', 'chat/event');
    expect(read.body[0]!.text).toBe('Oh ****, Scunthorpe is ****');
    const asked = await grace.call<Question>('POST', 'qna', { text: 'Why is the sound shit?' });
    expect(asked.body.text).toBe('Why is the sound ****?');
    const queue = await world.api.get<{ messages: ChatMessage[] }>(`/api/events/${event.id}/engagement`);
    expect(queue.body.messages.map((message) => message.text)).toContain('Oh ****, Scunthorpe is ****');
  });

  it("keeps a session's Speakers chat to its speakers and staff", async () => {
    const event = await world.newEvent();
    const attendee = await personIn(world, event);
    const speaker = await personIn(world, event, 'Sam', EVENT_ROLES.SPEAKER);
    const organiser = await personIn(world, event, 'Olga', EVENT_ROLES.ORGANIZER);
    const said = await speaker.call<ChatMessage>('POST', 'chat/speakers', {
      text: 'Ready in five',
      channel_id: SESSION,
    });
    expect(said).toMatchObject({ status: 201, body: { channel: 'speakers', author: { role: 'speaker' } } });
    expect(
      (await organiser.call('POST', 'chat/speakers', { text: 'Going live', channel_id: SESSION })).status,
    ).toBe(201);
    const read = await speaker.call<ChatMessage[]>('GET', `chat/speakers?channel_id=${SESSION}`);
    expect(read.body.map((message) => message.text)).toEqual(['Going live', 'Ready in five']);

    const refused = await attendee.call<{ message: string }>('GET', `chat/speakers?channel_id=${SESSION}`);
    expect(refused).toMatchObject({
      status: 403,
      body: { message: 'Only the speakers and the event team chat here.' },
    });
    expect(
      (await attendee.call('POST', 'chat/speakers', { text: 'let me in', channel_id: SESSION })).status,
    ).toBe(403);
  });
});
