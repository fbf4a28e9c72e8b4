import type { Recording } from '@studio/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { acme, ada, page, type ExtraRoutes } from '../../testing/fake-studio-api.ts';
import { openStudio } from '../../testing/open-studio.tsx';

const recording = (id: string, title: string, workspace: Recording['workspace']): Recording => ({
  id,
  title,
  created_at: '2026-11-20T10:00:00Z',
  start_time: '2026-11-20T10:00:00Z',
  end_time: '2026-11-20T11:00:00Z',
  workspace,
  tags: [{ id: 'tag-1', tag_name: 'Launch' }],
});
const routes: ExtraRoutes = (path) =>
  path.split('?')[0] === '/api/event/recordings/'
    ? page([
        recording('r-1', 'Keynote replay', null),
        recording('r-2', 'Sales kickoff', { id: 'ws-2', name: 'Sales' }),
      ])
    : undefined;
const rowOf = async (title: string) => (await screen.findByRole('link', { name: title })).closest('tr')!;

describe('the recordings list (/recordings)', () => {
  it("links each recording to its event and names its team, the organization's for one of no team", async () => {
    openStudio('/recordings', { user: ada, organization: { ...acme, is_workspace_enabled: true }, routes });
    const keynote = await rowOf('Keynote replay');
    expect(within(keynote).getByRole('link').getAttribute('href')).toBe('/recording-event/r-1');
    expect(within(keynote).getByRole('cell', { name: 'Organization' })).toBeTruthy();
    expect(within(keynote).getByText('Launch')).toBeTruthy();
    expect(within(await rowOf('Sales kickoff')).getByRole('cell', { name: 'Sales' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Workspace' })).toBeTruthy();
  });

  it('shows no Workspace column when the organization has no teams', async () => {
    openStudio('/recordings', { user: ada, routes });
    await rowOf('Sales kickoff');
    expect(screen.queryByRole('columnheader', { name: 'Workspace' })).toBeNull();
    expect(screen.queryByRole('cell', { name: 'Sales' })).toBeNull();
  });
});
