import { notificationsStore } from '@mantine/notifications';
import { STAGE_ROLL_VIDEO_ERRORS, type StudioEvent } from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventFixture } from '../../testing/event-fixture.ts';
import { ada, json, page } from '../../testing/fake-studio-api.ts';
import { bodiesSentTo, openStudio } from '../../testing/open-studio.tsx';
import { videoAsset } from '../../ui/video-asset-fixture.ts';

const toasts = () => notificationsStore.getState().notifications.map((toast) => toast.message);

const countdown = videoAsset({ id: '11111111-1111-4111-8111-111111111111', name: 'Countdown loop' });
const intro = videoAsset({ id: '22222222-2222-4222-8222-222222222222', name: 'Sponsor intro' });

/** The event's API and the library, with the event's buffer video as PATCH leaves it. */
function brandingRoutes(initial: string | null, patchAnswer?: () => Response) {
  let event: StudioEvent = eventFixture({ id: 'e-1', title: 'Launch day', stage_roll_video_asset: initial });
  return (url: string, init: RequestInit): Response | undefined => {
    const path = url.split('?')[0];
    if (path === '/api/event/e-1/' && init.method === 'PATCH') {
      const failure = patchAnswer?.();
      if (failure) return failure;
      event = { ...event, ...(JSON.parse(init.body as string) as Partial<StudioEvent>) };
      return json(200, event);
    }
    if (path === '/api/event/e-1/') return json(200, event);
    if (path === `/api/core/video_assets/${countdown.id}/`) return json(200, countdown);
    if (path === `/api/core/video_assets/${intro.id}/`) return json(200, intro);
    if (path === '/api/core/video_assets/') return page([countdown, intro]);
    return undefined;
  };
}

describe('Look and Feel → Buffer Video', () => {
  it('shows the buffer video, keeps the module in the hash, and removes it', async () => {
    const { fetchMock, router } = openStudio('/events/e-1/look-and-feel#bufferVideo', {
      user: ada,
      routes: brandingRoutes(countdown.id),
    });
    expect((await screen.findByTestId('chosen-video-name', {}, { timeout: 30_000 })).textContent).toBe(
      'Countdown loop',
    );
    await waitFor(() => expect(router.state.location.hash).toBe('bufferVideo'));
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, '/api/event/e-1/', 'PATCH')).toEqual([{ stage_roll_video_asset: null }]),
    );
    expect(await screen.findByText('No buffer video selected.')).toBeTruthy();
  });

  it("picks one video in 'Select Buffer Video' (radio) and saves it", async () => {
    const { fetchMock } = openStudio('/events/e-1/look-and-feel#bufferVideo', {
      user: ada,
      routes: brandingRoutes(null),
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Select Buffer Video' }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Select Buffer Video' });
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'Select Sponsor intro' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, '/api/event/e-1/', 'PATCH')).toEqual([
        { stage_roll_video_asset: intro.id },
      ]),
    );
    expect((await screen.findByTestId('chosen-video-name')).textContent).toBe('Sponsor intro');
    expect(toasts()).toContain('Branding updated successfully.');
  });

  it("shows the server's refusal by its code and keeps the dialog open", async () => {
    const refusal = () => json(400, { code: 'UNPROCESSED_VIDEO_FOR_STAGE_ROLL', message: 'x', errors: {} });
    openStudio('/events/e-1/look-and-feel#bufferVideo', { user: ada, routes: brandingRoutes(null, refusal) });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Select Buffer Video' }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Select Buffer Video' });
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'Select Countdown loop' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts()).toContain(STAGE_ROLL_VIDEO_ERRORS.UNPROCESSED_VIDEO_FOR_STAGE_ROLL));
    expect(screen.getByRole('dialog', { name: 'Select Buffer Video' })).toBeTruthy();
  });

  it('says when the buffer video cannot be loaded', async () => {
    openStudio('/events/e-1/look-and-feel#bufferVideo', {
      user: ada,
      routes: brandingRoutes('33333333-3333-4333-8333-333333333333'),
    });
    expect(
      await screen.findByText('The buffer video could not be loaded.', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });
});
