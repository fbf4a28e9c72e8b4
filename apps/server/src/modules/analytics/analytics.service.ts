import {
  ANALYTICS_CTA_KINDS,
  ANALYTICS_CTA_LABELS,
  analyticsMessages,
  becomesAttendedInApp,
  EMAIL_DELIVERY_STATUS_LABELS,
  EMAIL_DELIVERY_STATUSES,
  fromNotAfterTo,
  startAfterEndMessage,
  isAttendance,
  isBotUserAgent,
  trackedActivity,
  type EmailDeliveryStatus,
  type EventUserStatus,
  type AnalyticsBeacon,
  type AnalyticsReport,
  type AnalyticsReportQuery,
  type AnalyticsRow,
  type AnalyticsTab,
  type OnDemandWatch,
  type ParticipationAction,
  type RegistrationPageView,
  type ViewersNow,
} from '@studio/domain';
import type { Activities } from '../../platform/activities.ts';
import { fieldError } from '../../platform/http/errors.ts';
import type { AnalyticsRepository, DayRange, EventScope, NewAnalyticsEvent } from './analytics.repository.ts';

/** The event as analytics reads it (the back office's programme event). */
export interface AnalyticsEvent {
  id: string;
  organizationId: string;
  timezone: string;
  created_at: Date;
  start_time: Date;
  end_time: Date;
}

/** Email delivery counts of an event, from the email module's delivery log. */
export interface EmailFigures {
  counts: Record<EmailDeliveryStatus, number>;
  engagement: { opened: number; clicked: number };
  /** Whether the organisation tracks opens and clicks (none are counted otherwise). */
  tracking: boolean;
}

/** What analytics reads through other modules' services (analytics.area.ts wires them). */
export interface AnalyticsDeps {
  analytics: AnalyticsRepository;
  sessionsOf(eventId: string): Promise<{ id: string; title: string }[]>;
  boothsOf(eventId: string): Promise<{ id: string; name: string }[]>;
  roomsOf(eventId: string): Promise<{ id: string; name: string }[]>;
  emailsOf(organizationId: string, eventId: string): Promise<EmailFigures>;
  viewersNow(eventId: string): Promise<{ present: number; perSession: Record<string, number> }>;
  /** A registrant present in the event's app is Attended (the registrations service). */
  attendedInApp(organizationId: string, eventId: string, userId: string): Promise<unknown>;
  /** Joins, booth and discussion room visits and call-to-action clicks, for the organisation's webhooks. */
  activities: () => Activities;
  clock: () => Date;
}

/** A day of an instant in a time zone, as YYYY-MM-DD. */
const min = (a: Date, b: Date) => (a < b ? a : b);
const max = (a: Date, b: Date) => (a > b ? a : b);
const dayIn = (instant: Date, timezone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);

const tenths = (value: number) => Math.round(value * 10) / 10;

/** Named rows for every listed target, those never visited with zeros, busiest first. */
function named<T extends { target_id: string | null }>(
  targets: readonly { id: string; name: string }[],
  rows: readonly T[],
  empty: Omit<T, 'target_id'>,
): AnalyticsRow[] {
  const byTarget = new Map(rows.map((row) => [row.target_id, row]));
  const busiest = Object.keys(empty)[0] ?? '';
  return targets
    .map((target) => {
      const { target_id: _, ...figures } = byTarget.get(target.id) ?? { target_id: null, ...empty };
      return { id: target.id, name: target.name, ...figures };
    })
    .sort(
      (a, b) =>
        Number((b as Record<string, unknown>)[busiest]) - Number((a as Record<string, unknown>)[busiest]),
    );
}

