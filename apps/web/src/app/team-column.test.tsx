import type { HubPage, Recording } from '@studio/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { acme, ada, page, type ExtraRoutes } from '../testing/fake-studio-api.ts';
import { openStudio } from '../testing/open-studio.tsx';
import { launchTemplate } from '../testing/template-fixture.ts';

const sales = { id: 'ws-2', name: 'Sales' };
const hubPage = (id: string, name: string, workspace: HubPage['workspace']): HubPage => ({
  id,
  organization: acme.id,
  name,
  workspace,
  events: [],
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
});
const recording = (id: string, title: string, workspace: Recording['workspace']): Recording => ({
  id,
  title,
  created_at: '2026-11-20T10:00:00Z',
  start_time: '2026-11-20T10:00:00Z',
  end_time: '2026-11-20T11:00:00Z',
  workspace,
  tags: [],
});

/** Each list with a Workspace column: its page, its list call, and a row of no team and one of Sales. */
const lists = [
  {
    path: '/templates',
    call: '/api/event/studio-templates/',
    rows: [launchTemplate(), { ...launchTemplate(), id: 't-2', title: 'Sales template', workspace: sales }],
  },
  {
    path: '/pages',
    call: '/api/event/hub-pages/',
    rows: [hubPage('hub-1', 'Launch template', null), hubPage('hub-2', 'Sales template', sales)],
  },
  {
    path: '/recordings',
    call: '/api/event/recordings/',
    rows: [recording('r-1', 'Launch template', null), recording('r-2', 'Sales template', sales)],
  },
];
const routesOf =
  ({ call, rows }: (typeof lists)[number]): ExtraRoutes =>
  (path, init) =>
    path.split('?')[0] === call && init.method !== 'POST' ? page(rows) : undefined;
const rowOf = async (name: string) => (await screen.findByRole('link', { name })).closest('tr')!;

describe("the lists' Workspace column (templates, hub pages, recordings)", () => {
  it.each(lists)(
    "$path names each row's team, the organization's for one of no team, when teams are on",
    async (list) => {
      openStudio(list.path, {
        user: ada,
        organization: { ...acme, is_workspace_enabled: true },
        routes: routesOf(list),
      });
      expect(within(await rowOf('Launch template')).getByRole('cell', { name: 'Organization' })).toBeTruthy();
      expect(within(await rowOf('Sales template')).getByRole('cell', { name: 'Sales' })).toBeTruthy();
      expect(screen.getByRole('columnheader', { name: 'Workspace' })).toBeTruthy();
    },
  );

  it.each(lists)('$path shows no Workspace column when the organization has no teams', async (list) => {
    openStudio(list.path, { user: ada, routes: routesOf(list) });
    await rowOf('Sales template');
    expect(screen.queryByRole('columnheader', { name: 'Workspace' })).toBeNull();
    expect(screen.queryByRole('cell', { name: 'Sales' })).toBeNull();
  });
});
