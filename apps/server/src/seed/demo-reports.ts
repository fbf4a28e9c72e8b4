import { randomUUID } from 'node:crypto';
import {
  analyticsBeaconPath,
  HEARTBEAT_SECONDS,
  onDemandWatchPath,
  registrationViewPath,
  reportsPaths,
  type EventMember,
  type Page,
  type SavedReport,
  type SavedReportRequest,
  type StudioEvent,
  type StudioUsageEvent,
  type TrackedActionInput,
  type VideoAsset,
} from '@studio/domain';
import type { FastifyInstance } from 'fastify';
import { sendBeacon } from '../modules/analytics/browser-beacon.ts';
import type { OperatorFlags } from '../modules/organizations/operator-flags.ts';
import type { StudioClient } from './studio-client.ts';
import { enterEventApp } from './demo-event-app.ts';

/** The demo's saved custom report (issue 35 §4): the events' figures, by event. */
export const DEMO_SAVED_REPORT: SavedReportRequest = {
  name: 'Events at a glance',
  metrics: ['registrations', 'attendees', 'participants', 'demo_requests'],
  dimension: 'event',
  filters: {},
};

/**
 * A no-tier organisation has custom reporting only with its flag: switched on as an operator
 * would (`npm run admin -- flags <id> set isNoTierCustomReportingEnabled on`), then a report saved.
 */
export async function addDemoReports(
  api: StudioClient,
  flags: OperatorFlags,
  organizationId: string,
): Promise<string> {
  await flags.setFlag(organizationId, 'isNoTierCustomReportingEnabled', true);
  const saved = await api.post<SavedReport>(reportsPaths.saved, { ...DEMO_SAVED_REPORT });
  return `the saved custom report "${saved.name}"`;
}

/** The cost the organiser entered for each demo event (the ROI report), by title. */
export const DEMO_EVENT_COSTS: Record<string, number> = {
  'All-Hands Live Q&A': 6_000,
  'Northwind Summit': 48_000,
};
/** The event live now whose attendance the demo replays (its app is open), and how many attend. */
export const DEMO_ATTENDED_EVENT = 'All-Hands Live Q&A';
export const DEMO_ATTENDING = 30;

/** Enters the costs of the events named in DEMO_EVENT_COSTS, as an organiser does on the ROI report. */
export async function enterDemoCosts(
  api: StudioClient,
  events: ReadonlyMap<string, string>,
): Promise<string> {
  for (const [title, cost] of Object.entries(DEMO_EVENT_COSTS))
    await api.put(
      reportsPaths.eventCost(events.get(title)!),
      Buffer.from(JSON.stringify({ cost })),
      'application/json',
    );
  return `costs entered for ${Object.keys(DEMO_EVENT_COSTS).join(' and ')}`;
}

/**
 * Attendance replayed as attendees act (issue 35: not written into tables): people register, each
 * enters the event app by their magic link, and the app's beacon carries what they did — the
 * stage visited, minutes watched in its session, a demo requested now and then.
 */
export async function replayDemoAttendance(
  api: StudioClient,
  attendeeSite: FastifyInstance,
  eventId: string,
  sessionId: string,
): Promise<string> {
  for (let n = 0; n < DEMO_ATTENDING; n++)
    await api.publicPost(
      `/api/event/${eventId}/register/`,
      {
        first_name: 'Viewer',
        last_name: `No. ${n + 1}`,
        email: `viewer.${n + 1}@example.com`,
        company: 'Northwind Traders',
        privacy_policy: true,
      },
      `203.0.113.${n + 1}`,
    );
  const registrants = await api.get<Page<EventMember>>(
    `/api/event/event-members/?event=${eventId}&ordering=registered_at&limit=${DEMO_ATTENDING}`,
  );
  let demoRequests = 0;
  for (const [n, member] of registrants.results.entries()) {
    const { cookie } = await enterEventApp(api, attendeeSite, eventId, member.user);
    const actions: TrackedActionInput[] = [
      { action: 'stage_visit' },
      ...Array.from({ length: 2 + (n % 5) }, () => ({
        action: 'watched' as const,
        // The player knows its session: the Sessions tab counts what the Summary does.
        target: sessionId,
        mode: 'live' as const,
        seconds: 30,
      })),
    ];
    if (n % 4 === 0) {
      actions.push({ action: 'cta_click', cta: 'demo_request' });
      demoRequests++;
    }
    await replayBeacon(attendeeSite, analyticsBeaconPath(eventId), { actions }, cookie);
  }
  return `${registrants.results.length} registrants attending in its app (their beacons replayed), ${demoRequests} demo requests`;
}

/** A beacon as the page's browser sends it; the seed stops on any answer but 204. */
async function replayBeacon(attendeeSite: FastifyInstance, url: string, body: object, cookie?: string) {
  const sent = await sendBeacon(attendeeSite, url, body, { cookie });
  if (sent.statusCode !== 204)
    throw new Error(`The demo beacon to ${url} answered ${sent.statusCode}: ${sent.body}`);
}

