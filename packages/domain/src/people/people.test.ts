import { describe, expect, it } from 'vitest';
import {
  bySpeakerRolePriority,
  createEventRoleSchema,
  isLinkedInProfileUrl,
  isTwitterProfileUrl,
  newPersonSchema,
  peopleMessages,
  reorderEventRolesSchema,
  selectedIds,
  selectionCount,
  speakerRoleInSession,
  SPEAKER_PERMISSION_LABELS,
  STAFF_ROLE_DESCRIPTIONS,
  toggleSelection,
} from '../index.ts';

describe('profile links (002 §5.2)', () => {
  it.each([
    ['https://www.linkedin.com/in/ada-lovelace', true],
    ['https://linkedin.com/company/northwind/', true],
    ['http://uk.linkedin.com/in/ada', true],
    ['https://www.linkedin.com/feed/', false],
    ['https://linkedin.com/in/', false],
    ['https://example.com/in/ada', false],
  ])('LinkedIn %s → %s', (url, valid) => expect(isLinkedInProfileUrl(url)).toBe(valid));

  it.each([
    ['https://twitter.com/ada_lovelace', true],
    ['https://x.com/ada', true],
    ['https://www.x.com/@ada/', true],
    ['http://twitter.com/ada', false],
    ['https://x.com/this_name_is_too_long', false],
    ['https://x.com/ada-lovelace', false],
    ['https://x.com.evil.com/ada', false],
  ])('X %s → %s', (url, valid) => expect(isTwitterProfileUrl(url)).toBe(valid));

  it('a person: links optional, a wrong one refused with its message, blank cleared', () => {
    const person = { email: ' Ada@Example.com ', first_name: 'Ada', last_name: 'Lovelace' };
    expect(newPersonSchema.parse({ ...person, linkedin_url: '' })).toMatchObject({
      email: 'ada@example.com',
      linkedin_url: null,
    });
    const refused = newPersonSchema.safeParse({ ...person, twitter_url: 'https://x.com/a-b' });
    expect(refused.error?.issues[0]?.message).toBe(peopleMessages.invalidTwitter);
  });
});

describe('roles (002 §3.9, §4.7, §6)', () => {
  it('labels the permission levels and describes the staff roles verbatim', () => {
    expect(Object.values(SPEAKER_PERMISSION_LABELS)).toEqual(['Stage Access', 'Share Access', 'Full Access']);
    expect(STAFF_ROLE_DESCRIPTIONS.PRODUCER).toBe(
      'Producer has backstage access and can use all features to run an event.',
    );
  });

  it('orders speaker roles by the fixed priority, custom ones last', () => {
    const names = bySpeakerRolePriority([
      { name: 'Moderator' },
      { name: 'StageAccess' },
      { name: 'FullAccess' },
      { name: 'ShareAccess' },
    ]).map((role) => role.name);
    expect(names).toEqual(['FullAccess', 'ShareAccess', 'StageAccess', 'Moderator']);
  });

  it('a session role: the assigned one, else the default, else the last listed option', () => {
    const listed = [{ id: 'full' }, { id: 'share' }, { id: 'stage' }];
    expect(speakerRoleInSession('share', 'full', listed)).toBe('share');
    expect(speakerRoleInSession(null, 'full', listed)).toBe('full');
    expect(speakerRoleInSession(undefined, null, listed)).toBe('stage');
    expect(speakerRoleInSession(null, null, [])).toBeNull();
  });
});

describe('selection with exclusions (002 §4.7)', () => {
  const ids = ['a', 'b', 'c', 'd'];
  it('select-all records the rows toggled off as exclusions', () => {
    let selection = toggleSelection({ all: true }, 'b');
    selection = toggleSelection(selection, 'd');
    expect(selection).toEqual({ all: true, excluded: ['b', 'd'] });
    expect(selectedIds(selection, ids)).toEqual(['a', 'c']);
    expect(selectionCount(selection, 40)).toBe(38);
    expect(selectedIds(toggleSelection(selection, 'b'), ids)).toEqual(['a', 'b', 'c']);
  });
  it('otherwise records the rows chosen', () => {
    const selection = toggleSelection(toggleSelection({ all: false }, 'c'), 'a');
    expect(selectedIds(selection, ids)).toEqual(['a', 'c']);
    expect(selectionCount(selection, 40)).toBe(2);
  });
});

describe('request bodies', () => {
  it('a person is named by id, by details, or (check-in staff) by top-level fields', () => {
    const event = 'e1';
    expect(createEventRoleSchema.safeParse({ event, role: 4 }).error?.issues[0]?.message).toBe(
      peopleMessages.personRequired,
    );
    expect(
      createEventRoleSchema.safeParse({ event, role: 8, email: 'a@b.co', first_name: 'A', last_name: 'B' })
        .success,
    ).toBe(true);
    expect(createEventRoleSchema.safeParse({ event, role: 6, user: crypto.randomUUID() }).success).toBe(
      false,
    );
  });
  it('a rank list names each person once', () => {
    const id = crypto.randomUUID();
    expect(
      reorderEventRolesSchema.safeParse({
        updated_ranks: [
          { event_role: id, rank: 1 },
          { event_role: id, rank: 2 },
        ],
      }).success,
    ).toBe(false);
  });
});
