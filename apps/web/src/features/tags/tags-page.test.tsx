import { eventMessages, messages } from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ada, emptyPagesUnder, json } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';

describe('the tag library', () => {
  it("refuses an empty tag name with the studio's message, sending nothing (noValidate)", async () => {
    const { fetchMock } = openStudio('/metadata', { user: ada, routes: emptyPagesUnder('/api/core/tags/') });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Create Tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Tag' });
    const name = within(dialog).getByRole('textbox', { name: 'Tag name' });
    await user.type(name, '{Enter}');
    expect(await within(dialog).findByText(messages.fieldRequired)).toBeTruthy();
    expect(name.closest('form')?.noValidate).toBe(true);
    expect(callsTo(fetchMock, '/api/core/tags/').filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('focuses the empty field when the dialog’s Save button submits', async () => {
    openStudio('/metadata', { user: ada, routes: emptyPagesUnder('/api/core/tags/') });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Create Tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Tag' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(messages.fieldRequired)).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Tag name' })),
    );
  });

  // The studio's rule for every read (app/studio.ts), shown on this page's list.
  it.each([
    [3, 500],
    [1, 403],
  ])('reads %i times in all after a %i before it says the list failed', async (calls, status) => {
    const { fetchMock } = openStudio('/metadata', {
      user: ada,
      routes: (path) => (path.startsWith('/api/core/tags/') ? json(status, {}) : undefined),
    });
    expect(await screen.findByText(eventMessages.errorLoadingTags)).toBeTruthy();
    expect(callsTo(fetchMock, '/api/core/tags/')).toHaveLength(calls);
  });
});