export function createAnalyticsService(deps: AnalyticsDeps) {
  const { analytics } = deps;
  /** One row of an anonymous visitor of the event's public pages; nothing from a bot. */
  const appendVisit = async (
    event: { id: string; organizationId: string },
    userAgent: string | undefined,
    row: Omit<NewAnalyticsEvent, 'organization_id' | 'event_id' | 'occurred_at'>,
  ): Promise<void> => {
    if (isBotUserAgent(userAgent)) return;
    await analytics.append([
      { organization_id: event.organizationId, event_id: event.id, occurred_at: deps.clock(), ...row },
    ]);
  };
  /** A booth or room tab: visits and visitors in all, and per place (those never visited too). */
  const visitTab =
    (table: 'booths' | 'rooms', places: 'boothsOf' | 'roomsOf', kind: 'booth_visit' | 'room_visit') =>
    async (scope: EventScope, range: DayRange) => {
      const [listed, visited, visitors] = await Promise.all([
        deps[places](scope.eventId),
        analytics.visits(scope, range, kind),
        analytics.visitors(scope, range, kind),
      ]);
      return {
        figures: { visits: visited.reduce((sum, row) => sum + row.visits, 0), visitors },
        tables: { [table]: named(listed, visited, { visits: 0, visitors: 0 }) },
      };
    };
  const tabs: Record<
    AnalyticsTab,
    (scope: EventScope, range: DayRange) => Promise<Pick<AnalyticsReport, 'figures' | 'tables' | 'notes'>>
  > = {
    async summary(scope, range) {
      const { figures, daily } = await analytics.attendance(scope, range);
      const { viewers, ...shown } = figures;
      const average = tenths(figures.watch_minutes / (viewers || 1));
      return {
        figures: { ...shown, average_watch_minutes: average },
        tables: { daily },
        notes: [analyticsMessages.attendeesBasis],
      };
    },
    async 'pre-event'(scope, range) {
      const { figures, daily, sources } = await analytics.registrationViews(scope, range);
      return { figures, tables: { daily, sources } };
    },
    async engagement(scope, range) {
      const { figures, daily, ctas } = await analytics.participation(scope, range);
      const cta = ANALYTICS_CTA_KINDS.map((kind) => {
        const row = ctas.find((candidate) => candidate.cta === kind);
        return { name: ANALYTICS_CTA_LABELS[kind], clicks: row?.clicks ?? 0, people: row?.people ?? 0 };
      });
      const demoRequests = cta[ANALYTICS_CTA_KINDS.indexOf('demo_request')]?.people ?? 0;
      return { figures: { ...figures, demo_requests: demoRequests }, tables: { daily, cta } };
    },
    async sessions(scope, range) {
      const [sessions, { rows, viewers }] = await Promise.all([
        deps.sessionsOf(scope.eventId),
        analytics.sessions(scope, range),
      ]);
      const table = named(
        sessions.map((session) => ({ id: session.id, name: session.title })),
        rows.map((row) => ({
          ...row,
          average_minutes: tenths((row.live_minutes + row.on_demand_minutes) / (row.viewers || 1)),
        })),
        { viewers: 0, live_minutes: 0, on_demand_minutes: 0, average_minutes: 0 },
      );
      const minutes = rows.reduce((sum, row) => sum + row.live_minutes + row.on_demand_minutes, 0);
      return {
        figures: { sessions: sessions.length, viewers, watch_minutes: tenths(minutes) },
        tables: { sessions: table },
        notes: [analyticsMessages.sessionsBasis],
      };
    },
    booths: visitTab('booths', 'boothsOf', 'booth_visit'),
    rooms: visitTab('rooms', 'roomsOf', 'room_visit'),
    async emails(scope) {
      const { counts, engagement, tracking } = await deps.emailsOf(scope.organizationId, scope.eventId);
      return {
        figures: { sent: counts.sent ?? 0, failed: counts.failed ?? 0, ...engagement },
        tables: {
          statuses: EMAIL_DELIVERY_STATUSES.map((status) => ({
            name: EMAIL_DELIVERY_STATUS_LABELS[status],
            count: counts[status],
          })),
        },
        notes: tracking ? [] : [analyticsMessages.emailTrackingOff],
      };
    },
  };

  return {
    /**
     * A tab's figures over the days asked: by default from the event's creation (or its start, for
     * an event entered after it happened) to its end, or today.
     */
    async report(
      event: AnalyticsEvent,
      tab: AnalyticsTab,
      query: AnalyticsReportQuery,
    ): Promise<AnalyticsReport> {
      const today = deps.clock();
      const range = {
        timezone: event.timezone,
        from: query.from ?? dayIn(min(event.created_at, event.start_time), event.timezone),
        to: query.to ?? dayIn(max(event.end_time, today), event.timezone),
      };
      // One day given, the other by default: still a start on or before the end.
      if (!fromNotAfterTo(range)) throw fieldError('to', startAfterEndMessage);
      const scope = { organizationId: event.organizationId, eventId: event.id };
      return { tab, ...range, ...(await tabs[tab](scope, range)) };
    },

    /**
     * An admitted person's beacon: one statement, nothing from a bot. A Registered (or No Show)
     * registrant's first presence (the attendance rule) makes them Attended; one already Attended, or never
     * seated, costs nothing more (their status came with the admission).
     */
    async track(
      person: {
        organizationId: string;
        eventId: string;
        userId: string;
        registrationStatus: EventUserStatus | null;
      },
      beacon: AnalyticsBeacon,
      userAgent: string | undefined,
    ): Promise<void> {
      if (isBotUserAgent(userAgent)) return;
      if (
        becomesAttendedInApp(person.registrationStatus) &&
        beacon.actions.some((action) => isAttendance(action.action))
      )
        await deps.attendedInApp(person.organizationId, person.eventId, person.userId);
      const at = deps.clock();
      await analytics.append(
        beacon.actions.map((action) => ({
          organization_id: person.organizationId,
          event_id: person.eventId,
          user_id: person.userId,
          kind: action.action,
          target_id: action.target ?? null,
          seconds: action.action === 'watched' ? (action.seconds ?? 0) : 0,
          mode: action.mode ?? null,
          occurred_at: at,
          cta: action.action === 'cta_click' ? (action.cta ?? 'custom') : null,
        })),
      );
      for (const action of beacon.actions) {
        const activity = trackedActivity(person.userId, action);
        if (activity)
          await deps
            .activities()
            .record({ organizationId: person.organizationId, eventId: person.eventId, ...activity });
      }
    },

    /** A view of the registration page, with its campaign; nothing from a bot. */
    viewed: (
      event: { id: string; organizationId: string },
      view: RegistrationPageView,
      userAgent: string | undefined,
    ) =>
      appendVisit(event, userAgent, {
        visitor: view.visitor,
        kind: 'page_view',
        utm_source: view.utm_source ?? null,
        utm_medium: view.utm_medium ?? null,
        utm_campaign: view.utm_campaign ?? null,
        referrer: view.referrer ?? null,
      }),

    /** Seconds of the event's recording played on its public on-demand page or embed; nothing from a bot. */
    watchedOnDemand: (
      event: { id: string; organizationId: string },
      watch: OnDemandWatch,
      userAgent: string | undefined,
    ) =>
      appendVisit(event, userAgent, {
        visitor: watch.visitor,
        kind: 'watched',
        mode: 'on_demand',
        seconds: watch.seconds,
        target_id: watch.session ?? null,
      }),

    /** Engagement's service events: a message posted, a question asked, a poll answered. */
    participated: (
      event: { id: string; organizationId: string },
      userId: string,
      kind: ParticipationAction,
      sessionId: string | null,
    ) =>
      analytics.append([
        {
          organization_id: event.organizationId,
          event_id: event.id,
          user_id: userId,
          kind,
          target_id: sessionId,
          occurred_at: deps.clock(),
        },
      ]),

    async viewersNow(eventId: string): Promise<ViewersNow> {
      const { present, perSession } = await deps.viewersNow(eventId);
      return { present, per_session: perSession };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
