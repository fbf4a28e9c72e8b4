import { describe, expect, it } from 'vitest';
import { DEFAULT_EVENT_BRANDING } from '../branding/fields.ts';
import {
  answererShown,
  engagementFeatures,
  placeChatOn,
  type EngagementBranding,
  type EngagementFlags,
} from './features.ts';
import { linkify } from './links.ts';
import { engagementPanelMessages } from './messages.ts';
import { postChannelMessageBody } from './api.ts';
import { maskProfanity } from './profanity.ts';
import {
  askQuestionBody,
  createPollBody,
  MODERATED_CHAT_CHANNELS,
  chatChannelLabels,
  postMessageBody,
  voteIsValid,
  percentText,
  pollOptionPercent,
} from './schemas.ts';

const base: EngagementBranding = {
  chat_visibilty: 'PUBLIC',
  public_chat_disabled: false,
  broadcast_chat_disabled: false,
  thread_chat_disabled: false,
  p2p_chat_disabled: false,
  discussions_chat_disabled: false,
  booth_chat_disabled: false,
  gifs_enabled: true,
  profanity_filter_enabled: false,
  have_text_qna: true,
  is_text_qna_moderated: false,
  anonymous_qna_enabled: false,
  show_answerers_identity: true,
  textqna_answerers_alias: '',
  assign_speaker_qna: false,
};
const flags: EngagementFlags = { useChatVisibility: false, useNewChatApp: false, assignQnaToSpeaker: false };

describe('engagementFeatures (spec 002 §3.1)', () => {
  it('reads public_chat_disabled without useChatVisibility, chat_visibilty with it', () => {
    expect(engagementFeatures({ ...base, public_chat_disabled: true }, flags).eventChat).toBe('off');
    expect(engagementFeatures({ ...base, chat_visibilty: 'OFF' }, flags).eventChat).toBe('everyone');
    const withFlag = { ...flags, useChatVisibility: true };
    expect(
      engagementFeatures({ ...base, chat_visibilty: 'PUBLIC', public_chat_disabled: true }, withFlag)
        .eventChat,
    ).toBe('everyone');
    expect(engagementFeatures({ ...base, chat_visibilty: 'PRIVATE' }, withFlag).eventChat).toBe('staff');
    expect(engagementFeatures({ ...base, chat_visibilty: 'OFF' }, withFlag).eventChat).toBe('off');
  });

  it('offers threads only with the new chat app and thread chat on', () => {
    expect(engagementFeatures(base, flags).threads).toBe(false);
    expect(engagementFeatures(base, { ...flags, useNewChatApp: true }).threads).toBe(true);
    expect(
      engagementFeatures({ ...base, thread_chat_disabled: true }, { ...flags, useNewChatApp: true }).threads,
    ).toBe(false);
  });

  it('turns off session, direct, room and booth chat by their disabled flags', () => {
    const features = engagementFeatures(
      {
        ...base,
        broadcast_chat_disabled: true,
        p2p_chat_disabled: true,
        discussions_chat_disabled: true,
        booth_chat_disabled: true,
        gifs_enabled: false,
      },
      flags,
    );
    expect(features).toMatchObject({
      sessionChat: false,
      directMessages: false,
      roomChat: false,
      boothChat: false,
      gifs: false,
    });
  });

  it("names an answer's answerer, else the event's alias, else nobody (Show Answerers' Identity)", () => {
    expect(answererShown(engagementFeatures(base, flags), 'Grace Hopper')).toBe('Grace Hopper');
    const aliased = { ...base, show_answerers_identity: false, textqna_answerers_alias: ' Event team ' };
    expect(answererShown(engagementFeatures(aliased, flags), 'Grace Hopper')).toBe('Event team');
    const unnamed = { ...aliased, textqna_answerers_alias: '' };
    expect(answererShown(engagementFeatures(unnamed, flags), 'Grace Hopper')).toBeNull();
  });

  it('Q&A options need have_text_qna; assigning also needs assignQnaToSpeaker', () => {
    const on = {
      ...base,
      is_text_qna_moderated: true,
      anonymous_qna_enabled: true,
      assign_speaker_qna: true,
    };
    expect(engagementFeatures(on, flags)).toMatchObject({
      qna: true,
      qnaModerated: true,
      qnaAnonymous: true,
      assignQuestionsToSpeakers: false,
    });
    expect(engagementFeatures(on, { ...flags, assignQnaToSpeaker: true }).assignQuestionsToSpeakers).toBe(
      true,
    );
    expect(
      engagementFeatures({ ...on, have_text_qna: false }, { ...flags, assignQnaToSpeaker: true }),
    ).toMatchObject({
      qna: false,
      qnaModerated: false,
      qnaAnonymous: false,
      assignQuestionsToSpeakers: false,
    });
  });

  it("uses the answerers' alias only when their identity is hidden", () => {
    expect(engagementFeatures({ ...base, textqna_answerers_alias: 'The team' }, flags).answererAlias).toBe(
      '',
    );
    expect(
      engagementFeatures(
        { ...base, show_answerers_identity: false, textqna_answerers_alias: ' The team ' },
        flags,
      ).answererAlias,
    ).toBe('The team');
  });

  it('accepts the stored branding defaults', () => {
    expect(engagementFeatures(DEFAULT_EVENT_BRANDING, flags)).toMatchObject({
      eventChat: 'everyone',
      qna: true,
    });
  });
});