type DemoVisits = readonly {
  visitors: number;
  utm: Partial<Record<'utm_source' | 'utm_medium' | 'utm_campaign', string>>;
}[];
/**
 * Where the visitors of the summit's registration page came from (its UTM parameters), and how
 * many from each; the last came straight to it.
 */
export const DEMO_REGISTRATION_VISITS: DemoVisits = [
  { visitors: 80, utm: { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'summit-launch' } },
  { visitors: 45, utm: { utm_source: 'linkedin', utm_medium: 'social', utm_campaign: 'summit-launch' } },
  { visitors: 35, utm: {} },
];
/** The live All-Hands' page: the intranet's invitation, followed by more than those who registered. */
export const DEMO_ALL_HANDS_VISITS: DemoVisits = [
  { visitors: 36, utm: { utm_source: 'intranet', utm_medium: 'internal', utm_campaign: 'all-hands' } },
];
/** Every how many visitors one comes back to the page a second time. */
const DEMO_RETURNING_VISITOR = 5;

/**
 * The registration page's views replayed as its visitors' browsers report them (issue 35 §1: not
 * written into tables), each with the tab's visitor id and the campaign of the link followed.
 */
export async function replayDemoRegistrationViews(
  attendeeSite: FastifyInstance,
  eventId: string,
  visits: DemoVisits,
) {
  let views = 0;
  for (const { visitors, utm } of visits)
    for (let n = 0; n < visitors; n++) {
      const visitor = randomUUID();
      for (let visit = n % DEMO_RETURNING_VISITOR === 0 ? 2 : 1; visit > 0; visit--) {
        await replayBeacon(attendeeSite, registrationViewPath(eventId), { visitor, ...utm });
        views++;
      }
    }
  const visitors = visits.reduce((sum, source) => sum + source.visitors, 0);
  return `${views} views of its registration page by ${visitors} visitors (their beacons replayed)`;
}

/** The past event whose recording the demo's visitors watched on its public on-demand page, and how many. */
export const DEMO_WATCHED_EVENT = 'Spring Product Launch';
export const DEMO_ON_DEMAND_VISITORS = 40;

/**
 * Its programme: a pre-recorded launch keynote in its first hour playing the keynote recording,
 * which its public on-demand page then plays.
 */
export async function addDemoWatchedKeynote(api: StudioClient, eventId: string, keynote: VideoAsset) {
  const event = await api.get<StudioEvent>(`/api/event/${eventId}/`);
  await api.post('/api/event/broadcasts/', {
    event: eventId,
    title: 'Launch keynote',
    broadcast_type: 'SIMULIVE',
    video_assets: [keynote.id],
    start_time: event.start_time,
    end_time: new Date(Date.parse(event.start_time) + 60 * 60_000).toISOString(),
  });
  return `a pre-recorded launch keynote playing "${keynote.name}", which its on-demand page plays`;
}

/**
 * On-demand viewing replayed as visitors act (issue 35: not written into tables): each plays the
 * past event's recording on its public on-demand page for a minute to five, and the page's player
 * sends its heartbeats with the tab's visitor id, as a browser does.
 */
export async function replayDemoOnDemandViewing(
  attendeeSite: FastifyInstance,
  eventId: string,
): Promise<string> {
  let heartbeats = 0;
  for (let n = 0; n < DEMO_ON_DEMAND_VISITORS; n++) {
    const visitor = `demo-visitor-${String(n + 1).padStart(3, '0')}`;
    for (let beat = 0; beat < 2 + (n % 9); beat++) {
      await replayBeacon(attendeeSite, onDemandWatchPath(eventId), { visitor, seconds: HEARTBEAT_SECONDS });
      heartbeats++;
    }
  }
  const minutes = (heartbeats * HEARTBEAT_SECONDS) / 60;
  return `${DEMO_ON_DEMAND_VISITORS} visitors who watched its recording on its on-demand page (their beacons replayed, ${minutes} minutes)`;
}

/**
 * The organiser's sign-in and first clicks in the studio's own usage analytics (002 §7.11), as the
 * studio's page sends them: the operator reads them with `npm run admin -- usage`.
 */
export async function addDemoStudioUsage(api: StudioClient): Promise<string> {
  const events: StudioUsageEvent[] = [
    {
      event: 'studioLoginLogout',
      device_type: 'desktop',
      action: 'login',
      is_success: true,
      login_method: 'password',
    },
    { event: 'link_click', button_name: 'Events' },
    { event: 'button_click', button_name: 'Create Event' },
    { event: 'link_click', button_name: 'Analytics' },
  ];
  await api.post('/api/core/track/', { session_id: randomUUID(), events });
  return `${events.length} tracked studio actions (npm run admin -- usage)`;
}
