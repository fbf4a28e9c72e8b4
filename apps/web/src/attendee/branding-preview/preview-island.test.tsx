import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BRANDING_PREVIEW_MESSAGE, fillBranding, type BrandingPreviewPageData } from '@studio/domain';
import { eventAppEvent } from '../../testing/event-app-fixture.ts';
import { BrandingPreviewPage } from './preview-island.tsx';

const studioOrigin = 'https://studio.example.test';
const data: BrandingPreviewPageData = {
  eventId: 'e-1',
  studioOrigin,
  page: 'event_tabs',
  programme: {
    event: eventAppEvent({ enable_tech_check: true }),
    agenda: [],
    speakers: [],
    booths: [],
    rooms: [],
    stage: null,
  },
};

describe('the live preview’s event app (002 §2.1)', () => {
  it('follows the pending Stage Navigation and calls to action without a save', async () => {
    render(<BrandingPreviewPage data={data} />);
    expect((await screen.findAllByRole('tab')).map((tab) => tab.textContent)).toEqual([
      'Stage',
      'Agenda',
      'Speakers',
    ]);
    const state = fillBranding(
      { speaker_tab_title: 'Voices', show_attendees: false, show_discussion_rooms: false },
      { custom_cta_enabled: true, custom_cta_button_text: 'Book a seat' },
    );
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: studioOrigin,
          source: window,
          data: { type: BRANDING_PREVIEW_MESSAGE, state, show: null },
        }),
      );
    });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Stage', 'Agenda', 'Voices']);
    screen.getByRole('tab', { name: 'Stage' }).click();
    expect((await screen.findByRole('link', { name: 'Book a seat' })).getAttribute('href')).toBe(
      '/e/e-1/register',
    );
  });

  it('brings the stage’s popup and screen saver into view for Stage Popups and Button & Card Color', () => {
    render(<BrandingPreviewPage data={{ ...data, page: 'stage' }} />);
    const post = (show: string) =>
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', {
            origin: studioOrigin,
            source: window,
            data: {
              type: BRANDING_PREVIEW_MESSAGE,
              state: fillBranding({ demo_request_title: 'Thanks!' }, { theme_primary_color: '#123456' }),
              show,
            },
          }),
        );
      });
    const stage = () => screen.getByLabelText('Stage', { selector: '.stage-screen' });
    post('popup');
    expect(within(stage()).getByRole('status').classList).toContain('stage-popup');
    expect(within(stage()).getByRole('status').textContent).toContain('Thanks!');
    expect(document.documentElement.style.getPropertyValue('--brand-popup-background')).toBe('#123456');
    post('screen_saver');
    expect(within(stage()).queryByRole('status')).toBeNull();
    expect(within(stage()).getByText('Nothing is playing on the stage right now.').classList).toContain(
      'screen-saver',
    );
  });
});
