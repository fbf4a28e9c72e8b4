import { repeatingBrandingNote } from '@studio/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ada, json } from '../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../testing/open-studio.tsx';
import { nextOccurrence, repeatingEventRoutes } from '../testing/repeating-event-fixture.ts';
import { videoAsset } from '../ui/video-asset-fixture.ts';

const countdown = videoAsset({ id: '11111111-1111-4111-8111-111111111111', name: 'Countdown loop' });

const next = nextOccurrence({ stage_roll_video_asset: countdown.id });
const routes = (programmeEvent: string | null) =>
  repeatingEventRoutes(programmeEvent, next, (path) =>
    path.split('?')[0] === `/api/core/video_assets/${countdown.id}/` ? json(200, countdown) : undefined,
  );

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
