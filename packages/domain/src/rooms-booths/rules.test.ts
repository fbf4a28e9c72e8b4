import { describe, expect, it } from 'vitest';
import { workspaceNav } from '../navigation/workspaces.ts';
import { isCompleteReorder, withoutWebinarHiddenPages } from './rules.ts';

describe('rooms and booths rules', () => {
  it('accepts a reorder naming each object exactly once', () => {
    expect(
      isCompleteReorder(
        ['a', 'b'],
        [
          { pk: 'b', rank: 0 },
          { pk: 'a', rank: 1 },
        ],
      ),
    ).toBe(true);
    expect(isCompleteReorder(['a', 'b'], [{ pk: 'a', rank: 0 }])).toBe(false);
    expect(
      isCompleteReorder(
        ['a'],
        [
          { pk: 'a', rank: 0 },
          { pk: 'x', rank: 1 },
        ],
      ),
    ).toBe(false);
    expect(
      isCompleteReorder(
        ['a', 'b'],
        [
          { pk: 'a', rank: 0 },
          { pk: 'a', rank: 1 },
        ],
      ),
    ).toBe(false);
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
