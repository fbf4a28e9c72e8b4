import { describe, expect, it } from 'vitest';
import { defaultLibrarySearch, videoListParams } from './library-search.ts';
import { dialogListParams } from './select-videos-from-library.tsx';
import { opensInNewTab } from './videos-page.tsx';

describe('library state in the address (spec 000 §2)', () => {
  it('asks for pages of the given size with offset (page-1)×size, repeating list filters', () => {
    const params = videoListParams(
      { ...defaultLibrarySearch, page: 3, created_by: ['u1', 'u2'], event_ids: ['e1'] },
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
