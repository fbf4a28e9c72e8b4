import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ada, json } from '../../testing/fake-studio-api.ts';
import { openStudio } from '../../testing/open-studio.tsx';
import { nextOccurrence, repeatingEventRoutes } from '../../testing/repeating-event-fixture.ts';
import { videoAsset } from '../../ui/video-asset-fixture.ts';

const countdown = videoAsset({ id: '11111111-1111-4111-8111-111111111111', name: 'Countdown loop' });
const routes = repeatingEventRoutes(
  'e-next',
  nextOccurrence({ stage_roll_video_asset: countdown.id }),
  (path) =>
    path.split('?')[0] === `/api/core/video_assets/${countdown.id}/` ? json(200, countdown) : undefined,
);

/** Mantine's Group keeps its `wrap` in a CSS variable (jsdom lays nothing out). */
const wrapOf = (element: HTMLElement) => element.style.getPropertyValue('--group-wrap') || 'wrap';

describe('the chosen buffer video (002 §2.2 "Buffer Video")', () => {
  it('lets its Preview, Rename and Remove go under the video on a narrow screen, never wider than it', async () => {
    openStudio('/repeating-event/s-1/look-and-feel#bufferVideo', { user: ada, routes });
    await screen.findByTestId('chosen-video-name', {}, { timeout: 30_000 });
    const row = screen.getByTestId('chosen-video');
    const actions = screen.getByRole('button', { name: 'Preview' }).parentElement!;
    expect([wrapOf(row), wrapOf(actions)]).toEqual(['wrap', 'wrap']);
  });
});
