import {
  marketingMessages,
  PARDOT_IMPORT_UPDATED,
  WISTIA_PUSH_UPDATED,
  type CrmConnection,
  type EventMarketingSettings,
  type WistiaRecording,
} from '@studio/domain';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { crmConnection, SIGNED_IN } from '../../testing/crm-fixture.ts';
import { eventFixture } from '../../testing/event-fixture.ts';
import { ada, FakeSocket, json, type ExtraRoutes } from '../../testing/fake-studio-api.ts';
import { bodiesSentTo, callsTo, openStudio } from '../../testing/open-studio.tsx';

const EVENT = '00000000-0000-4000-8000-000000000001';
const wait = { timeout: 10_000 };

/** The event's stored list is 1234 (REGISTRATION); only list 1234 exists at Pardot. */
const routes: ExtraRoutes = (path, init) => {
  const bare = path.split('?')[0];
  if (bare === `/api/event/${EVENT}/`) return json(200, eventFixture({ id: EVENT, title: 'Summit' }));
  if (bare === `/api/event/${EVENT}/marketing_settings/`)
    return json(200, [
      { integration_type: 'marketo', external_id: null, external_name: null, activity_type: null },
      { integration_type: 'pardot', external_id: '1234', external_name: null, activity_type: 'REGISTRATION' },
      { integration_type: 'wistia', external_id: null, external_name: null, activity_type: null },
    ] satisfies EventMarketingSettings[]);
  if (bare === `/api/event/${EVENT}/update_pardot_list_id_v2/`) {
    const { list_id } = JSON.parse(init.body as string) as { list_id: number };
    return json(
      200,
      list_id === 1234
        ? { valid_list_id: true, pardot_list: { id: 1234, name: 'summit', title: null }, direction: 'export' }
        : { valid_list_id: false, pardot_list: null, direction: null },
    );
  }
  return undefined;
};

const marketoConnection = (ids: CrmConnection['marketo_activity_type_ids']): CrmConnection =>
  crmConnection('marketo', {
    ...SIGNED_IN,
    stored_credentials: ['client_id', 'client_secret'],
    marketo_activity_type_ids: ids,
  });

/** "Clone program" on the event's Marketo settings: its dialog. */
async function openCloneDialog() {
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: 'Clone program' }, wait));
  const dialog = within(await screen.findByRole('dialog', { name: 'Clone Marketo program' }, wait));
  return { user, dialog };
}

/** Names the new program Spring Summit, picks `folder` among those found for 'Web' and clones. */
async function cloneAs({ user, dialog }: Awaited<ReturnType<typeof openCloneDialog>>, folder: string) {
  await user.type(dialog.getByLabelText(/Program name/), 'Spring Summit');
  await user.type(dialog.getByRole('combobox', { name: /Campaign folder/ }), 'Web');
  await user.click(await screen.findByRole('option', { name: folder, hidden: true }, wait));
  await user.click(dialog.getByRole('button', { name: 'Clone program' }));
}

