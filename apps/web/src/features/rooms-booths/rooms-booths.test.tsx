import { roomsBoothsMessages, type BoothResource, type Room } from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { boothFixture } from '../../testing/booth-fixture.ts';
import { eventFixture } from '../../testing/event-fixture.ts';
import { acme, ada, json, page, starterAcme, twoTeamsPage } from '../../testing/fake-studio-api.ts';
import { bodiesSentTo, callsTo, openStudio } from '../../testing/open-studio.tsx';
import { openOptionList } from '../../testing/option-list.ts';
import { videoAsset } from '../../ui/video-asset-fixture.ts';

const room = (id: string, name: string, rank: number): Room => ({
  id,
  event: 'e-1',
  name,
  description: '',
  capacity: null,
  rank,
  is_breakout: false,
  is_booth: false,
  owner: null,
});
const booth = boothFixture;

const resource: BoothResource = {
  id: 'r-1',
  booth: 'b-1',
  kind: 'link',
  title: 'Brochure',
  url: 'https://acme.test/brochure',
};

const eventRoute = (eventType: 'Conference' | 'Webinar') => (path: string) =>
  path.split('?')[0] === '/api/event/e-1/'
    ? json(200, eventFixture({ id: 'e-1', title: 'Expo', event_type: eventType }))
    : undefined;

describe('rooms page', () => {
  it('lists rooms by rank and saves a move as the new ranks of every room', async () => {
    let rooms = [room('r-1', 'Lounge', 0), room('r-2', 'Hall', 1)];
    const { fetchMock } = openStudio('/events/e-1/programs/rooms', {
      user: ada,
      routes: (path, init) => {
        if (path.startsWith('/api/event/rooms/reorder/')) {
          const { object_list } = JSON.parse(init.body as string) as {
            object_list: { pk: string; rank: number }[];
          };
          rooms = object_list.map(({ pk, rank }) => ({ ...rooms.find((r) => r.id === pk)!, rank }));
          return json(200, rooms);
        }
        if (path.startsWith('/api/event/rooms/')) return page(rooms);
        return eventRoute('Conference')(path);
      },
    });
    const list = await screen.findByRole('list', { name: 'Rooms' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Lounge', 'Hall']);

    expect(within(list).getByRole<HTMLButtonElement>('button', { name: 'Move Lounge up' }).disabled).toBe(
      true,
    );
    await userEvent.click(within(list).getByRole('button', { name: 'Move Lounge down' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, '/api/event/rooms/reorder/')).toEqual([
        {
          object_list: [
            { pk: 'r-2', rank: 0 },
            { pk: 'r-1', rank: 1 },
          ],
        },
      ]),
    );
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Hall', 'Lounge']),
    );
  });

  it("offers a room 1 to 50 seats, labelled '1 seat' and '{n} seats', and saves the one chosen", async () => {
    let rooms: Room[] = [{ ...room('r-1', 'Lounge', 0), capacity: 12 }];
    const { fetchMock } = openStudio('/events/e-1/programs/rooms', {
      user: ada,
      routes: (path, init) => {
        if (path === '/api/event/rooms/' && init.method === 'POST') {
          const body = JSON.parse(init.body as string) as { name: string; capacity: number | null };
          rooms = [...rooms, { ...room('r-2', body.name, 1), capacity: body.capacity }];
          return json(201, rooms[1]);
        }
        if (path.startsWith('/api/event/rooms/')) return page(rooms);
        return eventRoute('Conference')(path);
      },
    });
    const list = await screen.findByRole('list', { name: 'Rooms' });
    expect(within(list).getByText('12 seats')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Add Room' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Room' });
    const user = userEvent.setup();
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Corner table');
    const seats = within(dialog).getByRole('combobox', { name: 'Seats' });
    const options = await openOptionList(user, seats);
    const labels = within(options)
      .getAllByRole('option', { hidden: true })
      .map((option) => option.textContent);
    expect(labels).toEqual(['1 seat', ...Array.from({ length: 49 }, (_, i) => `${i + 2} seats`)]);
    await user.click(within(options).getByRole('option', { name: '1 seat', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/event/rooms/').find((call) => call.method === 'POST')?.body).toEqual({
        event: 'e-1',
        name: 'Corner table',
        description: '',
        capacity: 1,
        is_breakout: false,
      }),
    );
    expect(await within(list).findByText('1 seat')).toBeTruthy();
  });

  it("says 'Error Loading Rooms, Please Try Again' when the list fails", async () => {
    openStudio('/events/e-1/programs/rooms', {
      user: ada,
      routes: (path) =>
        path.startsWith('/api/event/rooms/')
          ? json(500, { message: 'Boom', code: 'SERVER_ERROR' })
          : eventRoute('Conference')(path),
    });
    expect((await screen.findAllByText(roomsBoothsMessages.errorLoadingRooms)).length).toBeGreaterThan(0);
  });

  it.each([
    ['rooms', 'Rooms are not available for webinars.'],
    ['booths', 'Booths are not available for webinars.'],
  ])('%s are not offered for webinars, nor asked of the server', async (area, notice) => {
    // A repeating event of webinars reaches these pages through its next occurrence, a webinar.
    const { fetchMock } = openStudio(`/events/e-1/programs/${area}`, {
      user: ada,
      routes: (path) =>
        path.startsWith(`/api/event/${area}/`)
          ? json(400, { message: roomsBoothsMessages.notForWebinars, code: 'NOT_FOR_WEBINARS' })
          : eventRoute('Webinar')(path),
    });
    expect(await screen.findByText(notice)).toBeTruthy();
    expect(callsTo(fetchMock, `/api/event/${area}/`)).toEqual([]);
    expect(screen.queryByText(roomsBoothsMessages.errorLoadingRooms)).toBeNull();
  });
});

