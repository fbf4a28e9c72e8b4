import type { Booth } from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { boothFixture } from '../../testing/booth-fixture.ts';
import { ada, json } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';

const sponsorBooth = (rooms: Booth['discussion_group_objects']): Booth =>
  boothFixture('b-1', 'Acme', { discussion_group_objects: rooms, owner: 'u-1' });

describe('the sponsor’s booth page (002 §6 "The sponsor user may edit their own sponsor booth")', () => {
  it('starts with no discussion rooms, adds one, and saving again keeps the id the server gave it', async () => {
    let saved = sponsorBooth([]);
    const { fetchMock } = openStudio('/sponsor/e-1/booth/b-1/', {
      user: { ...ada, organization: null, role: null },
      organization: null,
      routes: (path, init) => {
        if (path !== '/api/event/booths/b-1/sponsor/') return undefined;
        if (init.method === 'PATCH') {
          const { discussion_group_objects: rooms = [] } = JSON.parse(init.body as string) as {
            discussion_group_objects?: { id?: string; name: string }[];
          };
          saved = sponsorBooth(
            rooms.map((room, rank) => ({ id: room.id ?? `dr-${rank + 1}`, name: room.name, rank })),
          );
        }
        return json(200, saved);
      },
    });
    const form = await screen.findByRole('form', { name: 'Your booth' });
    const field = within(form).getByRole('group', { name: 'Discussion rooms' });
    expect(within(field).getByText(/No discussion rooms yet/)).toBeTruthy();
    await userEvent.click(within(field).getByRole('button', { name: 'Add discussion room' }));
    await userEvent.type(
      within(field).getByRole('textbox', { name: 'Name of discussion room 1' }),
      'Meet us',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Save booth' }));
    const patches = () =>
      callsTo(fetchMock, '/api/event/booths/b-1/sponsor/').filter((call) => call.method === 'PATCH');
    await waitFor(() =>
      expect(patches()[0]?.body).toMatchObject({ discussion_group_objects: [{ name: 'Meet us' }] }),
    );

    const name = within(field).getByRole('textbox', { name: 'Name of discussion room 1' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Meet the team');
    await userEvent.click(within(form).getByRole('button', { name: 'Save booth' }));
    await waitFor(() =>
      expect(patches()[1]?.body).toMatchObject({
        discussion_group_objects: [{ id: 'dr-1', name: 'Meet the team' }],
      }),
    );
  });
});
