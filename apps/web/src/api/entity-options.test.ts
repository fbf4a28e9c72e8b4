import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ada, fakeStudioApi, page } from '../testing/fake-studio-api.ts';
import { tagOptionsQuery, workspaceOptionsQuery } from './entity-options.ts';
import { localSession } from './local-session.ts';
import { queryKeys } from './query-keys.ts';

let client: QueryClient;
afterEach(() => client.clear());

describe('shared entity queries (one key factory)', () => {
  it('refreshes every picker of an entity with one invalidation of its root', async () => {
    let tags = [{ id: 't-1', tag_name: 'Launch' }];
    let workspaces = [
      { id: 'w-1', name: 'Marketing', organization: 'org-1', created_at: '', members_count: 1 },
    ];
    fakeStudioApi(ada, null, (path) =>
      path.startsWith('/api/core/tags/')
        ? page(tags)
        : path.startsWith('/api/core/workspaces/')
          ? page(workspaces)
          : undefined,
    );
    localSession.saveTokens({ access: 'access-1', refresh: 'refresh-1' });
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // Observed, as mounted pickers are.
    const tagPicker = new QueryObserver(client, tagOptionsQuery('org-1'));
    const workspacePicker = new QueryObserver(client, workspaceOptionsQuery('org-1'));
    tagPicker.subscribe(() => undefined);
    workspacePicker.subscribe(() => undefined);
    await waitFor(() =>
      expect(tagPicker.getCurrentResult().data).toEqual([{ value: 't-1', label: 'Launch' }]),
    );
    await waitFor(() =>
      expect(workspacePicker.getCurrentResult().data).toEqual([{ value: 'w-1', label: 'Marketing' }]),
    );

    tags = [...tags, { id: 't-2', tag_name: 'Webinar' }];
    workspaces = [];
    await client.invalidateQueries({ queryKey: queryKeys.tags.all });
    expect(tagPicker.getCurrentResult().data).toHaveLength(2);
    // Another entity's pickers keep their answer until their own root is invalidated.
    expect(workspacePicker.getCurrentResult().data).toHaveLength(1);
    await client.invalidateQueries({ queryKey: queryKeys.workspaces.all });
    expect(workspacePicker.getCurrentResult().data).toEqual([]);
  });
});
