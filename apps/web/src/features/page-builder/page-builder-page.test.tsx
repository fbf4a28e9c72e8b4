import {
  defaultPage,
  pageMessages,
  registrationMessages,
  type PageDocument,
  type StoredPage,
} from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ada, json, type ExtraRoutes } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';

type PuckProps = {
  config: { components: Record<string, { render: (props: object) => ReactNode }> };
  data: PageDocument;
  headerTitle: string;
  overrides: { headerActions: (props: { children: ReactNode }) => ReactNode };
};
// Puck's editor stands in as its blocks' previews, its header actions and its preview zoom (a
// <select> Puck leaves nameless), over a document the organiser has edited (its first block
// removed); jsdom has no layout for dragging.
const puck = vi.hoisted((): { edited: unknown } => ({ edited: undefined }));
vi.mock('@puckeditor/core', () => ({
  Puck: ({ config, data, headerTitle, overrides }: PuckProps) => {
    puck.edited = { ...data, content: data.content.slice(1) };
    return (
      <section aria-label={headerTitle}>
        {data.content.map((block) => (
          <div key={block.props.id}>{config.components[block.type]?.render(block.props)}</div>
        ))}
        {overrides.headerActions({ children: null })}
        <select className="_ViewportControls-zoomSelect_v26yb_79">
          <option value="1">100%</option>
        </select>
      </section>
    );
  },
  useGetPuck: () => () => ({ appState: { data: puck.edited } }),
}));

const path = '/api/event/hub-pages/hub-1/page/';
const stored: StoredPage = {
  kind: 'landing',
  builder_raw_json: defaultPage('hub_page', 'landing'),
  is_default: true,
  updated_at: null,
};
const routes =
  (get: () => Response): ExtraRoutes =>
  (url, init) => {
    if (url.split('?')[0] !== path) return undefined;
    if (init.method === 'PUT')
      return json(200, { ...stored, ...(JSON.parse(init.body as string) as object), is_default: false });
    return get();
  };

describe('the hub page builder', () => {
  it('loads the page, previews its blocks as the page renders them, and saves it with a toast', async () => {
    // The server answers what the blocks show today: the hub page's own title and events.
    const preview: StoredPage['preview'] = {
      owner: {
        title: 'Spring hub',
        description: null,
        start_time: null,
        end_time: null,
        timezone: null,
        location: null,
      },
      agenda: [],
      speakers: [],
      booths: [],
      events: [
        {
          title: 'Launch night',
          start_time: '2031-05-01T18:00:00.000Z',
          timezone: 'UTC',
          registerUrl: 'https://events.example/e/1/register',
        },
      ],
      registerUrl: '#',
      videos: {},
    };
    const { fetchMock } = openStudio('/pages/hub-1/hub-page-builder', {
      user: ada,
      routes: routes(() => json(200, { ...stored, preview })),
    });
    const builder = await screen.findByRole('region', { name: 'Landing page' });
    expect(within(builder).getByRole('heading', { name: 'Spring hub', level: 1 })).toBeTruthy();
    expect(within(builder).getByRole('heading', { name: 'Events' })).toBeTruthy();
    expect(within(builder).getByRole('link', { name: 'Launch night' }).getAttribute('href')).toBe(
      'https://events.example/e/1/register',
    );
    expect(callsTo(fetchMock, path)[0]?.url).toBe(`${path}?kind=landing`);
    expect(within(builder).getByRole('combobox', { name: 'Zoom' })).toBeTruthy();

    await userEvent.setup({ delay: null }).click(within(builder).getByRole('button', { name: 'Publish' }));
    await screen.findByText(pageMessages.pageSaved);
    const put = callsTo(fetchMock, path).find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      builder_raw_json: { ...stored.builder_raw_json, content: stored.builder_raw_json.content.slice(1) },
    });
  });

  it('heads the builder with the hub page’s name, as a workspace heads its builders', async () => {
    const hub = { id: 'hub-1', organization: 'org-1', name: 'Partner hub', workspace: null, events: [] };
    openStudio('/pages/hub-1/hub-page-builder', {
      user: ada,
      routes: (url, init) =>
        url === '/api/event/hub-pages/hub-1/'
          ? json(200, { ...hub, created_at: '2031-01-01T00:00:00Z', updated_at: '2031-01-01T00:00:00Z' })
          : routes(() => json(200, stored))(url, init),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Partner hub' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Landing page' })).toBeTruthy();
  });

  it('says so when the page cannot be loaded', async () => {
    openStudio('/pages/hub-1/hub-page-builder', {
      user: ada,
      routes: routes(() => json(500, { message: 'down', code: 'INTERNAL_ERROR' })),
    });
    await waitFor(() =>
      expect(screen.getAllByText(registrationMessages.failedToLoadPageBuilder).length).toBeGreaterThan(0),
    );
  });
});
