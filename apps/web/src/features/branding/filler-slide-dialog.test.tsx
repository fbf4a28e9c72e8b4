import { notificationsStore } from '@mantine/notifications';
import type { FillerSlide, StudioEvent } from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { decodeImagesAs, squareOrWide } from '../../testing/browser-files.ts';
import { eventFixture } from '../../testing/event-fixture.ts';
import { ada, json, page } from '../../testing/fake-studio-api.ts';
import { bodiesSentTo, callsTo, openStudio } from '../../testing/open-studio.tsx';

const toasts = () => notificationsStore.getState().notifications.map((toast) => toast.message);
const typist = () => userEvent.setup({ applyAccept: false, delay: null });

const slide = (id: string, fileName: string, state: string): FillerSlide => ({
  id,
  file_name: fileName,
  organization: 'org-1',
  workspace: null,
  broadcast_filler_image_s3_path: `files/org-1/organization/${id}.png`,
  broadcast_filler_video_s3_path: state === 'GENERATED' ? `files/org-1/filler-slides/${id}/filler.mp4` : null,
  broadcast_filler_state: state,
  status: state,
  image_url: `http://studio.test/api/files/org-1/organization/${id}.png`,
  video_url:
    state === 'GENERATED' ? `http://studio.test/api/files/org-1/filler-slides/${id}/filler.mp4` : null,
  hls_url: null,
  created_at: '2031-01-01T00:00:00Z',
  updated_at: '2031-01-01T00:00:00Z',
});
const countdown = slide('11111111-1111-4111-8111-111111111111', 'Countdown', 'GENERATED');
const lobby = slide('22222222-2222-4222-8222-222222222222', 'Lobby', 'PROCESSING');

/** The library's list as the server answers it: searched by name, then a page by `limit` and `offset`. */
function libraryPage(url: string, library: FillerSlide[]) {
  const query = new URL(url, 'http://studio.test').searchParams;
  const search = (query.get('search') ?? '').toLowerCase();
  const found = library.filter((entry) => entry.file_name.toLowerCase().includes(search));
  const offset = Number(query.get('offset') ?? 0);
  return page(found.slice(offset, offset + Number(query.get('limit') ?? 100)), found.length);
}

function routes(
  deleteAnswer: () => Response = () => new Response(null, { status: 204 }),
  library = [countdown, lobby],
) {
  let event: StudioEvent = {
    ...eventFixture({ id: 'e-1', title: 'Launch day' }),
    filler_slide: countdown.id,
  };
  return (url: string, init: RequestInit): Response | undefined => {
    const path = url.split('?')[0]!;
    if (path === '/api/event/e-1/' && init.method === 'PATCH') {
      event = { ...event, ...(JSON.parse(init.body as string) as Partial<StudioEvent>) };
      return json(200, event);
    }
    if (path === '/api/event/e-1/') return json(200, event);
    if (path === '/api/core/files/signed_url/')
      return json(200, {
        url: 'http://studio.test/api/files/upload/?sig=1',
        key: 'files/org-1/organization/abc/break.png',
        content_url: 'http://studio.test/api/files/org-1/organization/abc/break.png',
      });
    if (url.startsWith('http://studio.test/api/files/upload/')) return json(201, {});
    if (path === '/api/core/filler-slide-library/' && init.method === 'POST')
      return json(201, slide('33333333-3333-4333-8333-333333333333', 'break', 'NOT_GENERATED'));
    if (path === '/api/core/filler-slide-library/') return libraryPage(url, library);
    if (path.startsWith('/api/core/filler-slide-library/') && init.method === 'PATCH')
      return json(200, { ...countdown, ...(JSON.parse(init.body as string) as object) });
    if (path.startsWith('/api/core/filler-slide-library/') && init.method === 'DELETE') return deleteAnswer();
    if (path === `/api/core/filler-slide-library/${countdown.id}/`) return json(200, countdown);
    return undefined;
  };
}

async function openDialog(deleteAnswer?: () => Response, library?: FillerSlide[], firstShown = 'Lobby') {
  const studio = openStudio('/events/e-1/look-and-feel#fillerSlide', {
    user: ada,
    routes: routes(deleteAnswer, library),
  });
  expect((await screen.findByTestId('chosen-filler-slide', {}, { timeout: 15_000 })).textContent).toBe(
    'Countdown',
  );
  await userEvent.click(screen.getByRole('button', { name: 'Select Filler Slide' }));
  await screen.findByLabelText(firstShown);
  return studio;
}

