import type { BrandKit, FillerSlide } from '@studio/domain';
import { DEMO_BRAND_KIT, DEMO_BRANDED_EVENT, DEMO_FILLER_SLIDE } from './demo-content.ts';
import { backdrop, banner, logo, uploadPng } from './demo-images.ts';
import type { StudioClient } from './studio-client.ts';

const FILLER_SLIDES = '/api/core/filler-slide-library/';
const FINISHED = ['GENERATED', 'FAILED'];

/** The organisation's brand kit with its logo (issue 18 §7), saved as the Brand Kit page saves it. */
export async function addDemoBrandKit(api: StudioClient, organizationId: string): Promise<BrandKit> {
  const picture = await logo(DEMO_BRAND_KIT.logoText, DEMO_BRAND_KIT.colours);
  const { content_url } = await uploadPng(api, 'organization/northwind-logo.png', picture, 'logo');
  return api.replace<BrandKit>(`/api/core/organization/${organizationId}/brand_kit/`, {
    ...DEMO_BRAND_KIT.branding,
    logo_url: content_url,
  });
}

/**
 * Draws the filler slide's 16:9 image, uploads it and adds it to the filler slide library, which
 * queues the job that makes it a video; `waitForFillerSlide` waits for that job.
 */
export async function createDemoFillerSlide(api: StudioClient, organizationId: string): Promise<FillerSlide> {
  const { headline, subline, file_name } = DEMO_FILLER_SLIDE;
  const picture = await banner({ width: 1920, height: 1080 }, DEMO_BRANDED_EVENT.colours, headline, subline);
  const { key } = await uploadPng(api, 'organization/filler-right-back.png', picture, 'fillerSlide');
  return api.post<FillerSlide>(FILLER_SLIDES, {
    file_name,
    organization: organizationId,
    broadcast_filler_image_s3_path: key,
    workspace: null,
  });
}

/**
 * Polls the slide until its video is made (GENERATED) or the job gave up (FAILED), printing each
 * change with the time since the slide was added (its job ran while the videos were processed).
 */
export async function waitForFillerSlide(
  api: StudioClient,
  slide: FillerSlide,
  options: { timeoutMs: number; report: (line: string) => void },
): Promise<FillerSlide> {
  const started = Date.now();
  let seen: string | undefined;
  for (;;) {
    const current = await api.get<FillerSlide>(`${FILLER_SLIDES}${slide.id}/`);
    if (current.broadcast_filler_state !== seen) {
      seen = current.broadcast_filler_state;
      const elapsed = ((Date.parse(current.updated_at) - Date.parse(current.created_at)) / 1000).toFixed(1);
      options.report(`  filler slide "${current.file_name}": ${current.status} after ${elapsed} s`);
    }
    if (FINISHED.includes(current.broadcast_filler_state)) return current;
    if (Date.now() - started > options.timeoutMs) {
      throw new Error(`the filler slide was not made a video within ${options.timeoutMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Brands the demo event beyond the kit in one PATCH, as Look and Feel saves it: its colours, a
 * hero background and a logo uploaded to the event, the name card, tab titles, early entry, the
 * custom stage call to action and (when its video was made) the filler slide.
 */
export async function brandDemoEvent(
  api: StudioClient,
  eventId: string,
  fillerSlide: FillerSlide,
): Promise<string> {
  const { title, colours, branding } = DEMO_BRANDED_EVENT;
  const hero = await backdrop({ width: 1600, height: 900 }, colours);
  const heroUrl = (await uploadPng(api, `events/${eventId}/hero.png`, hero, 'wide')).content_url;
  const eventLogo = await logo(title, colours);
  const logoUrl = (await uploadPng(api, `events/${eventId}/logo.png`, eventLogo, 'logo')).content_url;
  const generated = fillerSlide.broadcast_filler_state === 'GENERATED';
  await api.patch(`/api/event/${eventId}/`, {
    ...branding,
    logo_url: logoUrl,
    theme_obj: { ...branding.theme_obj, splash_page_hero: heroUrl },
    ...(generated ? { filler_slide: fillerSlide.id } : {}),
  });
  return `its own colours, hero and logo, a name card, tab titles, early entry, a custom stage call to action${generated ? ` and the filler slide "${fillerSlide.file_name}"` : ' (no filler slide: its video was not made)'}`;
}
