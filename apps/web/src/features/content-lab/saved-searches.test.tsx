import type { SavedSearch } from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ada } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';
import {
  clip,
  contentLabRoutes,
  contentLabState,
  PROJECT,
  recording,
  withContentLab,
} from './content-lab-fixtures.ts';

const SEARCH = '33333333-3333-4333-8333-333333333333';
const teaser = clip({ name: 'Pricing teaser', vertical: true });

const verticalPricing: SavedSearch = {
  id: SEARCH,
  name: 'Vertical pricing',
  query: 'pricing',
  filters: { vertical: true },
  created_at: '2026-11-26T03:00:00Z',
};

const searchRoutes = (saved: SavedSearch[]) => contentLabRoutes(contentLabState({ clips: [teaser], saved }));

describe('Content Lab saved searches', () => {
  it('searches clips on /content, saves the search with its filters and lists it', async () => {
    const saved: SavedSearch[] = [];
    const { fetchMock } = openStudio('/content', {
      organization: withContentLab,
      user: ada,
      routes: searchRoutes(saved),
    });
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText(/^No saved searches yet\./, {}, { timeout: 15_000 })).toBeTruthy();
    // Before anything is typed the empty search lists every clip.
    const everyClip = await screen.findByRole('table', { name: 'Clips' });
    expect(await within(everyClip).findByRole('link', { name: 'Pricing teaser' })).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Search clips by name or what is said' }), 'pricing');
    await user.click(screen.getByRole('checkbox', { name: 'Vertical clips only' }));
    const table = await screen.findByRole('table', { name: 'Clips' });
    const link = await within(table).findByRole('link', { name: 'Pricing teaser' });
    expect(link.getAttribute('href')).toBe(`/content/${PROJECT}/${recording.id}/clips?activeClipId=c1`);
    expect(
      callsTo(fetchMock, '/api/content_lab/clip_search/').some((call) =>
        call.url.endsWith('?query=pricing&vertical=true'),
      ),
    ).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Save search' }));
    const name = screen.getByRole<HTMLInputElement>('textbox', { name: 'Name' });
    expect(name.value).toBe('pricing');
    await user.clear(name);
    await user.type(name, 'Vertical pricing');
    await user.click(screen.getByRole('button', { name: 'Save search' }));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, '/api/content_lab/saved_searches/').filter((call) => call.method === 'POST'),
      ).toEqual([
        {
          url: '/api/content_lab/saved_searches/',
          method: 'POST',
          body: { name: 'Vertical pricing', query: 'pricing', filters: { vertical: true } },
        },
      ]),
    );
    expect(await screen.findByText('Search saved.')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Saved searches' });
    expect(within(list).getByRole('link', { name: 'Vertical pricing' }).getAttribute('href')).toBe(
      `/content/search/${SEARCH}/clips`,
    );
  });

  it('opens /content/search/{savedSearchId}/clips with its clips, renames and deletes it', async () => {
    const saved = [{ ...verticalPricing }];
    const { fetchMock, router } = openStudio(`/content/search/${SEARCH}/clips`, {
      organization: withContentLab,
      user: ada,
      routes: searchRoutes(saved),
    });
    const user = userEvent.setup({ delay: null });
    expect(
      await screen.findByRole('heading', { name: 'Vertical pricing' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.getByText('“pricing” · vertical clips only', { exact: false })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Clips' });
    expect(within(table).getByRole('link', { name: 'Pricing teaser' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Rename Vertical pricing' }));
    const name = screen.getByRole<HTMLInputElement>('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Pricing shorts');
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Saved search renamed.')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Pricing shorts' })).toBeTruthy();
    expect(
      callsTo(fetchMock, `/api/content_lab/saved_searches/${SEARCH}/`).filter(
        (call) => call.method === 'PATCH',
      ),
    ).toEqual([
      {
        url: `/api/content_lab/saved_searches/${SEARCH}/`,
        method: 'PATCH',
        body: { name: 'Pricing shorts' },
      },
    ]);

    await user.click(screen.getByRole('button', { name: 'Delete Pricing shorts' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Saved search deleted.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/content'));
    expect(saved).toEqual([]);
    // The deleted search is not read again (it would answer 404): only the lists are.
    const methods = callsTo(fetchMock, `/api/content_lab/saved_searches/${SEARCH}/`).map(
      (call) => call.method,
    );
    expect(methods.slice(methods.indexOf('DELETE'))).toEqual(['DELETE']);
  });

  it('says so when the saved search is not the organisation’s', async () => {
    openStudio('/content/search/44444444-4444-4444-8444-444444444444/clips', {
      organization: withContentLab,
      user: ada,
      routes: searchRoutes([]),
    });
    expect(await screen.findByText('Saved search not found', {}, { timeout: 15_000 })).toBeTruthy();
  });
});
