import { notificationsStore } from '@mantine/notifications';
import {
  brandingMessages,
  UPLOAD_PRESETS,
  DEFAULT_STAGE_CTA_TEXT,
  DEMO_CTA_DEFAULTS,
  fillBranding,
  moduleErrors,
  type BrandingModuleId,
  type BrandingState,
  type EventType,
} from '@studio/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { decodeImagesAs } from '../../testing/browser-files.ts';
import { json } from '../../testing/fake-studio-api.ts';
import { renderWidget } from '../../testing/render-widget.tsx';
import { useBrandingDraft } from './branding-draft.ts';
import { BrandingModule } from './branding-modules.tsx';
import type { BrandingOrganization } from './module-props.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
const noFlags: BrandingOrganization = {
  flags: { useChatVisibility: false, useNewChatApp: false, assignQnaToSpeaker: false },
  boothsTab: false,
};

interface Options {
  saved?: Partial<{ event: Record<string, unknown>; theme: Record<string, unknown> }>;
  eventType?: EventType;
  kind?: 'event' | 'template';
  locked?: boolean;
  organization?: BrandingOrganization;
}

/** One module over a draft of `saved`; `state()` is the draft as the editor would save it. */
function openModule(id: BrandingModuleId, options: Options = {}) {
  const saved = fillBranding(options.saved?.event, options.saved?.theme);
  let latest: BrandingState = saved;
  const eventType = options.eventType ?? 'Conference';
  const organization = options.organization ?? noFlags;
  function Harness() {
    const { draft } = useBrandingDraft(saved);
    latest = draft;
    return (
      <BrandingModule
        id={id}
        subject={{
          kind: options.kind ?? 'event',
          id: 'e-1',
          title: 'Launch day',
          organizationId: 'org-1',
          workspaceId: null,
          eventType,
          startTime: null,
          stageRollVideoId: null,
          fillerSlideId: null,
          branding: saved,
        }}
        draft={draft}
        errors={moduleErrors(id, draft, { eventType, boothsTab: organization.boothsTab })}
        locked={options.locked ?? false}
        organization={organization}
        slots={{ VideoField: () => null, TrackingSnippet: () => null }}
      />
    );
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  renderWidget(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
  );
  return { state: () => latest };
}

const toggle = (name: string) => screen.getByRole<HTMLInputElement>('switch', { name });

describe('Button & Card Color', () => {
  it('turning the screen saver toggle off copies the button colours and marks it edited; on clears them', async () => {
    const { state } = openModule('themebase', {
      saved: { event: { theme_secondary_color: '#112233', secondary_text_color: '#FFEEDD' } },
    });
    expect(toggle('Screensaver color same as button color').checked).toBe(true);
    expect(screen.queryByLabelText('Screen saver background color')).toBeNull();
    await userEvent.click(toggle('Screensaver color same as button color'));
    expect(state().event).toMatchObject({
      screen_saver_background: '#112233',
      screen_saver_text_color: '#FFEEDD',
    });
    expect(state().theme.onEditScreenSaver).toBe(true);
    expect(screen.getByLabelText('Screen saver background color')).toBeTruthy();
    await userEvent.click(toggle('Screensaver color same as button color'));
    expect(state().event).toMatchObject({ screen_saver_background: null, screen_saver_text_color: null });
    expect(state().theme.onEditScreenSaver).toBe(false);
  });

  it('hands a colour on 200 ms after typing stops, and refuses a bad rgba', () => {
    vi.useFakeTimers();
    try {
      const { state } = openModule('themebase');
      const input = screen.getByLabelText('Button background color');
      fireEvent.change(input, { target: { value: 'rgba(1, 2, 3, 0.5)' } });
      act(() => {
        vi.advanceTimersByTime(199);
      });
      expect(state().event.theme_secondary_color).not.toBe('rgba(1, 2, 3, 0.5)');
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(state().event.theme_secondary_color).toBe('rgba(1, 2, 3, 0.5)');
      fireEvent.change(input, { target: { value: 'rgba(1, 2, x)' } });
      act(() => {
        vi.advanceTimersByTime(500);
      });
      expect(screen.getByText('Invalid RGBA color value.')).toBeTruthy();
      expect(state().event.theme_secondary_color).toBe('rgba(1, 2, 3, 0.5)');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('Call To Action Button', () => {
  it('shows the demo texts while on, and refills empty ones with the defaults when turned off', async () => {
    const { state } = openModule('callToAction', {
      saved: { event: { demo_link_enabled: true, demo_request_button_text: '', demo_request_title: '' } },
    });
    expect(screen.getAllByText('Required')).toHaveLength(2);
    await userEvent.click(toggle('Show the call to action button'));
    expect(state().event).toMatchObject({
      demo_link_enabled: false,
      demo_request_button_text: DEMO_CTA_DEFAULTS.demo_request_button_text,
      demo_request_title: DEMO_CTA_DEFAULTS.demo_request_title,
    });
    expect(screen.queryByLabelText('Button text')).toBeNull();
  });

  it("asks for a valid URL when the link opens in a new tab ('Please enter a valid URL')", () => {
    openModule('callToAction', {
      saved: {
        event: {
          demo_link_enabled: true,
          custom_demo_cta_link_to: 'linkToNewTab',
          custom_demo_cta_button_url: 'not a url',
        },
      },
    });
    expect(screen.getByText('Please enter a valid URL')).toBeTruthy();
  });

  it('offers the on-demand page only for conferences', () => {
    openModule('callToAction', { eventType: 'Webinar' });
    expect(screen.queryByRole('switch', { name: 'Show it on the on-demand page' })).toBeNull();
  });
});

describe('Enter Event Experience', () => {
  it('shows early entry inverted; turning it off links the stage CTA to registration with its default text', async () => {
    const { state } = openModule('enterEventExperience', {
      saved: { event: { disable_enter_event_button: false }, theme: { custom_cta_button_text: '' } },
    });
    expect(toggle('Enter Event Button').checked).toBe(true);
    expect(toggle('Attendee Tech Check').checked).toBe(true);
    expect(toggle('Mandatory Attendee Profiles').checked).toBe(false);
    await userEvent.click(toggle('Enter Event Button'));
    expect(state().event.disable_enter_event_button).toBe(true);
    expect(state().theme).toMatchObject({
      custom_cta_link_to: 'registration',
      custom_cta_button_text: DEFAULT_STAGE_CTA_TEXT,
    });
  });

  it('turning the custom call to action off resets its text and link to registration', async () => {
    const { state } = openModule('enterEventExperience', {
      saved: {
        theme: {
          custom_cta_enabled: true,
          custom_cta_link_to: 'custom',
          custom_cta_button_text: 'Buy now',
          custom_cta_button_url: 'https://shop.example.com',
        },
      },
    });
    expect(screen.getByLabelText('Link')).toBeTruthy();
    await userEvent.click(toggle('Custom call to action'));
    expect(state().theme).toMatchObject({
      custom_cta_enabled: false,
      custom_cta_link_to: 'registration',
      custom_cta_button_text: DEFAULT_STAGE_CTA_TEXT,
    });
  });

  it('locks early entry and the custom call to action within the hour, with the tooltip', async () => {
    openModule('enterEventExperience', { locked: true });
    expect(toggle('Enter Event Button').disabled).toBe(true);
    expect(toggle('Custom call to action').disabled).toBe(true);
    expect(toggle('Attendee Tech Check').disabled).toBe(false);
    await userEvent.hover(toggle('Enter Event Button').closest('div')!.parentElement!);
    expect(
      await screen.findByText(
        'This setting cannot be changed less than one hour before the start of the event',
      ),
    ).toBeTruthy();
  });
});

describe('Chat Experience', () => {
  it('shows the toggles the flags allow, disabled flags inverted, Q&A options only with text Q&A', async () => {
    const { state } = openModule('chatExperience', { saved: { event: { have_text_qna: false } } });
    expect(toggle('Public Chat')).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Threaded Chat' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Moderate Text Q&A' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Booth Chat' })).toBeNull();
    expect(toggle('Direct Message').checked).toBe(true);
    await userEvent.click(toggle('Direct Message'));
    expect(state().event.p2p_chat_disabled).toBe(true);
  });

  it('gives Public Chat the three-way select with chat visibility, and the flagged toggles', () => {
    openModule('chatExperience', {
      organization: {
        flags: { useChatVisibility: true, useNewChatApp: true, assignQnaToSpeaker: true },
        boothsTab: true,
      },
    });
    expect(screen.queryByRole('switch', { name: 'Public Chat' })).toBeNull();
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Public Chat' }).value).toBe('PUBLIC');
    for (const name of ['Threaded Chat', 'Assign Questions from Q&A', 'Booth Chat', 'Moderate Text Q&A'])
      expect(toggle(name)).toBeTruthy();
    expect(screen.getByLabelText("Answerers' Alias")).toBeTruthy();
  });
});

describe('Stage Navigation', () => {
  it('hides rooms and booths for webinars and shows the speaker description', () => {
    openModule('stageNavigation', { eventType: 'Webinar', organization: { ...noFlags, boothsTab: true } });
    expect(screen.queryByRole('switch', { name: 'Show Rooms' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Show Booths' })).toBeNull();
    expect(screen.getByLabelText('Speakers tab description')).toBeTruthy();
  });

  it("needs the rooms tab's title while it is on ('This field is required'), booths only with the plan", () => {
    openModule('stageNavigation', { saved: { event: { discussion_room_tab_title: '' } } });
    expect(screen.getByText('This field is required')).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Show Booths' })).toBeNull();
    expect(screen.queryByLabelText('Speakers tab description')).toBeNull();
  });

  it('offers the People tab to speakers only while the attendees tab is off', async () => {
    openModule('stageNavigation');
    expect(screen.queryByRole('switch', { name: 'Show the People tab to speakers' })).toBeNull();
    await userEvent.click(toggle('Show People'));
    expect(toggle('Show the People tab to speakers')).toBeTruthy();
  });
});

describe('Name Card', () => {
  it('on sets title display none, 20px and the theme colours; off clears all four', async () => {
    const cleared = {
      name_card_radius: null,
      name_card_title_display: null,
      name_card_background: null,
      name_card_text_color: null,
    };
    const { state } = openModule('nameCard', {
      saved: {
        theme: {
          ...cleared,
          theme_primary_color: '#123456',
          primary_text_color: '#ABCDEF',
        },
      },
    });
    await userEvent.click(toggle('Custom name card'));
    expect(state().theme).toMatchObject({
      name_card_radius: '20px',
      name_card_title_display: 'none',
      name_card_background: '#123456',
      name_card_text_color: '#ABCDEF',
    });
    await userEvent.click(screen.getByRole('radio', { name: 'Rectangular' }));
    expect(state().theme.name_card_radius).toBe('10px');
    await userEvent.click(toggle('Custom name card'));
    expect(state().theme).toMatchObject(cleared);
  });
});

describe('Sidebar Overlay and Lower thirds', () => {
  it('stores the sliders as the branding maths says (0 → 0.001, page items 0.7×, blur 2×px)', () => {
    const { state } = openModule('sidebarColor');
    const [opacity, blur] = screen.getAllByRole('slider');
    opacity!.focus();
    fireEvent.keyDown(opacity!, { key: 'Home' });
    expect(state().theme).toMatchObject({ sidebar_alpha: 0.001, page_item_alpha: 0.001 });
    fireEvent.keyDown(opacity!, { key: 'ArrowRight' });
    expect(state().theme).toMatchObject({ sidebar_alpha: 0.01, page_item_alpha: 0.007 });
    fireEvent.keyDown(blur!, { key: 'ArrowRight' });
    expect(state().theme.sidebar_blur).toBe('102px');
  });

  it('takes the lower third colours from the popups, reversed on request', async () => {
    const { state } = openModule('lowerThirds', {
      saved: { theme: { theme_primary_color: '#111111', primary_text_color: '#EEEEEE' } },
    });
    await userEvent.click(screen.getByRole('radio', { name: 'Popup Colors' }));
    expect(state().theme).toMatchObject({
      lower_third_background: '#111111',
      lower_third_text_color: '#EEEEEE',
    });
    await userEvent.click(toggle('Reverse colors'));
    expect(state().theme).toMatchObject({
      lower_third_background: '#EEEEEE',
      lower_third_text_color: '#111111',
    });
  });
});

describe('Fonts', () => {
  it("Web Font asks for a name and a URL ('Font name is required', 'Font URL is required')", async () => {
    const { state } = openModule('landingFont');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Font' }), 'Web Font');
    expect(state().theme.splash_font_type).toBe('Web Font');
    expect(screen.getByText('Font name is required')).toBeTruthy();
    expect(screen.getByText('Font URL is required')).toBeTruthy();
  });

  it('a web-safe font is stored by name; Custom asks for a file', async () => {
    const { state } = openModule('stageFont');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Font' }), 'Georgia');
    expect(state().theme).toMatchObject({ font_type: 'Web Safe Font', theme_font_name: 'Georgia' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Font' }), 'Custom');
    expect(state().theme.font_type).toBe('Custom');
    expect(screen.getByRole('button', { name: 'Upload font file' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(brandingMessages.fontFileRequired);
  });

  it("'Use same font and color as event landing' writes the stage's changes to both sets", async () => {
    const { state } = openModule('stageFont', {
      saved: { theme: { primary_text_color: '#FFFFFF', splash_text_color: '#FFFFFF' } },
    });
    expect(toggle('Use same font and color as event landing').checked).toBe(true);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Font' }), 'Verdana');
    expect(state().theme).toMatchObject({
      font_type: 'Web Safe Font',
      theme_font_name: 'Verdana',
      splash_font_type: 'Web Safe Font',
      splash_theme_font_name: 'Verdana',
    });
    await userEvent.click(toggle('Use same font and color as event landing'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Font' }), 'Arial');
    expect(state().theme).toMatchObject({ theme_font_name: 'Arial', splash_theme_font_name: 'Verdana' });
  });
});

describe('Backgrounds', () => {
  it('infers the type from the stored value and writes the chosen type; Image without one is invalid', async () => {
    const { state } = openModule('stageBackground', {
      saved: {
        theme: {
          stage_background: '#000000',
          mobile_stage_background: 'linear-gradient(270deg, #000 0%, #fff 100%)',
        },
      },
    });
    const desktop = screen.getByRole('radiogroup', { name: 'Desktop background type' });
    expect(within(desktop).getByRole<HTMLInputElement>('radio', { name: 'Solid Color' }).checked).toBe(true);
    const mobile = screen.getByRole('radiogroup', { name: 'Mobile background type' });
    expect(within(mobile).getByRole<HTMLInputElement>('radio', { name: 'Gradient' }).checked).toBe(true);
    await userEvent.click(within(desktop).getByRole('radio', { name: 'Image' }));
    expect(state().theme.stage_background).toBe('');
    expect(screen.getByRole('alert').textContent).toBe(brandingMessages.imageRequired);
    await userEvent.click(within(desktop).getByRole('radio', { name: 'Gradient' }));
    expect(state().theme.stage_background).toMatch(/^linear-gradient\(270deg/);
  });

  it('turns the hero overlay off for Solid Color and restores it back on Image', async () => {
    const { state } = openModule('heroBackgroundV2', {
      saved: { theme: { splash_page_hero: 'https://cdn.example.com/hero.png', is_overlay_visible: true } },
    });
    const desktop = screen.getByRole('radiogroup', { name: 'Desktop background type' });
    await userEvent.click(within(desktop).getByRole('radio', { name: 'Solid Color' }));
    expect(state().theme).toMatchObject({
      splash_page_hero: 'rgba(255, 255, 255, 0.2)',
      is_overlay_visible: false,
    });
    await userEvent.click(within(desktop).getByRole('radio', { name: 'Image' }));
    expect(state().theme).toMatchObject({
      splash_page_hero: 'https://cdn.example.com/hero.png',
      is_overlay_visible: true,
    });
  });
});

describe('Onstage logos and virtual backgrounds', () => {
  it("'Make Default' moves an image first", async () => {
    const urls = ['https://cdn.example.com/a.png', 'https://cdn.example.com/b.png'];
    const { state } = openModule('virtualBackgrounds', { saved: { theme: { virtual_backgrounds: urls } } });
    expect(screen.getByText('Default')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Make Default' }));
    expect(state().theme.virtual_backgrounds).toEqual([urls[1], urls[0]]);
  });
});

describe('Images through the general file upload', () => {
  const png = () => new File(['png'], 'icon.png', { type: 'image/png' });
  const chooseFile = (file: File) =>
    userEvent.upload(document.querySelector<HTMLInputElement>('input[type=file]')!, file, {
      applyAccept: false,
    });
  const toastTexts = () => notificationsStore.getState().notifications.map((toast) => toast.message);
  /** The general upload: signing answers `contentUrl`, the storage PUT answers `stored`; returns the fetch mock. */
  const stubUpload = (contentUrl: string, stored: () => Response) => {
    const fetchMock = vi.fn((url: string) =>
      Promise.resolve(
        url === '/api/core/files/signed_url/'
          ? json(200, { url: 'https://files.example.com/put', key: 'k', content_url: contentUrl })
          : stored(),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  };

  it("checks the favicon's preset in the browser before uploading (square, at most 32x32)", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    decodeImagesAs(() => ({ width: 64, height: 64 }));
    openModule('favicon');
    await chooseFile(png());
    await waitFor(() => expect(toastTexts()).toContain(UPLOAD_PRESETS.favicon.image.message));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a file type the place does not take', async () => {
    openModule('logo');
    await chooseFile(new File(['gif'], 'logo.gif', { type: 'image/gif' }));
    await waitFor(() => expect(toastTexts()).toContain('This type of file is not accepted here.'));
  });

  it('uploads a fitting image with its preset and stores its content URL', async () => {
    decodeImagesAs(() => ({ width: 32, height: 32 }));
    const fetchMock = stubUpload(
      'https://cdn.example.com/icon.png',
      () => new Response(null, { status: 200 }),
    );
    const { state } = openModule('favicon');
    await chooseFile(png());
    await waitFor(() => expect(state().event.favicon).toBe('https://cdn.example.com/icon.png'));
    const [, signing] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(signing.body as string)).toMatchObject({ preset: 'favicon', file_type: 'image/png' });
  });

  it("says 'File Upload Failed' when the upload still fails after its retries, keeping the logo", async () => {
    decodeImagesAs(() => ({ width: 400, height: 200 }));
    const fetchMock = stubUpload(
      'https://cdn.example.com/logo.png',
      () => new Response('storage unavailable', { status: 503 }),
    );
    const { state } = openModule('logo', {
      saved: { event: { logo_url: 'https://cdn.example.com/old.png' } },
    });
    // The retries wait 1, 3 and 5 s: the clock is moved on past them.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await chooseFile(new File(['png'], 'logo.png', { type: 'image/png' }));
      await act(() => vi.advanceTimersByTimeAsync(9_000));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(toastTexts()).toContain('File Upload Failed'));
    // Spec 000 §5: the first attempt and 3 retries, each with a fresh URL.
    const calls = (url: string) => fetchMock.mock.calls.filter(([called]) => called === url);
    expect(calls('https://files.example.com/put')).toHaveLength(4);
    expect(calls('/api/core/files/signed_url/')).toHaveLength(4);
    expect(state().event.logo_url).toBe('https://cdn.example.com/old.png');
  });
});
