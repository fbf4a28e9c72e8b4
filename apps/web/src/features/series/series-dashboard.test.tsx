import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventFixture } from '../../testing/event-fixture.ts';
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

describe("a series' Events tab", () => {
  it('lists its events by start, each with its status and its registrants, under a header', async () => {
    const past = {
      ...eventFixture({
        id: 'e-1',
        title: 'First talk',
        start_time: '2020-03-01T10:00:00Z',
        end_time: '2020-03-01T11:00:00Z',
      }),
      registrant_counts: { registered: 40, waitlisted: 0 },
    };
    const next = {
      ...eventFixture({ id: 'e-2', title: 'Second talk' }),
      registrant_counts: { registered: 12, waitlisted: 3 },
    };
    openStudio('/series/s-1/events', {
      user: ada,
      routes: (path) => {
        const [route] = path.split('?');
        if (route === '/api/event/series/s-1/') return json(200, seriesFixture());
        if (route === '/api/event/') return page([past, next]);
        return undefined;
      },
    });
    const table = await screen.findByRole('table', { name: 'Series events' }, { timeout: 10_000 });
    expect(screen.getByRole('heading', { level: 2, name: 'Events' })).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Title', 'Starts', 'Status', 'Registrants']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['First talk', 'Mar 1, 2020, 10:00 AM GMT', 'PAST', '40'],
      ['Second talk', 'Dec 1, 2031, 10:00 AM GMT', 'UPCOMING', '12+3 waitlisted'],
    ]);
  });
});
