import { rtmpInputServerMessages, type AgendaItem, type Broadcast, type Track } from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventFixture } from '../../testing/event-fixture.ts';
import { ada, json, rtmpInput, rtmpInputRoutes, type FakeRtmpInputs } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';

beforeAll(() => {
  if (!('scrollIntoView' in Element.prototype))
    Object.assign(Element.prototype, { scrollIntoView: () => undefined });
});

const event = eventFixture({
  id: 'e-1',
  title: 'Summit',
  start_time: '2031-03-01T09:00:00Z',
  end_time: '2031-03-01T18:00:00Z',
  timezone: 'UTC',
});
const track: Track = { id: 't-1', event: 'e-1', title: 'Main stage', sort_priority: 0, agenda_items: 'i-1' };
const keynote: Broadcast = {
  id: 'b-1',
  event: 'e-1',
  title: 'Keynote',
  description: '',
  start_time: '2031-03-01T10:00:00.000Z',
  end_time: '2031-03-01T11:00:00.000Z',
  broadcast_type: 'RTMP',
  is_live: false,
  simulive_test_run_end_time: null,
  test_simulive_processing_state: null,
  rtmp_input: 'rtmp-1',
  video_assets: [],
  speakers: [],
  tracks: ['t-1'],
  created_at: '2031-01-01T00:00:00.000Z',
  updated_at: '2031-01-01T00:00:00.000Z',
};
const block: AgendaItem = {
  id: 'i-1',
  event: 'e-1',
  track: 't-1',
  kind: 'session',
  broadcast: 'b-1',
  title: 'Keynote',
  start_time: keynote.start_time,
  end_time: keynote.end_time,
  overlaps: [],
};
const page = (results: unknown[]) =>
  json(200, { count: results.length, next: null, previous: null, results });
const twoInputs = () => ({
  inputs: [rtmpInput({ id: 'rtmp-1', name: 'Main camera' }), rtmpInput({ id: 'rtmp-2', name: 'Backstage' })],
});

/** The agenda of event e-1 holding `session`, its inputs `live`; a save answers `saved`. */
function openAgenda(
  address: string,
  {
    session = keynote,
    live = twoInputs(),
    saved,
  }: { session?: Broadcast; live?: FakeRtmpInputs; saved?: Response },
) {
  const inputs = rtmpInputRoutes(live);
  return openStudio(address, {
    user: ada,
    routes: (path, init) => {
      const [route] = path.split('?');
      if (route === '/api/event/e-1/') return json(200, event);
      if (route === '/api/event/tracks/') return page([track]);
      if (route === '/api/event/agenda-item/') return page([block]);
      if (route === '/api/event/broadcasts/b-1/' && init.method === 'PATCH')
        return saved ?? json(200, { ...session, ...(JSON.parse(init.body as string) as object) });
      if (route === '/api/event/broadcasts/') return page([session]);
      return inputs(path, init);
    },
  });
}

async function choose(input: HTMLElement, option: string) {
  const user = userEvent.setup({ delay: null });
  await user.click(input);
  const listbox = await waitFor(() => {
    const found = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!found) throw new Error('the option list did not open');
    return found;
  });
  await user.click(await within(listbox).findByRole('option', { name: option, hidden: true }));
}

describe("an RTMP session's input (issue 19)", () => {
  it("names the session's input on its card, read from the event's inputs", async () => {
    const { fetchMock } = openAgenda('/events/e-1/programs/agenda', {});
    const card = await screen.findByLabelText('Session Keynote');
    expect(await within(card).findByText(/RTMP · Main camera/)).toBeTruthy();
    expect(
      new URL(callsTo(fetchMock, '/api/event/rtmp_inputs/')[0]!.url, 'http://x').searchParams.get('event'),
    ).toBe('e-1');
  });

  it('says on the card when an RTMP session has no input chosen yet', async () => {
    openAgenda('/events/e-1/programs/agenda', { session: { ...keynote, rtmp_input: null } });
    const card = await screen.findByLabelText('Session Keynote');
    expect(within(card).getByText(/RTMP · no input chosen/)).toBeTruthy();
  });

  it('picks the input in the drawer and sends it with the session', async () => {
    const { fetchMock } = openAgenda('/events/e-1/programs/agenda?broadcastId=b-1', {});
    const drawer = await screen.findByRole('dialog', { name: 'Edit session' });
    const field = await within(drawer).findByRole<HTMLInputElement>('combobox', { name: 'RTMP input' });
    expect(field.value).toBe('Main camera');
    await choose(field, 'Backstage');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save session' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/event/broadcasts/b-1/')).toHaveLength(1));
    expect(callsTo(fetchMock, '/api/event/broadcasts/b-1/')[0]).toMatchObject({
      method: 'PATCH',
      body: { broadcast_type: 'RTMP', rtmp_input: 'rtmp-2' },
    });
  });

  it("shows the server's refusal of another event's input on the field", async () => {
    openAgenda('/events/e-1/programs/agenda?broadcastId=b-1', {
      saved: json(400, {
        message: rtmpInputServerMessages.notInEvent,
        code: 'VALIDATION_ERROR',
        errors: { rtmp_input: [rtmpInputServerMessages.notInEvent] },
      }),
    });
    const drawer = await screen.findByRole('dialog', { name: 'Edit session' });
    await within(drawer).findByRole('combobox', { name: 'RTMP input' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save session' }));
    expect(await within(drawer).findByText(rtmpInputServerMessages.notInEvent)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Edit session' })).toBeTruthy();
  });

  it('points to the Live Inputs page when the event has no input, and shows the field for RTMP sessions only', async () => {
    openAgenda('/events/e-1/programs/agenda?broadcastId=b-1', {
      session: { ...keynote, broadcast_type: 'LIVE', rtmp_input: null },
      live: { inputs: [] },
    });
    const drawer = await screen.findByRole('dialog', { name: 'Edit session' });
    await within(drawer).findByRole('textbox', { name: 'Title' });
    expect(within(drawer).queryByText('RTMP input')).toBeNull();

    await choose(within(drawer).getByRole('combobox', { name: 'Session type' }), 'RTMP');
    expect(await within(drawer).findByText(/This event has no RTMP input yet/)).toBeTruthy();
    expect(
      within(drawer).getByRole('link', { name: 'Create one on the Live Inputs page' }).getAttribute('href'),
    ).toBe('/events/e-1/programs/live-inputs');
  });
});