describe('the moderated chat channels (the studio queue, and what "clear chat" empties)', () => {
  it('are every channel but direct messages', () => {
    expect(MODERATED_CHAT_CHANNELS).toEqual(['event', 'session', 'speakers', 'room', 'booth']);
  });
});

describe('the chat channels’ names', () => {
  it('are the stage chat tabs’ names (002 §2.1), the event channel the Public chat', () => {
    expect(chatChannelLabels.event).toBe('Public');
    expect(chatChannelLabels.session).toBe('Session');
    expect(chatChannelLabels.speakers).toBe('Speakers');
  });
});

describe('engagement input', () => {
  it('refuses empty, over-long and NUL-bearing messages, keeps script as text', () => {
    expect(postMessageBody.safeParse({ text: '  ' }).success).toBe(false);
    expect(postMessageBody.safeParse({ text: 'a'.repeat(1001) }).success).toBe(false);
    expect(postMessageBody.safeParse({ text: 'a\u0000b' }).success).toBe(false);
    expect(postMessageBody.parse({ text: '<script>alert(1)</script>' }).text).toBe(
      '<script>alert(1)</script>',
    );
    expect(askQuestionBody.parse({ text: 'Why?' }).anonymous).toBe(false);
  });

  it('takes a bundled GIF by id, with or without text, and nothing else', () => {
    expect(postChannelMessageBody.safeParse({ gif: 'applause' }).success).toBe(true);
    expect(postChannelMessageBody.parse({ text: 'Bravo', gif: 'party' })).toMatchObject({
      text: 'Bravo',
      gif: 'party',
    });
    expect(postChannelMessageBody.safeParse({ gif: 'https://giphy.example/x.gif' }).success).toBe(false);
    expect(postChannelMessageBody.safeParse({ text: '' }).success).toBe(false);
    expect(postChannelMessageBody.safeParse({}).success).toBe(false);
  });

  it('needs two to ten poll options', () => {
    expect(createPollBody.safeParse({ question: 'Q', options: ['a'] }).success).toBe(false);
    expect(createPollBody.safeParse({ question: 'Q', options: ['a', 'b'] }).success).toBe(true);
  });

  it('needs the options distinct, case and spaces aside, marking each later copy', () => {
    const issues = (options: string[]) =>
      createPollBody
        .safeParse({ question: 'Q', options })
        .error?.issues.map((issue) => [issue.path, issue.message]);
    expect(issues(['Same', 'Same'])).toEqual([[['options', 1], engagementPanelMessages.duplicatePollOption]]);
    expect(issues(['Yes', ' yes  ', 'No', 'YES'])?.map(([path]) => path)).toEqual([
      ['options', 1],
      ['options', 3],
    ]);
    expect(issues(['New  York', 'new york'])).toHaveLength(1);
    expect(createPollBody.safeParse({ question: 'Q', options: ['Yes', 'Yes please'] }).success).toBe(true);
  });

  it('accepts one option for single choice, distinct options of the poll for multiple', () => {
    const poll = { multiple: false, optionIds: ['a', 'b', 'c'] };
    expect(voteIsValid(poll, ['a'])).toBe(true);
    expect(voteIsValid(poll, ['a', 'b'])).toBe(false);
    expect(voteIsValid({ ...poll, multiple: true }, ['a', 'b'])).toBe(true);
    expect(voteIsValid({ ...poll, multiple: true }, ['a', 'a'])).toBe(false);
    expect(voteIsValid(poll, ['z'])).toBe(false);
  });

  it("gives an option's share of the voters as a whole percentage, rounded half up; 0 without voters", () => {
    expect(pollOptionPercent(2, 3)).toBe(67);
    expect(pollOptionPercent(1, 3)).toBe(33);
    expect(pollOptionPercent(1, 8)).toBe(13);
    expect(pollOptionPercent(3, 3)).toBe(100);
    expect(pollOptionPercent(0, 0)).toBe(0);
    // Multiple choice: each option's share of the people who voted.
    expect(pollOptionPercent(2, 2)).toBe(100);
    expect(percentText(67)).toBe('67%');
  });
});

describe('linkify', () => {
  it('makes http(s) links, leaves other schemes and trailing punctuation as text', () => {
    expect(linkify('see https://example.com/a, then javascript:alert(1)')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://example.com/a', href: 'https://example.com/a' },
      { kind: 'text', text: ', then javascript:alert(1)' },
    ]);
    expect(linkify('plain')).toEqual([{ kind: 'text', text: 'plain' }]);
  });
});

describe('maskProfanity', () => {
  it('masks listed words whole, in any case, and leaves words that contain them', () => {
    expect(maskProfanity('Oh SHIT, this is crap!')).toBe('Oh ****, this is ****!');
    expect(maskProfanity('Scunthorpe and shitake are fine')).toBe('Scunthorpe and shitake are fine');
    expect(maskProfanity('ça-shit-là')).toBe('ça-****-là');
  });
});

describe('a place’s chat (Room Chat, Booth Chat)', () => {
  it.each([
    [true, true, [true, true, true]],
    [false, true, [false, true, false]],
    [true, false, [true, false, false]],
    [false, false, [false, false, false]],
  ] as const)('room chat %s, booth chat %s: room, booth, booth room %j', (roomChat, boothChat, offered) => {
    const features = { roomChat, boothChat };
    expect((['room', 'booth', 'booth_room'] as const).map((place) => placeChatOn(features, place))).toEqual(
      offered,
    );
  });
});
