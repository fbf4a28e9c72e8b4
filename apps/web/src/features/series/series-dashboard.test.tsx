import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ada, json, page } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';
import { seriesFixture } from '../../testing/series-fixture.ts';

describe("a series' dashboard", () => {
  it('edits its description (rich text, the page under its name) with its name, and clearing it saves none', async () => {
    const spring = seriesFixture({ description: '<p>Four talks a year</p>' });
    const { fetchMock } = openStudio('/series/s-1/dashboard', {
      user: ada,
      routes: (path, init) => {
        const [route] = path.split('?');
        if (route === '/api/event/series/s-1/' && init.method === 'PATCH')
          return json(200, { ...spring, ...(JSON.parse(init.body as string) as object) });
        if (route === '/api/event/series/s-1/') return json(200, spring);
        if (route === '/api/event/') return page([]);
        return undefined;
      },
    });
    const user = userEvent.setup({ delay: null });
    const description = await screen.findByRole('textbox', { name: 'Description' }, { timeout: 10_000 });
    expect(description.textContent).toBe('Four talks a year');
    await user.click(description);
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, '/api/event/series/s-1/').find((call) => call.method === 'PATCH')?.body,
      ).toEqual({
        name: 'Spring series',
        description: null,
        tags: [],
      }),
    );
  });
});
