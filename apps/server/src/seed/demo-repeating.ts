import {
  pageApiPath,
  seriesRegisterPath,
  WEEKDAYS,
  type Page,
  type PageDocument,
  type RecurrenceRuleInput,
  type Series,
  type StudioEvent,
  type VideoAsset,
} from '@studio/domain';
import type { DatabaseHandle } from '../platform/db/database.ts';
import { createBrandKitsRepository } from '../modules/branding/brand-kits.repository.ts';
import { createBrandingService } from '../modules/branding/branding.service.ts';
import { createEventsRepository } from '../modules/back-office/events/events.repository.ts';
import { createOccurrences } from '../modules/back-office/events/occurrences.ts';
import { pagesReadModel } from '../modules/pages/pages.read-model.ts';
import { registrationReadModel } from '../modules/registration/registration.read-model.ts';
import type { StudioClient } from './studio-client.ts';

const DAY_MS = 24 * 60 * 60_000;

/**
 * The demo's repeating event (spec 001 §2.3): a weekly webinar whose rule began ten days before the
 * seed, so two occurrences are past and three to come, and its on-demand page, which every
 * occurrence's on-demand page shows (`REPEATING_EVENT_PAGE_KINDS`).
 */
export const DEMO_REPEATING_EVENT = {
  name: 'Product Office Hours',
  description: 'Bring your questions about the studio: a product specialist answers them live, every week.',
  event_type: 'Webinar',
  host_type: 'Virtual',
  tag: 'Product',
  /** Weekly from this many days before the seed's day, `count` times. */
  startedDaysAgo: 10,
  count: 5,
  start_time: '16:00',
  duration_minutes: 45,
  timezone: 'Europe/London',
  /** The last past occurrence's programme: a pre-recorded walkthrough, its recording. */
  recordedSession: 'Spring launch walkthrough',
  /** Words of its on-demand page (the tests find them on an occurrence's page). */
  page: {
    subtitle: 'Every week’s questions and answers, on demand',
    intro:
      'Each week a product specialist answers your questions about running events in the studio. Missed one? Watch it here.',
    cta: 'Join the next office hours',
  },
} as const;

/** The rule as the organiser sets it: weekly on the weekday it began, in London. */
export function demoRepeatingRule(now: number): RecurrenceRuleInput {
  const first = new Date(now - DEMO_REPEATING_EVENT.startedDaysAgo * DAY_MS);
  return {
    frequency: 'weekly',
    weekdays: [WEEKDAYS[(first.getUTCDay() + 6) % 7]!],
    start_date: first.toISOString().slice(0, 10),
    start_time: DEMO_REPEATING_EVENT.start_time,
    duration_minutes: DEMO_REPEATING_EVENT.duration_minutes,
    timezone: DEMO_REPEATING_EVENT.timezone,
    count: DEMO_REPEATING_EVENT.count,
  };
}

/** Its on-demand page: the occurrence's title and recording, a few words, the way to the next one. */
function onDemandPage(seriesId: string): PageDocument {
  const { page } = DEMO_REPEATING_EVENT;
  return {
    content: [
      { type: 'Hero', props: { id: 'hero', title: '', subtitle: page.subtitle, imageUrl: '' } },
      { type: 'Video', props: { id: 'recording', videoId: '', title: 'Recording' } },
      { type: 'RichText', props: { id: 'intro', html: `<p>${page.intro}</p>` } },
      {
        type: 'CallToAction',
        props: { id: 'next', kind: 'custom', label: page.cta, url: seriesRegisterPath(seriesId) },
      },
      { type: 'Footer', props: { id: 'footer', text: 'Northwind Events', links: [] } },
    ],
    root: { props: { title: '', description: '', image: '' } },
  };
}

/**
 * Creates the repeating event through the API, which makes its occurrences still to come. The two
 * before the seed are made by the studio's own rule (`occurrences.sync`) at a moment before the
 * first, as when the organiser set it up ten days ago: the API never makes past occurrences. The
 * latest past one gets a pre-recorded session playing `recording`, which its on-demand page plays.
 */
export async function addDemoRepeatingEvent(
  api: StudioClient,
  database: DatabaseHandle,
  demo: { organizationId: string; userId: string; tagId: string; now: number },
  recording: VideoAsset | undefined,
): Promise<string> {
  const { name, description, event_type, host_type } = DEMO_REPEATING_EVENT;
  const recurrence = demoRepeatingRule(demo.now);
  const series = await api.post<Series>('/api/event/series/', {
    name,
    description,
    event_type,
    host_type,
    organization: demo.organizationId,
    tags: [demo.tagId],
    recurrence,
  });
  const rule = series.recurrence!;
  const branding = createBrandingService({
    kits: createBrandKitsRepository(database.db),
    clock: () => new Date(),
  });
  const occurrences = createOccurrences({
    events: createEventsRepository(database.db, {
      registrationPageOf: (eventId) => pagesReadModel.registrationPageOf('event', eventId),
      registrantCountsOf: (eventId) => registrationReadModel.countsOf(eventId),
    }),
    branding,
    calendar: {
      ready: () => Promise.resolve(),
      deleting: () => Promise.reject(new Error('The rule’s first run removes no occurrence')),
      deleted: () => undefined,
    },
  });
  const beforeFirst = new Date(Date.parse(`${rule.start_date}T00:00:00Z`) - DAY_MS);
  await database.db.transaction().execute((tx) =>
    occurrences.sync(
      {
        id: series.id,
        organization_id: demo.organizationId,
        workspace_id: null,
        name: series.name,
        event_type: series.event_type,
        host_type: series.host_type,
        location: series.location,
        recurrence: rule,
        excluded_occurrences: [],
        created_by: demo.userId,
      },
      beforeFirst,
      tx,
    ),
  );
  const made = await api.get<Page<StudioEvent>>(
    `/api/event/?series=${series.id}&ordering=start_time&limit=${DEMO_REPEATING_EVENT.count}`,
  );
  const past = made.results.filter((event) => Date.parse(event.end_time) <= demo.now);
  const latestPast = past.at(-1);
  if (recording && latestPast)
    await api.post('/api/event/broadcasts/', {
      event: latestPast.id,
      title: DEMO_REPEATING_EVENT.recordedSession,
      broadcast_type: 'SIMULIVE',
      video_assets: [recording.id],
      start_time: latestPast.start_time,
      end_time: latestPast.end_time,
    });
  await api.replace(pageApiPath('series', series.id, 'on_demand'), {
    builder_raw_json: onDemandPage(series.id),
  });
  const recorded = recording && latestPast ? `, the last one recorded ("${recording.name}")` : '';
  return `the repeating event "${name}": ${made.count} weekly occurrences, ${past.length} past${recorded}, and its on-demand page, which every occurrence shows`;
}
