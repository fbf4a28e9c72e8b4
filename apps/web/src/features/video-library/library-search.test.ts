import { describe, expect, it } from 'vitest';
import {
  changeFilters,
  defaultLibrarySearch,
  librarySearchParams,
  parseLibrarySearch,
  videoListParams,
} from './library-search.ts';
import { dialogListParams } from './select-videos-from-library.tsx';
import { libraryHref, opensInNewTab } from './videos-page.tsx';

describe('library state in the address (spec 000 §2)', () => {
  it('reads what the router parsed, falling back to defaults for anything invalid', () => {
    expect(parseLibrarySearch({})).toEqual(defaultLibrarySearch);
    expect(
      parseLibrarySearch({
        page: 0,
        ordering: 'duration',
        search: 123,
        source: 'UPLOAD, CLIP',
        event_ids: ['e1', 'e2'],
      }),
    ).toMatchObject({
      page: 1,
      ordering: '-created_at',
      search: '123',
      source: ['UPLOAD', 'CLIP'],
      eventIds: ['e1', 'e2'],
    });
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    const state = {
      ...defaultLibrarySearch,
      search: 'keynote',
      page: 3,
      ordering: 'name' as const,
      source: ['UPLOAD'],
      workspace: 'no-team',
    };
    expect(librarySearchParams(defaultLibrarySearch)).toEqual({});
    expect(librarySearchParams(state)).toEqual({
      search: 'keynote',
      page: 3,
      ordering: 'name',
      source: 'UPLOAD',
      workspace: 'no-team',
    });
    expect(parseLibrarySearch(librarySearchParams(state))).toEqual(state);
    expect(libraryHref(state)).toBe(
      '/videos?search=keynote&page=3&ordering=name&source=UPLOAD&workspace=no-team',
    );
    expect(libraryHref(defaultLibrarySearch)).toBe('/videos');
  });

  it('starts again at page 1 when the filters change', () => {
    expect(changeFilters({ ...defaultLibrarySearch, page: 4 }, { source: ['CLIP'] })).toMatchObject({
      page: 1,
      source: ['CLIP'],
    });
  });

  it('asks for pages of the given size with offset (page-1)×size, repeating list filters', () => {
    const params = videoListParams(
      { ...defaultLibrarySearch, page: 3, createdBy: ['u1', 'u2'], eventIds: ['e1'] },
      50,
    );
    expect(params.toString()).toBe(
      'limit=50&offset=100&ordering=-created_at&created_by=u1&created_by=u2&event_ids=e1',
    );
    expect(videoListParams(defaultLibrarySearch, 25, null).get('workspace')).toBe('no-team');
    expect(videoListParams({ ...defaultLibrarySearch, workspace: 'w-9' }, 25, 'w-1').get('workspace')).toBe(
      'w-1',
    );
  });

  it("asks for the 'Select Videos' dialog's pages of 25 newest first, in its workspace", () => {
    expect(
      dialogListParams({
        search: 'talk',
        offset: 25,
        limit: 25,
        ordering: '-created_at',
        workspace: 'w-1',
      }).toString(),
    ).toBe('limit=25&offset=25&ordering=-created_at&search=talk&workspace=w-1');
  });

  it('opens rows in a new tab with ctrl or meta, or anywhere but /videos', () => {
    expect(opensInNewTab({ ctrlKey: false, metaKey: false }, '/videos')).toBe(false);
    expect(opensInNewTab({ ctrlKey: true, metaKey: false }, '/videos')).toBe(true);
    expect(opensInNewTab({ ctrlKey: false, metaKey: true }, '/videos')).toBe(true);
    expect(opensInNewTab({ ctrlKey: false, metaKey: false }, '/events/e1/details/videos')).toBe(true);
  });
});