describe('booths page and drawer', () => {
  it("groups 'Primary Booths' and 'Secondary Booths' and saves a booth from the drawer", async () => {
    const { fetchMock } = openStudio('/events/e-1/programs/booths', {
      user: ada,
      routes: (path, init) => {
        if (path === '/api/event/booths/' && init.method === 'POST')
          return json(201, booth('b-9', 'Acme Widgets'));
        if (path.startsWith('/api/event/booths/'))
          return page([
            booth('b-1', 'Main sponsor', { owner: 'sponsor@acme.test', resources: [resource] }),
            booth('b-2', 'Side stand', { booth_type: 'secondary' }),
          ]);
        return eventRoute('Conference')(path);
      },
    });
    const primary = await screen.findByRole('region', { name: roomsBoothsMessages.primaryBooths });
    expect(within(primary).getByText('Main sponsor')).toBeTruthy();
    expect(within(primary).getByText('Sponsor invited · 1 resource')).toBeTruthy();
    const secondary = screen.getByRole('region', { name: roomsBoothsMessages.secondaryBooths });
    expect(within(secondary).getByText('Side stand')).toBeTruthy();

    await userEvent.click(within(secondary).getByRole('button', { name: 'Add Booth' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add Booth' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('This field is required.')).toBeTruthy();
    await userEvent.type(within(drawer).getByRole('textbox', { name: /Name/ }), 'Acme Widgets');
    await userEvent.type(
      within(drawer).getByRole('textbox', { name: 'Hero image' }),
      'https://cdn.example.com/h.png',
    );
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, '/api/event/booths/').filter((call) => call.method === 'POST')[0]?.body,
      ).toEqual({
        event: 'e-1',
        name: 'Acme Widgets',
        description: '',
        booth_type: 'secondary',
        poster: null,
        hero_asset_type: 'hero_asset_image',
        hero_asset: 'https://cdn.example.com/h.png',
      }),
    );
    expect(await screen.findByText('Booth created successfully.')).toBeTruthy();
  });

  it('gives a booth a library video as its hero, picked with the library’s dialog', async () => {
    const teaser = videoAsset({ id: '33333333-3333-4333-8333-333333333333', name: 'Booth teaser' });
    const { fetchMock } = openStudio('/events/e-1/programs/booths', {
      user: ada,
      routes: (path, init) => {
        if (path === '/api/event/booths/' && init.method === 'POST')
          return json(201, booth('b-9', 'Acme Widgets'));
        if (path.startsWith('/api/event/booths/')) return page([]);
        if (path.startsWith('/api/core/video_assets/')) return page([teaser]);
        return eventRoute('Conference')(path);
      },
    });
    const primary = await screen.findByRole('region', { name: roomsBoothsMessages.primaryBooths });
    await userEvent.click(within(primary).getByRole('button', { name: 'Add Booth' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add Booth' });
    await userEvent.type(within(drawer).getByRole('textbox', { name: /Name/ }), 'Acme Widgets');
    await userEvent.click(within(drawer).getByText('Library video'));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Choose a video' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Hero Video' });
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'Select Booth teaser' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Booth teaser')).toBeTruthy();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, '/api/event/booths/').filter((call) => call.method === 'POST')[0]?.body,
      ).toMatchObject({ hero_asset_type: 'hero_asset_video', hero_asset: teaser.id }),
    );
  });

  it("picks a booth's hero video from the event's team only, with no team filter (000 §6)", async () => {
    const { fetchMock } = openStudio('/events/e-1/programs/booths', {
      user: ada,
      organization: { ...acme, is_workspace_enabled: true },
      routes: (path) => {
        const [route] = path.split('?');
        if (route === '/api/event/e-1/')
          return json(200, {
            ...eventFixture({ id: 'e-1', title: 'Expo', event_type: 'Conference' }),
            workspace: { id: 'ws-1', name: 'Marketing' },
          });
        if (route === '/api/core/workspaces/') return twoTeamsPage();
        if (route?.startsWith('/api/event/booths/')) return page([]);
        if (route === '/api/core/video_assets/') return page([]);
        return undefined;
      },
    });
    const primary = await screen.findByRole('region', { name: roomsBoothsMessages.primaryBooths });
    await userEvent.click(within(primary).getByRole('button', { name: 'Add Booth' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add Booth' });
    await userEvent.click(within(drawer).getByText('Library video'));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Choose a video' }));
    const picker = await screen.findByRole('dialog', { name: 'Select Hero Video' });
    expect(
      await within(picker).findByText('Showing videos of the team Marketing, like this event.'),
    ).toBeTruthy();
    expect(within(picker).queryByText('All teams')).toBeNull();
    await waitFor(() => expect(callsTo(fetchMock, '/api/core/video_assets/').length).toBeGreaterThan(0));
    for (const call of callsTo(fetchMock, '/api/core/video_assets/'))
      expect(new URL(call.url, 'http://x').searchParams.get('workspace')).toBe('ws-1');
  });

  it('adds, renames, orders and removes a booth’s discussion rooms, saved with their ids', async () => {
    const rooms = [
      { id: 'dr-1', name: 'Demo corner', rank: 0 },
      { id: 'dr-2', name: 'Q&A', rank: 1 },
    ];
    const { fetchMock } = openStudio('/events/e-1/programs/booths', {
      user: ada,
      routes: (path, init) => {
        if (path === '/api/event/booths/b-1/' && init.method === 'PATCH')
          return json(200, booth('b-1', 'Acme', { discussion_group_objects: rooms }));
        if (path.startsWith('/api/event/booths/'))
          return page([booth('b-1', 'Acme', { discussion_group_objects: rooms }), booth('b-2', 'Bare')]);
        return eventRoute('Conference')(path);
      },
    });
    const primary = await screen.findByRole('region', { name: roomsBoothsMessages.primaryBooths });
    await userEvent.click(within(primary).getByRole('button', { name: 'Edit Bare' }));
    let drawer = await screen.findByRole('dialog', { name: 'Edit Booth' });
    const empty = within(drawer).getByRole('group', { name: 'Discussion rooms' });
    expect(within(empty).getByText(/No discussion rooms yet/)).toBeTruthy();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Close drawer' }));

    await userEvent.click(within(primary).getByRole('button', { name: 'Edit Acme' }));
    drawer = await screen.findByRole('dialog', { name: 'Edit Booth' });
    const field = within(drawer).getByRole('group', { name: 'Discussion rooms' });
    expect(within(field).getByRole('textbox', { name: 'Name of discussion room 1' })).toHaveProperty(
      'value',
      'Demo corner',
    );
    await userEvent.click(within(field).getByRole('button', { name: 'Remove Demo corner' }));
    const qna = within(field).getByRole('textbox', { name: 'Name of discussion room 1' });
    await userEvent.clear(qna);
    await userEvent.type(qna, 'Ask us');
    await userEvent.click(within(field).getByRole('button', { name: 'Add discussion room' }));
    // An unnamed room is not saved.
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(field).findByText('This field is required.')).toBeTruthy();
    await userEvent.type(
      within(field).getByRole('textbox', { name: 'Name of discussion room 2' }),
      'Careers',
    );
    await userEvent.click(within(field).getByRole('button', { name: 'Move Careers up' }));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, '/api/event/booths/b-1/').filter((call) => call.method === 'PATCH')[0]?.body,
      ).toEqual({
        name: 'Acme',
        description: '',
        booth_type: 'primary',
        poster: null,
        discussion_group_objects: [{ name: 'Careers' }, { id: 'dr-2', name: 'Ask us' }],
      }),
    );
  });

  it('shows the plan gate without the boothsTab', async () => {
    openStudio('/events/e-1/programs/booths', {
      user: ada,
      organization: starterAcme(),
      routes: (path) => (path.startsWith('/api/event/booths/') ? page([]) : eventRoute('Conference')(path)),
    });
    expect(await screen.findByRole('link', { name: 'Contact us' })).toBeTruthy();
  });
});
