import { repeatingProgrammeNote, type Track } from '@studio/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ada, page } from '../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../testing/open-studio.tsx';
import { nextOccurrence, repeatingEventRoutes } from '../testing/repeating-event-fixture.ts';

const track: Track = { id: 't-1', event: 'e-next', title: 'Demo stage', sort_priority: 0, agenda_items: '' };
const routes = (programmeEvent: string | null) =>
  repeatingEventRoutes(programmeEvent, nextOccurrence(), (path) => {
    const [route] = path.split('?');
    if (route === '/api/event/tracks/') return page([track]);
    if (route === '/api/event/broadcasts/' || route === '/api/event/agenda-item/') return page([]);
    return undefined;
  });

describe('a repeating event’s programme pages', () => {
  it('show the agenda of the next occurrence, which holds the programme, with a note saying so', async () => {
    const { fetchMock } = openStudio('/repeating-event/s-1/programs/agenda', {
      user: ada,
      routes: routes('e-next'),
    });
    expect(await screen.findByText(repeatingProgrammeNote)).toBeTruthy();
    expect(await screen.findByText('Demo stage')).toBeTruthy();
    expect(
      new URL(callsTo(fetchMock, '/api/event/tracks/')[0]!.url, 'http://x').searchParams.get('event'),
    ).toBe('e-next');
  });

  it('say so when every occurrence has started', async () => {
    openStudio('/repeating-event/s-1/programs/rooms', { user: ada, routes: routes(null) });
    const empty = await screen.findByRole('region', { name: 'No upcoming occurrence' });
    expect(within(empty).getByText(/Extend its schedule/)).toBeTruthy();
  });
});
