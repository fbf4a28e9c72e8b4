import { describe, expect, it } from 'vitest';
import { workspaceNav } from '../navigation/workspaces.ts';
import { isCompleteReorder, withoutWebinarHiddenPages } from './rules.ts';

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
});
