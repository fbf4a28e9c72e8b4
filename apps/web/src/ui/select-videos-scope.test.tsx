import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SelectVideosDialog, type VideoLibrarySource } from './select-videos-dialog.tsx';

function openPicker(restrictToWorkspace: string | null) {
  const list = vi.fn().mockResolvedValue({ count: 0, next: null, previous: null, results: [] });
  const source: VideoLibrarySource = {
    key: ['scope-test', restrictToWorkspace],
    list,
    sourceLabel: (value) => value,
    showSource: true,
    workspaces: [{ value: 'ws-1', label: 'Marketing' }],
  };
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <SelectVideosDialog
          opened
          onClose={() => undefined}
          source={source}
          variant="table"
          maxSelections={1}
          title="Select Buffer Video"
          restrictToWorkspace={restrictToWorkspace}
          onSave={() => undefined}
        />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return list;
}

describe("the picker inside an event's workspace (spec 000 §6)", () => {
  it('says that only videos without a team are shown when the event has no team', async () => {
    const list = openPicker(null);
    expect(await screen.findByText('Showing videos without a team, like this event.')).toBeTruthy();
    expect(list.mock.calls[0]?.[0]).toMatchObject({ workspace: 'no-team' });
  });

  it("names the event's team whose videos are shown", async () => {
    const list = openPicker('ws-1');
    expect(await screen.findByText('Showing videos of the team Marketing, like this event.')).toBeTruthy();
    expect(list.mock.calls[0]?.[0]).toMatchObject({ workspace: 'ws-1' });
  });
});
