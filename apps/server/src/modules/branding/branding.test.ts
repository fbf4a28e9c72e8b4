import {
  brandingMessages,
  DEFAULT_THEME_OBJ,
  type BrandKit,
  type StudioEventDetail,
  type StudioTemplateDetail,
} from '@studio/domain';
import { describe, expect, it } from 'vitest';
import { newAdmin, newMember } from '../access/access.fixtures.ts';
import { at, caller, duplicatedEvent, newEvent } from '../back-office/back-office.fixtures.ts';
import { storedFillerSlide } from '../filler-slides/filler-slides.fixtures.ts';
import { fileStudioWithAdmin } from '../../../test/file-studio.ts';

/** The server's clock (locks): fixed, so "30 minutes before the start" is exact. */
const now = new Date('2031-06-01T12:00:00Z');
const { studio, admin, api } = fileStudioWithAdmin(undefined, { role: 'all', clock: () => now });

const eventStarting = (minutesFromNow: number, fields: Record<string, unknown> = {}) =>
  newEvent(api, {
    title: 'Launch',
    start: at(now, minutesFromNow),
    end: at(now, minutesFromNow + 60),
    ...fields,
  });
const eventUrl = (id: string) => `/api/event/${id}/`;
const templateUrl = (id: string) => `/api/event/studio-templates/${id}/`;
const kitUrl = (organizationId: string) => `/api/core/organization/${organizationId}/brand_kit/`;
const getEvent = async (id: string) => (await api.get<StudioEventDetail>(eventUrl(id))).body;

interface Refusal {
  code: string;
  message: string;
  errors: Record<string, string[]>;
}