describe("'Select Filler Slide' dialog (002 §2.2, §7.1, §8.1)", () => {
  it('lists the slides with their status; only a processed one can be picked', async () => {
    const { fetchMock } = await openDialog();
    const lobbyRow = within(screen.getByLabelText('Lobby'));
    expect(lobbyRow.getByText('Processing...')).toBeTruthy();
    expect(lobbyRow.getByRole<HTMLButtonElement>('button', { name: 'Select' }).disabled).toBe(true);
    expect(within(screen.getByLabelText('Countdown')).getByText('Processed')).toBeTruthy();
    expect(
      within(screen.getByLabelText('Countdown')).getByRole('link', { name: 'Preview' }).getAttribute('href'),
    ).toBe(countdown.video_url);
    expect(callsTo(fetchMock, '/api/core/filler-slide-library/')[0]?.url).toContain(
      'ordering=-created_at&uploaded=true',
    );
    await userEvent.click(within(screen.getByLabelText('Countdown')).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, '/api/event/e-1/', 'PATCH')).toEqual([{ filler_slide: null }]),
    );
  });

  it('checks the image in the browser with the spec rule, then uploads and creates the slide', async () => {
    decodeImagesAs(squareOrWide);
    const { fetchMock } = await openDialog();
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await typist().upload(input, new File(['png'], 'square-logo.png', { type: 'image/png' }));
    expect(
      await screen.findByText('The aspect ratio of your upload should match 1920x1080 (16:9) aspect ratio.'),
    ).toBeTruthy();
    expect(callsTo(fetchMock, '/api/core/files/signed_url/')).toEqual([]);
    await typist().upload(input, new File(['png'], 'break.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, '/api/core/filler-slide-library/', 'POST')).toEqual([
        {
          file_name: 'break',
          broadcast_filler_image_s3_path: 'files/org-1/organization/abc/break.png',
          workspace: null,
        },
      ]),
    );
  });

  it('renames inline with Cancel and Save, refusing a blank name', async () => {
    const { fetchMock } = await openDialog();
    const row = within(screen.getByLabelText('Countdown'));
    await userEvent.click(row.getByRole('button', { name: 'Rename' }));
    await userEvent.clear(row.getByLabelText('Name'));
    await userEvent.click(row.getByRole('button', { name: 'Save' }));
    expect(await row.findByText('Video name cannot be empty.')).toBeTruthy();
    await userEvent.type(row.getByLabelText('Name'), ' Welcome ');
    await userEvent.click(row.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts()).toContain('Filler slide renamed successfully.'));
    expect(bodiesSentTo(fetchMock, `/api/core/filler-slide-library/${countdown.id}/`, 'PATCH')).toEqual([
      { file_name: 'Welcome' },
    ]);
  });

  it("deletes after 'Are you sure?'", async () => {
    const { fetchMock } = await openDialog();
    await userEvent.click(within(screen.getByLabelText('Lobby')).getByRole('button', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Are you sure?' }));
    expect(
      confirm.getByText('You are deleting the filler slide Lobby. This action cannot be undone.'),
    ).toBeTruthy();
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts()).toContain('Filler slide deleted successfully.'));
    expect(
      callsTo(fetchMock, `/api/core/filler-slide-library/${lobby.id}/`).map((call) => call.method),
    ).toEqual(['DELETE']);
  });

  it('shows a refused delete as its message', async () => {
    await openDialog(() =>
      json(409, { message: 'This filler slide is used by an event.', code: 'FILLER_SLIDE_IN_USE' }),
    );
    await userEvent.click(within(screen.getByLabelText('Countdown')).getByRole('button', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Are you sure?' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts()).toContain('This filler slide is used by an event.'));
  });

  it('pages an organisation’s 25 slides, 20 at a time, and searches them by name (002 §7.1)', async () => {
    // Newest first: Slide 25 … Slide 1, the chosen Countdown among the oldest.
    const library = [
      ...Array.from({ length: 24 }, (_, index) =>
        slide(
          `00000000-0000-4000-8000-${String(25 - index).padStart(12, '0')}`,
          `Slide ${25 - index}`,
          'GENERATED',
        ),
      ),
      countdown,
    ];
    const { fetchMock } = await openDialog(undefined, library, 'Slide 25');
    const listCalls = () =>
      callsTo(fetchMock, '/api/core/filler-slide-library/')
        .filter((call) => call.method === 'GET')
        .map((call) => new URL(call.url, 'http://studio.test').searchParams);
    expect(screen.queryByLabelText('Countdown')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Select' })).toHaveLength(20);

    await userEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByLabelText('Countdown')).toBeTruthy();
    expect(screen.queryByLabelText('Slide 25')).toBeNull();
    expect(listCalls().at(-1)?.get('offset')).toBe('20');

    await userEvent.type(screen.getByRole('textbox', { name: 'Search filler slides' }), 'count');
    await waitFor(() => expect(listCalls().at(-1)?.get('search')).toBe('count'));
    expect(listCalls().at(-1)?.get('offset')).toBe('0');
    expect(listCalls().at(-1)?.get('ordering')).toBe('-created_at');
    await waitFor(() => expect(screen.queryByLabelText('Slide 1')).toBeNull());
    expect(screen.getByLabelText('Countdown')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();

    await userEvent.type(screen.getByRole('textbox', { name: 'Search filler slides' }), 'zzz');
    expect(await screen.findByText('No filler slides match your search.')).toBeTruthy();
  });
});
