import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { librarySource, openSelectVideos } from './select-videos-fixture.tsx';

function openPicker(restrictToWorkspace: string | null) {
  const source = librarySource([], {
    key: ['scope-test', restrictToWorkspace],
    workspaces: [{ value: 'ws-1', label: 'Marketing' }],
  });
  openSelectVideos(source, { maxSelections: 1, title: 'Select Buffer Video', restrictToWorkspace });
  return vi.mocked(source.list);
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
