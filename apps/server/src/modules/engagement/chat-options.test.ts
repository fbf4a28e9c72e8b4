import { describe, expect, it } from 'vitest';
import {
  engagementAttendeeCalls,
  engagementStudioPath,
  EVENT_ROLES,
  type ChatMessage,
  type EngagementState,
  type Question,
} from '@studio/domain';
import { fileEngagementWorld, newSession, personIn, setBranding, speaksIn } from './engagement.fixtures.ts';

const world = fileEngagementWorld('Chat Options Org');

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
    const queue = await world.api.get<{ results: ChatMessage[] }>(engagementStudioPath(event.id, 'messages'));
    expect(queue.body.results.map((message) => message.text)).toContain('Oh ****, Scunthorpe is ****');
  });

  it("keeps a session's Speakers chat to that session's speakers and staff, in reads and posts", async () => {
    const event = await world.newEvent();
    const keynote = await newSession(world, event, 'Keynote');
    const panel = await newSession(world, event, 'Panel');
    const attendee = await personIn(world, event);
    const speaker = await personIn(world, event, 'Sam', EVENT_ROLES.SPEAKER);
    const panellist = await personIn(world, event, 'Pat', EVENT_ROLES.SPEAKER);
    const organiser = await personIn(world, event, 'Olga', EVENT_ROLES.ORGANIZER);
    await speaksIn(world, event, speaker.userId, keynote);
    await speaksIn(world, event, panellist.userId, panel);
    expect(
      (await speaker.call<EngagementState>('GET', engagementAttendeeCalls.state)).body.speaker_sessions,
    ).toEqual([keynote]);

    const said = await speaker.call<ChatMessage>('POST', 'chat/speakers', {
      text: 'Ready in five',
      channel_id: keynote,
    });
    expect(said).toMatchObject({ status: 201, body: { channel: 'speakers', author: { role: 'speaker' } } });
    expect(
      (await organiser.call('POST', 'chat/speakers', { text: 'Going live', channel_id: keynote })).status,
    ).toBe(201);
    const read = await speaker.call<ChatMessage[]>('GET', `chat/speakers?channel_id=${keynote}`);
    expect(read.body.map((message) => message.text)).toEqual(['Going live', 'Ready in five']);

    const onlyThem = { status: 403, body: { message: 'Only the speakers and the event team chat here.' } };
    for (const outsider of [attendee, panellist]) {
      expect(await outsider.call('GET', `chat/speakers?channel_id=${keynote}`)).toMatchObject(onlyThem);
      expect(
        await outsider.call('POST', 'chat/speakers', { text: 'let me in', channel_id: keynote }),
      ).toMatchObject(onlyThem);
    }
    expect(
      (await panellist.call('POST', 'chat/speakers', { text: 'Panel mics on', channel_id: panel })).status,
    ).toBe(201);
  });
});
