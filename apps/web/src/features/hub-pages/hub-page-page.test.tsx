import { messages } from '@studio/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ada, emptyPagesUnder, json } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';

const hub = {
  id: 'hub-1',
  organization: 'org-1',
  name: 'Partner hub',
  workspace: null,
  events: [],
  created_at: '2031-01-01T00:00:00Z',
  updated_at: '2031-01-01T00:00:00Z',
};

describe('a hub page', () => {
  it("refuses an empty page name with the studio's message, sending nothing (noValidate)", async () => {
    const { fetchMock } = openStudio('/pages/hub-1', {
      user: ada,
      routes: (path, init) =>
        path === '/api/event/hub-pages/hub-1/' && init.method === 'GET'
          ? json(200, hub)
          : emptyPagesUnder('/api/event/')(path, init),
    });
    const user = userEvent.setup({ delay: null });
    const name = await screen.findByRole('textbox', { name: 'Page name' });
    await user.clear(name);
    await user.type(name, '{Enter}');
    expect(await screen.findByText(messages.fieldRequired)).toBeTruthy();
    expect(name.closest('form')?.noValidate).toBe(true);
    expect(callsTo(fetchMock, '/api/event/hub-pages/hub-1/').filter((call) => call.method !== 'GET')).toEqual(
      [],
    );
  });
});