describe("an event's marketing connector settings (issue 36)", () => {
  it('shows the stored Pardot list and says the spec message for a list Pardot does not know', async () => {
    const { fetchMock } = openStudio(`/events/${EVENT}/integration/pardot/settings`, { user: ada, routes });
    expect(await screen.findByText('Pardot list: 1234 (REGISTRATION)', {}, wait)).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: /Pardot list id/ }), '999');
    await user.click(screen.getByRole('button', { name: 'Connect list' }));
    expect((await screen.findByRole('alert', {}, wait)).textContent).toBe(
      marketingMessages.pardotListNotFound,
    );
    expect(callsTo(fetchMock, `/api/event/${EVENT}/update_pardot_list_id_v2/`)[0]?.body).toEqual({
      list_id: 999,
      activity_type: 'REGISTRATION',
    });
  });

  it("lists the event's recordings with their Wistia status and pushes one by hand, following the server's pushes until it is in Wistia", async () => {
    FakeSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    const keynote = '00000000-0000-4000-8000-0000000000a1';
    const panel = '00000000-0000-4000-8000-0000000000a2';
    const pushOf = (status: NonNullable<WistiaRecording['push']>['status'], error: string | null = null) => ({
      status,
      project_id: 'proj2',
      media_hashed_id: status === 'done' ? 'media7' : null,
      error,
      updated_at: '2026-11-26T06:00:00.000Z',
    });
    const refusal = 'Wistia: the recording upload failed (HTTP 400): Project not found';
    /** The keynote's push as the server reports it: none, then queued. */
    let keynotePush: WistiaRecording['push'] = null;
    const recordings = (): WistiaRecording[] => [
      { video_id: keynote, name: 'Keynote', push: keynotePush },
      { video_id: panel, name: 'Panel', push: pushOf('failed', refusal) },
    ];
    const wistiaRoutes: ExtraRoutes = (path) => {
      const bare = path.split('?')[0];
      if (bare === `/api/event/${EVENT}/`) return json(200, eventFixture({ id: EVENT, title: 'Summit' }));
      if (bare === `/api/event/${EVENT}/marketing_settings/`)
        return json(200, [
          { integration_type: 'wistia', external_id: 'proj2', external_name: null, activity_type: null },
        ] satisfies EventMarketingSettings[]);
      if (bare === `/api/event/${EVENT}/fetch_wistia_existing_projects_v2/`)
        return json(200, {
          wistia_projects: [{ id: 101, hashed_id: 'proj2', name: 'Webinars', media_count: 0 }],
        });
      if (bare === `/api/event/${EVENT}/wistia_recordings/`) {
        return json(200, { recordings: recordings() });
      }
      if (bare === `/api/event/${EVENT}/push_recording_to_wistia/`) {
        keynotePush = pushOf('pending');
        return json(202, recordings()[0]);
      }
      return undefined;
    };
    const { fetchMock } = openStudio(`/events/${EVENT}/integration/wistia/settings`, {
      user: ada,
      routes: wistiaRoutes,
    });
    const status = (name: string) => screen.findByLabelText(`${name}: status`, {}, wait);
    expect((await status('Keynote')).textContent).toBe(marketingMessages.wistiaNotPushed);
    expect((await status('Panel')).textContent).toBe('Failed');
    expect(screen.getByText(refusal)).toBeTruthy();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Push Keynote to Wistia' }));
    expect(callsTo(fetchMock, `/api/event/${EVENT}/push_recording_to_wistia/`)[0]?.body).toEqual({
      video_id: keynote,
    });
    await waitFor(async () => expect((await status('Keynote')).textContent).toBe('Waiting to upload'), wait);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Push Keynote to Wistia' }).disabled).toBe(
      true,
    );
    // The server pushes each status change over the studio's socket; the list is not read again.
    const reads = callsTo(fetchMock, `/api/event/${EVENT}/wistia_recordings/`).length;
    await waitFor(() => expect(FakeSocket.instances.length).toBe(1));
    const socket = FakeSocket.instances[0]!;
    act(() => socket.open());
    const told = (push: ReturnType<typeof pushOf>) =>
      act(() =>
        socket.push({ type: WISTIA_PUSH_UPDATED, data: { eventId: EVENT, video_id: keynote, push } }),
      );
    told(pushOf('uploading'));
    await waitFor(async () => expect((await status('Keynote')).textContent).toBe('Uploading'), wait);
    told(pushOf('done'));
    await waitFor(async () => expect((await status('Keynote')).textContent).toBe('In Wistia'), wait);
    expect(callsTo(fetchMock, `/api/event/${EVENT}/wistia_recordings/`)).toHaveLength(reads);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Push Keynote to Wistia' }).disabled).toBe(
      false,
    );
  });

  it("links the event's Marketo, Pardot and Eloqua settings to their field mappings", async () => {
    openStudio(`/events/${EVENT}/integration/pardot/settings`, { user: ada, routes });
    const pardot = await screen.findByRole('link', { name: 'Map prospect fields' }, wait);
    expect(pardot.getAttribute('href')).toBe(`/events/${EVENT}/integration/pardot/field-mapping/prospect`);
  });

  it('the Eloqua page names the organisation’s event form and links to the form mapping', async () => {
    openStudio(`/webinar/${EVENT}/integration/eloqua/settings`, { user: ada, routes });
    const mapping = await screen.findByRole('link', { name: 'Map form fields' }, wait);
    expect(mapping.getAttribute('href')).toBe(`/webinar/${EVENT}/integration/eloqua/field-mapping/form`);
    expect(screen.getByRole('link', { name: 'Eloqua event form' }).getAttribute('href')).toBe(
      '/integrations/applications/eloqua/settings/eloqua-event-form',
    );
  });

  it("says to create the Marketo custom activity types until the event's connection keeps them, then names them", async () => {
    let ids: CrmConnection['marketo_activity_type_ids'] = { user_profile: null, user_engagement: null };
    const marketoRoutes: ExtraRoutes = (path, init) => {
      if (path.split('?')[0] === '/api/integrations/crm/connections/')
        return json(200, [marketoConnection(ids)]);
      return routes(path, init);
    };
    const first = openStudio(`/events/${EVENT}/integration/marketo/settings`, {
      user: ada,
      routes: marketoRoutes,
    });
    const note = () => screen.findByRole('status', { name: 'Marketo custom activity types' }, wait);
    expect((await note()).textContent).toBe(marketingMessages.marketoActivityTypesMissing);
    expect(callsTo(first.fetchMock, '/api/integrations/crm/connections/')[0]?.url).toContain(
      `event=${EVENT}`,
    );
    cleanup();

    ids = { user_profile: '100000', user_engagement: '100001' };
    openStudio(`/events/${EVENT}/integration/marketo/settings`, { user: ada, routes: marketoRoutes });
    expect((await note()).textContent).toBe(
      `User Profile: 100000, User Engagement: 100001. ${marketingMessages.marketoActivityTypesKept}`,
    );
  });

  it("clones the base program into a folder found by name: the spec's toast, then the event's program and its member statuses", async () => {
    /** The event's program: none until the clone made 3001. */
    let programId: string | null = null;
    const cloneRoutes: ExtraRoutes = (path, init) => {
      const bare = path.split('?')[0];
      if (bare === '/api/integrations/crm/connections/')
        return json(200, [{ ...marketoConnection(null), base_marketo_program_id: '1001' }]);
      if (bare === `/api/event/${EVENT}/marketing_settings/`)
        return json(200, [
          { integration_type: 'marketo', external_id: programId, external_name: null, activity_type: null },
        ] satisfies EventMarketingSettings[]);
      if (bare === '/api/integrations/marketo/folders/')
        return json(200, {
          folders: [
            { id: 20, name: 'Webinars', type: 'Folder' },
            { id: 21, name: 'Webinars 2026', type: 'Folder' },
          ],
        });
      if (bare === `/api/event/${EVENT}/clone_marketo_program/`) {
        programId = '3001';
        const program = { id: 3001, name: 'Spring Summit', type: 'Event', channel: 'Webinar' };
        return json(200, { message: marketingMessages.marketoProgramCloned, program });
      }
      if (bare === `/api/event/${EVENT}/marketo_program_member_status/`)
        return json(200, {
          statuses: [
            { name: 'Registered', step: 20, success: false },
            { name: 'Attended', step: 30, success: true },
          ],
        });
      return routes(path, init);
    };
    const { fetchMock } = openStudio(`/events/${EVENT}/integration/marketo/settings`, {
      user: ada,
      routes: cloneRoutes,
    });
    expect(await screen.findByText('No Marketo program is connected.', {}, wait)).toBeTruthy();
    const { user, dialog } = await openCloneDialog();
    // The source is the base program of the event's Marketo connection.
    await waitFor(() =>
      expect(dialog.getByLabelText<HTMLInputElement>(/Base program id/).value).toBe('1001'),
    );
    await cloneAs({ user, dialog }, 'Webinars 2026');

    expect(await screen.findByText(marketingMessages.marketoProgramCloned, {}, wait)).toBeTruthy();
    expect(bodiesSentTo(fetchMock, `/api/event/${EVENT}/clone_marketo_program/`)).toEqual([
      { base_program_id: 1001, program_name: 'Spring Summit', campaign_folder_id: 21 },
    ]);
    // Marketo's folders were searched through the event's connection, never for a blank text.
    const searches = callsTo(fetchMock, '/api/integrations/marketo/folders/').map(
      (call) => new URL(call.url, 'http://studio'),
    );
    expect(searches.length).toBeGreaterThan(0);
    for (const search of searches) {
      expect(search.searchParams.get('search_name')?.trim()).toBeTruthy();
      expect(search.searchParams.get('event')).toBe(EVENT);
    }
    expect(await screen.findByText('Marketo program: 3001', {}, wait)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Clone Marketo program' })).toBeNull();
    expect((await screen.findByLabelText('Program member statuses', {}, wait)).textContent).toBe(
      'Member statuses: Registered, Attended (success)',
    );
    expect(callsTo(fetchMock, `/api/event/${EVENT}/marketo_program_member_status/`)[0]?.url).toContain(
      'program_id=3001',
    );
  });

  it("shows the server's refusal of a clone and keeps the dialog open", async () => {
    const refusal = 'Marketo: the program clone failed (HTTP 200): Invalid folder';
    const refusingRoutes: ExtraRoutes = (path, init) => {
      const bare = path.split('?')[0];
      if (bare === '/api/integrations/marketo/folders/')
        return json(200, { folders: [{ id: 20, name: 'Webinars', type: 'Folder' }] });
      if (bare === `/api/event/${EVENT}/clone_marketo_program/`)
        return json(400, { code: 'VENDOR_REFUSED', message: refusal });
      return routes(path, init);
    };
    openStudio(`/events/${EVENT}/integration/marketo/settings`, { user: ada, routes: refusingRoutes });
    const { user, dialog } = await openCloneDialog();
    await user.type(dialog.getByLabelText(/Base program id/), '1001');
    await cloneAs({ user, dialog }, 'Webinars');
    expect(await screen.findByText(refusal, {}, wait)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Clone Marketo program' })).toBeTruthy();
  });

  it("shows the import of the event's SYNC_PARDOT list and follows its changes pushed by the server", async () => {
    FakeSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    const importOf = (status: 'importing' | 'done', count: number) => ({
      list_id: 5678,
      status,
      imported_count: count,
      error: null,
      last_run_at: status === 'done' ? '2026-11-26T12:00:00Z' : null,
    });
    const importRoutes: ExtraRoutes = (path, init) => {
      const bare = path.split('?')[0];
      if (bare === `/api/event/${EVENT}/marketing_settings/`)
        return json(200, [
          {
            integration_type: 'pardot',
            external_id: '5678',
            external_name: null,
            activity_type: 'SYNC_PARDOT',
          },
        ] satisfies EventMarketingSettings[]);
      if (bare === `/api/event/${EVENT}/pardot_import/`)
        return json(200, { import: importOf('importing', 0) });
      return routes(path, init);
    };
    openStudio(`/events/${EVENT}/integration/pardot/settings`, { user: ada, routes: importRoutes });
    const status = () => screen.findByText(/registrants imported from list 5678/, {}, wait);
    expect((await status()).textContent).toBe('Importing: 0 registrants imported from list 5678.');
    await waitFor(() => expect(FakeSocket.instances.length).toBe(1));
    const socket = FakeSocket.instances[0]!;
    act(() => socket.open());
    act(() =>
      socket.push({ type: PARDOT_IMPORT_UPDATED, data: { eventId: EVENT, import: importOf('done', 2) } }),
    );
    await waitFor(
      async () =>
        // The last run as the studio writes dates, not the browser's '11/26/2026, …'.
        expect((await status()).textContent).toMatch(
          /^Imported: 2 registrants imported from list 5678 \(last run Nov 26, 2026, \d{1,2}:\d{2} [AP]M .+\)\.$/,
        ),
      wait,
    );
  });
});
