import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ada, emptyPagesUnder, json } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';
import { seriesFixture } from '../../testing/series-fixture.ts';

const empty = emptyPagesUnder('/api/event/series/', '/api/core/tags/');

describe('Create Repeating Event, weekly', () => {
  it('ticks the first date’s weekday until the organiser chooses days, then keeps their choice', async () => {
    const { fetchMock } = openStudio('/series', {
      user: ada,
      routes: (path, init) =>
        path === '/api/event/series/' && init.method === 'POST'
          ? json(201, seriesFixture({ id: 's-9', name: 'Office hours', is_repeating: true }))
          : empty(path, init),
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Create Repeating Event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Repeating Event' });
    const day = (name: string) => within(dialog).getByRole<HTMLInputElement>('checkbox', { name });
    const ticked = () =>
      ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].filter((name) => day(name).checked);
    const firstDate = within(dialog).getByLabelText('First date');

    // A Tuesday: the default day follows it.
    fireEvent.change(firstDate, { target: { value: '2027-01-05' } });
    expect(ticked()).toEqual(['Tue']);
    fireEvent.change(firstDate, { target: { value: '2027-01-04' } });
    expect(ticked()).toEqual(['Mon']);
    fireEvent.change(firstDate, { target: { value: '2027-01-05' } });
    expect(ticked()).toEqual(['Tue']);

    // Once the organiser ticks a day, the days are theirs: a later date change leaves them.
    await user.click(day('Thu'));
    expect(ticked()).toEqual(['Tue', 'Thu']);
    fireEvent.change(firstDate, { target: { value: '2027-01-06' } });
    expect(ticked()).toEqual(['Tue', 'Thu']);
    fireEvent.change(firstDate, { target: { value: '2027-01-05' } });

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Office hours' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/event/series/').some((call) => call.method === 'POST')).toBe(true),
    );
    const sent = callsTo(fetchMock, '/api/event/series/').find((call) => call.method === 'POST');
    expect(sent?.body).toMatchObject({
      recurrence: { frequency: 'weekly', start_date: '2027-01-05', weekdays: ['TU', 'TH'] },
    });
  }, 60_000);
});
