import { rtmpInputServerMessages, type Broadcast } from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { agendaRoutes, broadcast } from '../../testing/agenda-fixture.ts';
import { ada, json, rtmpInput, rtmpInputRoutes, type FakeRtmpInputs } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';
import { chooseOption } from '../../testing/option-list.ts';

const keynote = broadcast({ id: 'b-1', title: 'Keynote', broadcast_type: 'RTMP', rtmp_input: 'rtmp-1' });
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
  const agenda = agendaRoutes(() => session);
  return openStudio(address, {
    user: ada,
    routes: (path, init) => {
      if (path.split('?')[0] === '/api/event/broadcasts/b-1/' && init.method === 'PATCH')
        return saved ?? json(200, { ...session, ...(JSON.parse(init.body as string) as object) });
      return agenda(path, init) ?? inputs(path, init);
    },
  });
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
    await chooseOption(userEvent.setup({ delay: null }), field, 'Backstage');
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

  it('creates the first input in place when the event has none, and the session plays it (RTMP sessions only)', async () => {
    const live: FakeRtmpInputs = { inputs: [] };
    const { fetchMock } = openAgenda('/events/e-1/programs/agenda?broadcastId=b-1', {
      session: { ...keynote, broadcast_type: 'LIVE', rtmp_input: null },
      live,
    });
    const drawer = await screen.findByRole('dialog', { name: 'Edit session' });
    await within(drawer).findByRole('textbox', { name: 'Title' });
    expect(within(drawer).queryByText('RTMP input')).toBeNull();

    const user = userEvent.setup({ delay: null });
    await chooseOption(user, within(drawer).getByRole('combobox', { name: 'Session type' }), 'RTMP');
    expect(await within(drawer).findByText(/This event has no RTMP input yet/)).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'Live Inputs page' }).getAttribute('href')).toBe(
      '/events/e-1/programs/live-inputs',
    );

    await user.click(within(drawer).getByRole('button', { name: 'Create input' }));
    expect(await within(drawer).findByText('This field is required.')).toBeTruthy();
    expect(
      callsTo(fetchMock, '/api/event/rtmp_inputs/').filter((call) => call.method === 'POST'),
    ).toHaveLength(0);

    await user.type(within(drawer).getByRole('textbox', { name: 'New input name' }), 'Main stage encoder');
    await user.click(within(drawer).getByRole('button', { name: 'Create input' }));
    const field = await within(drawer).findByRole<HTMLInputElement>('combobox', { name: 'RTMP input' });
    await waitFor(() => expect(field.value).toBe('Main stage encoder'));
    expect(
      callsTo(fetchMock, '/api/event/rtmp_inputs/').find((call) => call.method === 'POST'),
    ).toMatchObject({
      body: { name: 'Main stage encoder', event: 'e-1' },
    });

    await user.click(within(drawer).getByRole('button', { name: 'Save session' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/event/broadcasts/b-1/')).toHaveLength(1));
    expect(callsTo(fetchMock, '/api/event/broadcasts/b-1/')[0]).toMatchObject({
      body: { broadcast_type: 'RTMP', rtmp_input: live.inputs[0]!.id },
    });
  });
});
