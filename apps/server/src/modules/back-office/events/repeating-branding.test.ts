import { sql } from 'kysely';
import type { Series, StudioEventDetail } from '@studio/domain';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../../../test/harness.ts';
import { storedFillerSlide } from '../../filler-slides/filler-slides.fixtures.ts';
import { fileStudioWithAdmin } from '../../../../test/file-studio.ts';
import { dailyOccurrencesMadeAWeekAgo, occurrencesOf } from '../back-office.fixtures.ts';

/**
 * Issue 18: a repeating event's branding is its first not-started occurrence's; new occurrences
 * start from the brand kit, and the later ones follow the holder's branding, theme and filler slide.
 */
// Role all: this studio runs the series copies itself.
const { studio, admin, api } = fileStudioWithAdmin('Repeating Brand Org', { role: 'all' });
const KIT_LOGO = 'https://cdn.example/kit-logo.png';

const eventUrl = (id: string) => `/api/event/${id}/`;
const getEvent = async (id: string) => (await api.get<StudioEventDetail>(eventUrl(id))).body;

/** The programme copies enqueued for the repeating event (pg-boss jobs). */
const syncJobsOf = async (seriesId: string) =>
  (
    await sql<{ count: number }>`select count(*)::int as count from pgboss.job
      where name = 'series.sync-programme' and data->>'seriesId' = ${seriesId}`.execute(studio.database.db)
  ).rows[0]!.count;

describe('a repeating event’s branding', () => {
  it('starts from the brand kit and follows the occurrence that holds it; started occurrences keep theirs', async () => {
    const kit = await api.put(`/api/core/organization/${admin.organization.id}/brand_kit/`, {
      logo_url: KIT_LOGO,
      theme_obj: { theme_primary_color: '#00ff00' },
    });
    expect(kit.status).toBe(200);

    const { seriesId, occurrences, day, rule, occurrenceOn } = await dailyOccurrencesMadeAWeekAgo(
      api,
      'Daily briefing',
      3,
    );
    expect(occurrences).toHaveLength(6);
    for (const occurrence of occurrences)
      expect(await getEvent(occurrence.id)).toMatchObject({
        logo_url: KIT_LOGO,
        theme_obj: { theme_primary_color: '#00ff00' },
      });
    const yesterday = occurrenceOn(-1);
    const tomorrow = occurrenceOn(1);
    const inTwoDays = occurrenceOn(2);
    const inThreeDays = occurrenceOn(3);
    expect((await api.get<Series>(`/api/event/series/${seriesId}/`)).body.programme_event).toBe(tomorrow.id);

    // A PATCH without branding copies nothing.
    const jobsBefore = await syncJobsOf(seriesId);
    expect((await api.patch(eventUrl(tomorrow.id), { title: 'Morning briefing' })).status).toBe(200);
    expect(await syncJobsOf(seriesId)).toBe(jobsBefore);

    const slideId = await storedFillerSlide(studio, admin.organization.id, 'GENERATED', 'Intermission');
    const patched = await api.patch(eventUrl(tomorrow.id), {
      logo_url: 'https://cdn.example/briefing-logo.png',
      filler_slide: slideId,
      theme_obj: { theme_primary_color: '#123456' },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(await syncJobsOf(seriesId)).toBe(jobsBefore + 1);
    for (const occurrence of [inTwoDays, inThreeDays])
      await eventually(async () =>
        expect(await getEvent(occurrence.id)).toMatchObject({
          title: 'Daily briefing',
          logo_url: 'https://cdn.example/briefing-logo.png',
          filler_slide: slideId,
          theme_obj: { theme_primary_color: '#123456' },
        }),
      );
    expect(await getEvent(yesterday.id)).toMatchObject({
      logo_url: KIT_LOGO,
      filler_slide: null,
      theme_obj: { theme_primary_color: '#00ff00' },
    });

    // An occurrence the rule adds later wears the holder's branding too.
    expect((await api.patch(`/api/event/series/${seriesId}/`, { recurrence: rule(4) })).status).toBe(200);
    const added = (await occurrencesOf(api, seriesId)).at(-1)!;
    expect(added.start_time.slice(0, 10)).toBe(day(4));
    await eventually(async () =>
      expect(await getEvent(added.id)).toMatchObject({ logo_url: 'https://cdn.example/briefing-logo.png' }),
    );

    // Applying the kit to the holder reaches the later occurrences as well.
    expect((await api.post(`/api/event/${tomorrow.id}/apply_brand_kit/`)).status).toBe(200);
    await eventually(async () =>
      expect(await getEvent(inThreeDays.id)).toMatchObject({
        logo_url: KIT_LOGO,
        theme_obj: { theme_primary_color: '#00ff00' },
      }),
    );
  });
});