describe('an event’s branding (002 §3.1, §3.2, §7.2)', () => {
  it('is answered with the defaults, theme_obj filled and the tracking snippet', async () => {
    const event = await eventStarting(24 * 60);
    const got = await getEvent(event.id);
    expect(got).toMatchObject({
      demo_request_button_text: 'Get Demo',
      discussion_room_tab_title: 'Rooms',
      disable_enter_event_button: true,
      enable_tech_check: true,
      tab_descriptions: { speakers: '' },
      splash_tracking_pixel_snippet: { body_section_script: '' },
    });
    expect(got.theme_obj).toEqual(DEFAULT_THEME_OBJ);
    expect(got.theme_obj).toMatchObject({
      theme_type: 'colorful',
      sidebar_alpha: 0.5,
      name_card_radius: '20px',
    });
  });

  it('saves event-level fields and merges theme_obj field by field', async () => {
    const event = await eventStarting(24 * 60);
    const kept = {
      logo_url: 'https://cdn.example/logo.png',
      show_attendees: false,
      tab_descriptions: { speakers: 'Meet them' },
    };
    const saved = await api.patch<StudioEventDetail>(eventUrl(event.id), {
      ...kept,
      theme_secondary_color: 'rgba(10, 20, 30, 4)',
      theme_obj: {
        font_type: 'Web Font',
        theme_font_name: 'Inter',
        theme_font_link: 'https://fonts.example/inter.css',
      },
    });
    expect(saved.status).toBe(200);
    // The colour's alpha is clamped to 1; the rest is kept as sent.
    expect(saved.body).toMatchObject({ ...kept, theme_secondary_color: 'rgba(10, 20, 30, 1)' });
    const second = await api.patch<StudioEventDetail>(eventUrl(event.id), {
      theme_obj: { sidebar_alpha: 0.001, page_item_alpha: 0.001, sidebar_blur: '0px' },
    });
    expect(second.status).toBe(200);
    const got = await getEvent(event.id);
    expect(got.theme_obj).toEqual({
      ...DEFAULT_THEME_OBJ,
      font_type: 'Web Font',
      theme_font_name: 'Inter',
      theme_font_link: 'https://fonts.example/inter.css',
      sidebar_alpha: 0.001,
      page_item_alpha: 0.001,
      sidebar_blur: '0px',
    });
    expect(got.logo_url).toBe('https://cdn.example/logo.png');
  });

  it.each([
    [{ theme_secondary_color: 'rgba(1, 2)' }, 'theme_secondary_color', 'Invalid RGBA color value.'],
    [{ splash_background_color: '#12' }, 'splash_background_color', brandingMessages.invalidColor],
    [
      { demo_request_button_text: 'x'.repeat(28) },
      'demo_request_button_text',
      'Ensure this field has no more than 27 characters.',
    ],
    [
      { demo_request_title: 'x'.repeat(121) },
      'demo_request_title',
      'Ensure this field has no more than 120 characters.',
    ],
    [
      { demo_request_message: 'x'.repeat(351) },
      'demo_request_message',
      'Ensure this field has no more than 350 characters.',
    ],
    [{ demo_link_enabled: true, demo_request_title: '' }, 'demo_request_title', 'Required'],
    [
      { demo_link_enabled: true, custom_demo_cta_link_to: 'linkToNewTab', custom_demo_cta_button_url: null },
      'custom_demo_cta_button_url',
      'Required',
    ],
    [{ custom_demo_cta_button_url: 'not a url' }, 'custom_demo_cta_button_url', 'Please enter a valid URL'],
    [
      { booth_tab_title: 'x'.repeat(51) },
      'booth_tab_title',
      'Ensure this field has no more than 50 characters.',
    ],
    [{ discussion_room_tab_title: ' ' }, 'discussion_room_tab_title', 'This field is required'],
    [
      { tab_descriptions: { speakers: 'x'.repeat(138) } },
      'tab_descriptions.speakers',
      'Ensure this field has no more than 137 characters.',
    ],
    [{ favicon: 'javascript:alert(1)' }, 'favicon', 'Please enter a valid URL'],
    [
      { theme_obj: { font_type: 'Web Font', theme_font_name: '' } },
      'theme_obj.theme_font_name',
      'Font name is required',
    ],
    [
      { theme_obj: { font_type: 'Web Font', theme_font_name: 'Inter' } },
      'theme_obj.theme_font_link',
      'Font URL is required',
    ],
    [
      {
        theme_obj: {
          splash_font_type: 'Web Font',
          splash_theme_font_name: 'Inter',
          splash_theme_font_link: 'fonts/inter.css',
        },
      },
      'theme_obj.splash_theme_font_link',
      'Invalid URL',
    ],
    [{ theme_obj: { font_type: 'Custom' } }, 'theme_obj.theme_font_src', brandingMessages.fontFileRequired],
    [{ theme_obj: { splash_page_hero: '' } }, 'theme_obj.splash_page_hero', brandingMessages.imageRequired],
    [
      { theme_obj: { stage_background: 'url(x)' } },
      'theme_obj.stage_background',
      brandingMessages.invalidBackground,
    ],
    [{ theme_obj: { sidebar_blur: '7px' } }, 'theme_obj.sidebar_blur', brandingMessages.invalidBlur],
    [
      { theme_obj: { custom_cta_button_text: 'x'.repeat(51) } },
      'theme_obj.custom_cta_button_text',
      'Ensure this field has no more than 50 characters.',
    ],
    [
      {
        theme_obj: { custom_cta_enabled: true, custom_cta_link_to: 'custom', custom_cta_button_url: 'nope' },
      },
      'theme_obj.custom_cta_button_url',
      'Please enter a valid URL',
    ],
  ])('refuses %j with 400 on %s, saving nothing', async (body, field, message) => {
    const event = await eventStarting(24 * 60);
    const refused = await api.patch<Refusal>(eventUrl(event.id), {
      ...body,
      logo_url: 'https://cdn.example/kept-out.png',
      title: 'Renamed',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[field]).toEqual([message]);
    const got = await getEvent(event.id);
    expect(got.logo_url).toBeNull();
    expect(got.title).toBe('Launch');
    expect(got.theme_obj).toEqual(DEFAULT_THEME_OBJ);
  });

  it('refuses the on-demand demo link except for conferences', async () => {
    const webinar = await eventStarting(24 * 60, { event_type: 'Webinar' });
    const refused = await api.patch<Refusal>(eventUrl(webinar.id), { on_demand_demo_link_enabled: true });
    expect(refused.body.errors.on_demand_demo_link_enabled).toEqual([brandingMessages.conferenceOnly]);
    const conference = await eventStarting(24 * 60);
    expect((await api.patch(eventUrl(conference.id), { on_demand_demo_link_enabled: true })).status).toBe(
      200,
    );
  });

  it('does not ask a webinar for room or booth titles (those tabs are hidden)', async () => {
    const webinar = await eventStarting(24 * 60, { event_type: 'Webinar' });
    const saved = await api.patch<StudioEventDetail>(eventUrl(webinar.id), {
      discussion_room_tab_title: '',
      show_event_booths: true,
      booth_tab_title: '',
    });
    expect(saved.status).toBe(200);
  });

  it('refills an off demo request’s empty texts with the defaults (002 §4.6)', async () => {
    const event = await eventStarting(24 * 60);
    const saved = await api.patch<StudioEventDetail>(eventUrl(event.id), {
      demo_link_enabled: false,
      demo_request_title: '',
    });
    expect(saved.body.demo_request_title).toBe('Demo request sent!');
    expect(saved.body.theme_obj.demo_request_title).toBe('Demo request sent!');
  });

  it("sets the home's branding step once saved", async () => {
    const fresh = caller(studio, (await newAdmin(studio, 'Fresh Org')).access);
    const event = await newEvent(fresh, { title: 'Plain', start: at(now, 24 * 60), end: at(now, 25 * 60) });
    const brandingStep = async () =>
      (await fresh.get<{ getting_started: { branding: boolean } }>('/api/core/home/')).body.getting_started
        .branding;
    expect(await brandingStep()).toBe(false);
    await fresh.patch(eventUrl(event.id), { theme_obj: { theme_primary_color: '#111' } });
    expect(await brandingStep()).toBe(true);
  });

  it('keeps every field of saves sent at the same time (none lost to another)', async () => {
    const event = await eventStarting(24 * 60);
    for (const round of [1, 2, 3]) {
      const answers = await Promise.all([
        api.patch(eventUrl(event.id), { demo_request_button_text: `Book ${round}` }),
        api.patch(eventUrl(event.id), { demo_request_title: `Booked ${round}` }),
        api.patch(eventUrl(event.id), { theme_obj: { theme_font_name: `Inter ${round}` } }),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect(await getEvent(event.id)).toMatchObject({
        demo_request_button_text: `Book ${round}`,
        demo_request_title: `Booked ${round}`,
        theme_obj: { theme_font_name: `Inter ${round}` },
      });
    }
  });

  it('answers the tracking snippet saved through its own path', async () => {
    const event = await eventStarting(24 * 60);
    const script = '<script>\nwindow.pixel = 1;\n</script>';
    const saved = await api.post(`/api/event/${event.id}/tracking_snippet/`, { body_section_script: script });
    expect(saved.status).toBe(200);
    expect((await getEvent(event.id)).splash_tracking_pixel_snippet).toEqual({ body_section_script: script });
  });
});

describe('locks (002 §5.4), on the server’s clock', () => {
  const lockedMessage = 'This setting cannot be changed less than one hour before the start of the event';

  it.each([
    [{ disable_enter_event_button: false }, 'disable_enter_event_button'],
    [{ theme_obj: { custom_cta_enabled: true } }, 'theme_obj.custom_cta_enabled'],
  ])('refuses %j for an event starting in 30 minutes', async (body, field) => {
    const event = await eventStarting(30);
    const refused = await api.patch<Refusal>(eventUrl(event.id), {
      ...body,
      logo_url: 'https://cdn.example/l.png',
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'BRANDING_LOCKED', message: lockedMessage });
    expect(refused.body.errors[field]).toEqual([lockedMessage]);
    expect((await getEvent(event.id)).logo_url).toBeNull();
  });

  it('lets other fields and unchanged locked values through, and unlocks at 60 minutes', async () => {
    const soon = await eventStarting(59);
    const unchanged = await api.patch(eventUrl(soon.id), {
      disable_enter_event_button: true,
      theme_obj: { custom_cta_enabled: false, primary_text_color: '#000' },
    });
    expect(unchanged.status).toBe(200);
    const started = await eventStarting(-10);
    expect((await api.patch(eventUrl(started.id), { disable_enter_event_button: false })).status).toBe(400);
    const later = await eventStarting(60);
    const changed = await api.patch<StudioEventDetail>(eventUrl(later.id), {
      disable_enter_event_button: false,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.disable_enter_event_button).toBe(false);
  });

  it('locks the filler slide (kept in its own column) like the settings in the branding documents', async () => {
    const slideId = await storedFillerSlide(studio, admin.organization.id, 'GENERATED', 'Intermission');
    const event = await eventStarting(90);
    expect((await api.patch(eventUrl(event.id), { filler_slide: slideId })).status).toBe(200);
    await studio.database.db
      .updateTable('events')
      .set({ start_time: at(now, 30) })
      .where('id', '=', event.id)
      .execute();
    expect((await api.patch(eventUrl(event.id), { filler_slide: slideId })).status).toBe(200);
    const removed = await api.patch<Refusal>(eventUrl(event.id), { filler_slide: null });
    expect(removed.status).toBe(400);
    expect(removed.body.errors['filler_slide']).toEqual([lockedMessage]);
    expect((await getEvent(event.id)).filler_slide).toBe(slideId);
  });

  it('never locks a template', async () => {
    const template = (await api.post<StudioTemplateDetail>('/api/event/studio-templates/', { title: 'Kit' }))
      .body;
    const saved = await api.patch<StudioTemplateDetail>(templateUrl(template.id), {
      disable_enter_event_button: false,
      theme_obj: { custom_cta_enabled: true },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      disable_enter_event_button: false,
      theme_obj: { custom_cta_enabled: true },
    });
  });
});

describe('a Brand Editor (branding:update only)', () => {
  it('changes branding, and a PATCH mixing other fields is refused with an error on each', async () => {
    const event = await eventStarting(24 * 60);
    const editor = caller(studio, (await newMember(studio, admin.organization.id, 'BRAND_EDITOR')).access);
    const saved = await editor.patch<StudioEventDetail>(eventUrl(event.id), {
      theme_obj: { theme_primary_color: '#abc' },
      favicon: 'https://cdn.example/favicon.png',
    });
    expect(saved.status).toBe(200);
    const mixed = await editor.patch<Refusal>(eventUrl(event.id), {
      favicon: null,
      title: 'Mine now',
      description: 'x',
    });
    expect(mixed.status).toBe(403);
    expect(mixed.body.errors).toEqual({
      title: [brandingMessages.brandingOnly],
      description: [brandingMessages.brandingOnly],
    });
    const got = await getEvent(event.id);
    expect(got).toMatchObject({ title: 'Launch', favicon: 'https://cdn.example/favicon.png' });
  });
});

describe('copies carry branding', () => {
  it('event → template → event, template duplicate and event duplicate', async () => {
    const source = await eventStarting(24 * 60);
    // The event app's settings (Enter Event Experience, Stage Navigation) are branding fields too.
    const eventApp = {
      disable_enter_event_button: false,
      show_onboarding: true,
      speaker_tab_title: 'Voices',
    };
    await api.patch(eventUrl(source.id), {
      logo_url: 'https://cdn.example/brand.png',
      ...eventApp,
      theme_obj: { theme_primary_color: '#123456', logos: ['https://cdn.example/a.png'] },
    });
    const branded = {
      logo_url: 'https://cdn.example/brand.png',
      ...eventApp,
      theme_obj: { theme_primary_color: '#123456' },
    };

    const template = await api.post<StudioTemplateDetail>('/api/event/studio-templates/create_from_event/', {
      event: source.id,
    });
    expect(template.status).toBe(201);
    expect((await api.get<StudioTemplateDetail>(templateUrl(template.body.id))).body).toMatchObject(branded);

    const copy = await api.post<StudioTemplateDetail>(`${templateUrl(template.body.id)}duplicate/`, {});
    expect((await api.get<StudioTemplateDetail>(templateUrl(copy.body.id))).body).toMatchObject(branded);

    const made = await api.post<{ id: string }>(`${templateUrl(template.body.id)}create_event/`, {
      title: 'From the template',
      start_time: at(now, 3 * 24 * 60).toISOString(),
    });
    expect(made.status).toBe(201);
    expect(await getEvent(made.body.id)).toMatchObject(branded);

    const duplicate = await duplicatedEvent(api, source.id);
    expect(await getEvent(duplicate)).toMatchObject(branded);
  });
});

describe('the brand kit', () => {
  it('answers the defaults, is saved with the same rules, and seeds new events and templates', async () => {
    const other = await newAdmin(studio, 'Other Org');
    const otherApi = caller(studio, other.access);
    const empty = await otherApi.get<BrandKit>(kitUrl(other.organization.id));
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({
      organization: other.organization.id,
      updated_at: null,
      theme_obj: DEFAULT_THEME_OBJ,
    });

    const refused = await otherApi.put<Refusal>(kitUrl(other.organization.id), {
      theme_obj: { font_type: 'Web Font', theme_font_name: 'Inter', theme_font_link: 'ftp://x' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors['theme_obj.theme_font_link']).toEqual(['Invalid URL']);

    const kit = await otherApi.put<BrandKit>(kitUrl(other.organization.id), {
      theme_secondary_color: '#ff0000',
      disable_enter_event_button: false,
      theme_obj: { theme_primary_color: '#00ff00', custom_cta_enabled: true },
    });
    expect(kit.status).toBe(200);
    expect(kit.body).toMatchObject({
      theme_secondary_color: '#ff0000',
      theme_obj: { theme_primary_color: '#00ff00' },
    });
    expect(kit.body.updated_at).not.toBeNull();

    const event = await newEvent(otherApi, {
      title: 'Seeded',
      start: at(now, 24 * 60),
      end: at(now, 25 * 60),
    });
    const seeded = (await otherApi.get<StudioEventDetail>(eventUrl(event.id))).body;
    expect(seeded).toMatchObject({
      theme_secondary_color: '#ff0000',
      theme_obj: { theme_primary_color: '#00ff00' },
    });
    const template = (
      await otherApi.post<StudioTemplateDetail>('/api/event/studio-templates/', { title: 'T' })
    ).body;
    expect((await otherApi.get<StudioTemplateDetail>(templateUrl(template.id))).body).toMatchObject({
      theme_secondary_color: '#ff0000',
    });

    // Another organisation's kit is not found; the victim's stays as it was.
    expect((await api.get(kitUrl(other.organization.id))).status).toBe(404);
    expect((await api.put(kitUrl(other.organization.id), { theme_secondary_color: '#000' })).status).toBe(
      404,
    );
    expect((await otherApi.get<BrandKit>(kitUrl(other.organization.id))).body.theme_secondary_color).toBe(
      '#ff0000',
    );
  });

  it('applies to an existing event, leaving locked settings as they are within the hour', async () => {
    // Made before the kit changes (new events start from the kit).
    const soon = await eventStarting(30);
    await api.put(kitUrl(admin.organization.id), {
      logo_url: 'https://cdn.example/kit-logo.png',
      disable_enter_event_button: false,
      theme_obj: { custom_cta_enabled: true, theme_primary_color: '#0000ff' },
    });
    const later = await eventStarting(24 * 60);
    const applied = await api.post<StudioEventDetail>(`/api/event/${later.id}/apply_brand_kit/`);
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({
      logo_url: 'https://cdn.example/kit-logo.png',
      disable_enter_event_button: false,
      theme_obj: { custom_cta_enabled: true, theme_primary_color: '#0000ff' },
    });

    const lockedApplied = await api.post<StudioEventDetail>(`/api/event/${soon.id}/apply_brand_kit/`);
    expect(lockedApplied.status).toBe(200);
    expect(lockedApplied.body).toMatchObject({
      logo_url: 'https://cdn.example/kit-logo.png',
      disable_enter_event_button: true,
      theme_obj: { custom_cta_enabled: false, theme_primary_color: '#0000ff' },
    });

    const stranger = caller(studio, (await newAdmin(studio, 'Stranger')).access);
    expect((await stranger.post(`/api/event/${later.id}/apply_brand_kit/`)).status).toBe(404);
  });

  it('keeps every field of saves sent at the same time, the first one too (none lost to another)', async () => {
    const owner = await newAdmin(studio, 'Concurrent Kit Org');
    const kitApi = caller(studio, owner.access);
    for (const round of [1, 2, 3]) {
      const answers = await Promise.all([
        kitApi.put(kitUrl(owner.organization.id), { demo_request_button_text: `Book ${round}` }),
        kitApi.put(kitUrl(owner.organization.id), { demo_request_title: `Booked ${round}` }),
        kitApi.put(kitUrl(owner.organization.id), { theme_obj: { theme_font_name: `Inter ${round}` } }),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect((await kitApi.get<BrandKit>(kitUrl(owner.organization.id))).body).toMatchObject({
        demo_request_button_text: `Book ${round}`,
        demo_request_title: `Booked ${round}`,
        theme_obj: { theme_font_name: `Inter ${round}` },
      });
    }
  });

  it('is written with branding:update only', async () => {
    const editor = caller(studio, (await newMember(studio, admin.organization.id, 'EVENT_EDITOR')).access);
    expect((await editor.put(kitUrl(admin.organization.id), { theme_secondary_color: '#000' })).status).toBe(
      403,
    );
    const brandEditor = caller(
      studio,
      (await newMember(studio, admin.organization.id, 'BRAND_EDITOR')).access,
    );
    expect(
      (await brandEditor.put(kitUrl(admin.organization.id), { theme_secondary_color: '#000' })).status,
    ).toBe(200);
  });
});
