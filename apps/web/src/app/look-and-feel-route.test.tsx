import { repeatingBrandingNote } from '@studio/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { eventFixture } from '../testing/event-fixture.ts';
import { ada, json, type ExtraRoutes } from '../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../testing/open-studio.tsx';
import { weeklyRepeatingEvent } from '../testing/repeating-event-fixture.ts';
import { videoAsset } from '../ui/video-asset-fixture.ts';

const countdown = videoAsset({ id: '11111111-1111-4111-8111-111111111111', name: 'Countdown loop' });

const weekly = weeklyRepeatingEvent;
const next = eventFixture({
  id: 'e-next',
  title: 'Weekly demo',
  start_time: '2031-03-01T09:00:00Z',
  end_time: '2031-03-01T10:00:00Z',
  timezone: 'UTC',
  stage_roll_video_asset: countdown.id,
});

const routes =
  (programmeEvent: string | null): ExtraRoutes =>
  (path) => {
    const [route] = path.split('?');
    if (route === '/api/event/series/s-1/') return json(200, weekly(programmeEvent));
    if (route === '/api/event/e-next/') return json(200, next);
    if (route === `/api/core/video_assets/${countdown.id}/`) return json(200, countdown);
    return undefined;
  };

describe('a repeating event’s Look and Feel', () => {
  it('edits the branding of the next occurrence, with a note saying the later ones follow it', async () => {
    const { fetchMock } = openStudio('/repeating-event/s-1/look-and-feel#bufferVideo', {
      user: ada,
      routes: routes('e-next'),
    });
    expect(await screen.findByText(repeatingBrandingNote)).toBeTruthy();
    expect((await screen.findByTestId('chosen-video-name', {}, { timeout: 30_000 })).textContent).toBe(
      'Countdown loop',
    );
    expect(callsTo(fetchMock, '/api/event/e-next/')).not.toEqual([]);
  });

  it('says so when every occurrence has started', async () => {
    const { fetchMock } = openStudio('/repeating-event/s-1/look-and-feel', {
      user: ada,
      routes: routes(null),
    });
    const empty = await screen.findByRole('region', { name: 'No upcoming occurrence' });
    expect(within(empty).getByText(/Extend its schedule to brand the next ones/)).toBeTruthy();
    expect(screen.queryByText(repeatingBrandingNote)).toBeNull();
    expect(callsTo(fetchMock, '/api/event/e-next/')).toEqual([]);
  });
});
