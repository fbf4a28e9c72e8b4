import { describe, expect, it } from 'vitest';
import { encodeCursor, pageRequest, toPage } from './pagination.ts';

const base = 'http://studio.test';

describe('pagination', () => {
  it('uses the list default page size and caps the limit', () => {
    expect(pageRequest({}, 25)).toEqual({ limit: 25, offset: 0 });
    expect(pageRequest({ limit: 5000, offset: 50 }, 25)).toEqual({ limit: 1000, offset: 50 });
  });

  it('links next and previous keeping the other query parameters', () => {
    const page = toPage(
      '/api/core/video_assets/?search=demo&offset=50&limit=25',
      base,
      { limit: 25, offset: 50 },
      120,
      [1],
    );
    expect(page).toEqual({
      count: 120,
      next: `${base}/api/core/video_assets/?search=demo&offset=75&limit=25`,
      previous: `${base}/api/core/video_assets/?search=demo&offset=25&limit=25`,
      results: [1],
    });
  });

  it('has no next on the last page and no previous on the first', () => {
    const first = toPage('/api/x/', base, { limit: 10, offset: 0 }, 10, []);
    expect(first.next).toBeNull();
    expect(first.previous).toBeNull();
    const second = toPage('/api/x/?offset=10', base, { limit: 10, offset: 10 }, 30, []);
    expect(second.previous).toBe(`${base}/api/x/?limit=10`);
  });

  it('with an estimated count says so and links next only after a full page', () => {
    const full = toPage('/api/core/video_assets/', base, { limit: 2, offset: 0 }, 5000, [1, 2], true);
    expect(full.count_is_estimate).toBe(true);
    expect(full.next).toBe(`${base}/api/core/video_assets/?limit=2&offset=2`);
    const last = toPage('/api/core/video_assets/', base, { limit: 2, offset: 4 }, 5000, [5], true);
    expect(last.next).toBeNull();
    expect(toPage('/api/core/video_assets/', base, { limit: 2, offset: 0 }, 3, [1, 2])).not.toHaveProperty(
      'count_is_estimate',
    );
  });

  it('with a keyset, links next after the last row and reads the cursor back for its ordering only', () => {
    const last = { key: '2026-01-05 00:00:00+00', id: 'a1' };
    const page = toPage('/api/x/?ordering=name&after=old', base, { limit: 2, offset: 2 }, 9, [1, 2], false, {
      ordering: 'name',
      last,
    });
    const next = new URL(page.next!);
    expect(next.searchParams.get('offset')).toBe('4');
    expect(pageRequest({ after: next.searchParams.get('after')! }, 2, 'name').after).toEqual(last);
    expect(page.previous).toBe(`${base}/api/x/?ordering=name&limit=2`);
    expect(() => pageRequest({ after: encodeCursor('-name', last) }, 2, 'name')).toThrow();
    expect(() => pageRequest({ after: 'garbage' }, 2, 'name')).toThrow();
    expect(pageRequest({ after: 'ignored' }, 2).after).toBeUndefined();
  });
});
