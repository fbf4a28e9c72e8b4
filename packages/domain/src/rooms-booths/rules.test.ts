import { describe, expect, it } from 'vitest';
import { workspaceNav } from '../navigation/workspaces.ts';
import { createRoomSchema, discussionGroupsInputSchema } from './api.ts';
import { BOOTH_DISCUSSION_ROOMS_MAX } from './constants.ts';
import { required } from '../events/query.ts';
import { isCompleteReorder, ROOM_SEAT_OPTIONS, withoutWebinarHiddenPages } from './rules.ts';

describe('rooms and booths rules', () => {
  /** A reorder's list: the objects' ids in their new order. */
  const ranked = (...pks: string[]) => pks.map((pk, rank) => ({ pk, rank }));
  it.each([
    ['each object exactly once', ['a', 'b'], ranked('b', 'a'), true],
    ['an object left out', ['a', 'b'], ranked('a'), false],
    ['an object not in the list', ['a'], ranked('a', 'x'), false],
    ['an object twice', ['a', 'b'], ranked('a', 'a'), false],
  ])('a reorder naming %s is complete: %s', (_case, objectIds, list, complete) => {
    expect(isCompleteReorder(objectIds, list)).toBe(complete);
  });

  it('hides the rooms and booths pages of a webinar only', () => {
    const programs = (nav: ReturnType<typeof workspaceNav>) =>
      nav.find((item) => item.title === 'Programs')?.children.map((item) => item.title);
    const nav = workspaceNav('event', 'e-1');
    expect(programs(withoutWebinarHiddenPages(nav, 'Conference'))).toContain('Rooms');
    const webinar = programs(withoutWebinarHiddenPages(nav, 'Webinar'));
    expect(webinar).not.toContain('Rooms');
    expect(webinar).not.toContain('Booths');
    expect(webinar).toContain('Agenda');
  });

  it("offers a room 1 to 50 seats, labelled '1 seat' and '{n} seats', and accepts no other", () => {
    expect(ROOM_SEAT_OPTIONS.map(({ seats }) => seats)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(ROOM_SEAT_OPTIONS.slice(0, 2).map(({ label }) => label)).toEqual(['1 seat', '2 seats']);
    expect(ROOM_SEAT_OPTIONS.at(-1)?.label).toBe('50 seats');
    const room = (capacity: number | null) =>
      createRoomSchema.safeParse({ event: 'e-1', name: 'Lounge', capacity });
    expect([1, 50, null].map((seats) => room(seats).success)).toEqual([true, true, true]);
    expect([0, 51].map((seats) => room(seats).success)).toEqual([false, false]);
  });

  it('takes a booth’s discussion rooms named, kept by id or new, at most BOOTH_DISCUSSION_ROOMS_MAX', () => {
    const rooms = (list: unknown) => discussionGroupsInputSchema.safeParse(list);
    expect(rooms([{ id: 'r-1', name: ' Demo corner ' }, { name: 'Q&A' }]).data).toEqual([
      { id: 'r-1', name: 'Demo corner' },
      { name: 'Q&A' },
    ]);
    expect(rooms([]).success).toBe(true);
    expect(rooms([{ name: '  ' }]).error?.issues[0]?.message).toBe(required);
    expect(rooms([{ name: 'x'.repeat(101) }]).success).toBe(false);
    const many = (count: number) => Array.from({ length: count }, (_, i) => ({ name: `Room ${i}` }));
    expect(rooms(many(BOOTH_DISCUSSION_ROOMS_MAX)).success).toBe(true);
    expect(rooms(many(BOOTH_DISCUSSION_ROOMS_MAX + 1)).success).toBe(false);
  });
});
