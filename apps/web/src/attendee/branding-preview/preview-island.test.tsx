import { act, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  BRANDING_PREVIEW_MESSAGE,
  BRANDING_PREVIEW_QUESTION,
  fillBranding,
  type BrandingPreviewPageData,
  type BrandingState,
} from '@studio/domain';
import { eventAppEvent } from '../../testing/event-app-fixture.ts';
import { keynoteLive } from '../../testing/event-app-shell.tsx';
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

/** The studio posts a pending branding and what the module being edited brings into view. */
const post = (state: BrandingState, show: string) =>
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: studioOrigin,
        source: window,
        data: { type: BRANDING_PREVIEW_MESSAGE, state, show },
      }),
    );
  });

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

  it('brings the stage’s screen saver into view for Button & Card Color', () => {
    render(<BrandingPreviewPage data={{ ...data, page: 'stage' }} />);
    const stage = () => screen.getByLabelText('Stage', { selector: '.stage-screen' });
    post(fillBranding({}, {}), 'screen_saver');
    expect(within(stage()).getByText('Nothing is playing on the stage right now.').classList).toContain(
      'screen-saver',
    );
  });

  it('plays the stage’s video with the Stage Popups’ popup over it, in the popup colours (videos with popup)', async () => {
    const { container } = render(
      <BrandingPreviewPage
        data={{ ...data, page: 'stage', programme: { ...data.programme, stage: keynoteLive } }}
      />,
    );
    const video = await waitFor(() => {
      const found = container.querySelector('.stage-screen > video');
      expect(found).not.toBeNull();
      return found!;
    });
    const playing = video.parentElement!;
    expect(within(playing).queryByRole('status')).toBeNull();
    post(fillBranding({ demo_request_title: 'Thanks!' }, { theme_primary_color: '#123456' }), 'popup');
    const popup = within(playing).getByRole('status');
    expect(popup.classList).toContain('stage-popup');
    expect(popup.textContent).toContain('Thanks!');
    expect(document.documentElement.style.getPropertyValue('--brand-popup-background')).toBe('#123456');
    post(fillBranding({}, {}), 'screen_saver');
    expect(within(playing).queryByRole('status')).toBeNull();
  });

  it('shows a published text Q&A beside the stage for Chat Experience, as its Q&A options say (text Q&A published)', async () => {
    render(<BrandingPreviewPage data={{ ...data, page: 'stage' }} />);
    const aliased = { show_answerers_identity: false, textqna_answerers_alias: 'Event team' };
    post(fillBranding({ ...aliased, anonymous_qna_enabled: true }, {}), 'published_question');
    const qna = await screen.findByRole('complementary', { name: 'Q&A' });
    const question = within(qna).getByText(BRANDING_PREVIEW_QUESTION.text).closest('li')!;
    expect(within(question).getByText(BRANDING_PREVIEW_QUESTION.asker)).toBeTruthy();
    expect(within(question).getByText('Answered')).toBeTruthy();
    expect(within(question).getByText('Answered by Event team')).toBeTruthy();
    expect(within(question).getByText(BRANDING_PREVIEW_QUESTION.answer)).toBeTruthy();
    expect(within(qna).getByRole('checkbox', { name: 'Ask anonymously' })).toBeTruthy();
    // Looked at, never used: the preview saves nothing.
    expect(qna.hasAttribute('inert')).toBe(true);

    post(fillBranding({ show_answerers_identity: true }, {}), 'published_question');
    expect(within(qna).getByText(`Answered by ${BRANDING_PREVIEW_QUESTION.answerer}`)).toBeTruthy();
    expect(within(qna).queryByRole('checkbox', { name: 'Ask anonymously' })).toBeNull();

    post(fillBranding({ have_text_qna: false }, {}), 'published_question');
    expect(screen.queryByRole('complementary', { name: 'Q&A' })).toBeNull();
    post(fillBranding({}, {}), 'popup');
    expect(screen.queryByRole('complementary', { name: 'Q&A' })).toBeNull();
  });
});
