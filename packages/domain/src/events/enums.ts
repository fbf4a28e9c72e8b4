/** Spec 001 §3 "Event", 002 §3.18: event types. */
export const EVENT_TYPES = ['Webinar', 'Conference', 'Recording'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * Whether an event of this type has a schedule (001 §5: but for a recording, a start, an end and a
 * zone): a Recording is on-demand content, never rescheduled, sent no calendar invitation.
 */
export const isScheduled = (eventType: string | undefined): boolean => eventType !== 'Recording';

/** The types without a schedule (`isScheduled`): the times such an event stores are no dates. */
export const UNSCHEDULED_EVENT_TYPES = EVENT_TYPES.filter((type) => !isScheduled(type));

/** Spec 001 §3: In_Person or another host type (virtual, hybrid). */
export const HOST_TYPES = ['In_Person', 'Virtual', 'Hybrid'] as const;
export type HostType = (typeof HOST_TYPES)[number];
/** In-person and hybrid events take place at a venue (its location; a check-in desk). */
export const hasVenue = (hostType: HostType) => hostType !== 'Virtual';

/** Spec 002 §3.18: the event list's type filter; All is Webinar and Conference (001 §2.5). */
export const EVENT_TYPE_FILTERS = ['All', 'Webinar', 'Conference', 'Recording'] as const;
export type EventTypeFilter = (typeof EVENT_TYPE_FILTERS)[number];

export function eventTypesOf(filter: EventTypeFilter): EventType[] {
  return filter === 'All' ? ['Webinar', 'Conference'] : [filter];
}

/** Spec 002 §3.18 / 001 §2.5: the event list's named filters. */
export const EVENT_LIST_FILTERS = [
  'AllEvents',
  'UpcomingEvents',
  'PastEvents',
  'UpcomingNonLiveEvents',
] as const;
export type EventListFilter = (typeof EVENT_LIST_FILTERS)[number];
export const DEFAULT_EVENT_LIST_FILTER: EventListFilter = 'UpcomingEvents';

export interface EventTimeWindow {
  end_time_gte?: Date;
  end_time_lte?: Date;
  start_time_gte?: Date;
  /**
   * Whether unscheduled events (recordings) are in the window whatever times they store: they are
   * never over (`eventOver`), so every upcoming list holds them and the past one none.
   */
  unscheduled?: 'included' | 'excluded';
}

/**
 * Spec 001 §2.5: upcoming = end_time on or after now, past = end_time on or before now (so an
 * event ending exactly now is both), upcoming non-live = start_time on or after now. A recording
 * has no end time (001 §3: an id, a title and a creation date): it is upcoming, never past.
 */
export function eventListWindow(filter: EventListFilter, now: Date): EventTimeWindow {
  switch (filter) {
    case 'AllEvents':
      return {};
    case 'UpcomingEvents':
      return { end_time_gte: now, unscheduled: 'included' };
    case 'PastEvents':
      return { end_time_lte: now, unscheduled: 'excluded' };
    case 'UpcomingNonLiveEvents':
      return { start_time_gte: now, unscheduled: 'included' };
  }
}

/** Spec 001 §2.5: title and start time (the "event date"), both ways; default date descending. */
export const EVENT_ORDERINGS = [
  'title',
  '-title',
  'start_time',
  '-start_time',
  'end_time',
  '-end_time',
  'created_at',
  '-created_at',
] as const;
export type EventOrdering = (typeof EVENT_ORDERINGS)[number];
export const DEFAULT_EVENT_ORDERING: EventOrdering = '-start_time';

/**
 * Spec 002 §3.18: repeating-event visibility in the event list. The API's `series_type` says the
 * same: `repeating` shows only occurrences of repeating events, `non_repeating` hides them.
 */
export const REPEATING_VISIBILITIES = ['show', 'hide', 'only'] as const;
export type RepeatingVisibility = (typeof REPEATING_VISIBILITIES)[number];
export const SERIES_TYPES = ['repeating', 'non_repeating'] as const;
export type SeriesType = (typeof SERIES_TYPES)[number];

export function seriesTypeOf(visibility: RepeatingVisibility): SeriesType | undefined {
  switch (visibility) {
    case 'show':
      return undefined;
    case 'hide':
      return 'non_repeating';
    case 'only':
      return 'repeating';
  }
}

/** Spec 002 §3.18: the workspace scope of lists — every visible object, or only my teams'. */
export const WORKSPACE_SCOPES = ['all', 'mine'] as const;

/** Spec 000 §2 / 001 §2.5: series list filters and sorts. */
export const SERIES_FILTERS = ['all', 'upcoming', 'past'] as const;
export type SeriesFilter = (typeof SERIES_FILTERS)[number];
/** `events__start_time`: the start of the series' first event ("new event date"). */
export const SERIES_ORDERINGS = [
  'name',
  '-name',
  'events__start_time',
  '-events__start_time',
  'updated_at',
  '-updated_at',
] as const;
export type SeriesOrdering = (typeof SERIES_ORDERINGS)[number];
export const DEFAULT_SERIES_ORDERING: SeriesOrdering = '-updated_at';

/** Spec 000 §2: hub page sorts and scope (all, organisation pages, workspace pages). */
export const HUB_PAGE_ORDERINGS = ['name', '-name', 'created_at', '-created_at'] as const;
export type HubPageOrdering = (typeof HUB_PAGE_ORDERINGS)[number];
export const HUB_PAGE_SCOPES = ['all', 'organization', 'workspace'] as const;
export type HubPageScope = (typeof HUB_PAGE_SCOPES)[number];
/** The list query a hub page scope stands for. */
export function hubPageScopeQuery(scope: HubPageScope): { workspace__isnull?: boolean } {
  switch (scope) {
    case 'all':
      return {};
    case 'organization':
      return { workspace__isnull: true };
    case 'workspace':
      return { workspace__isnull: false };
  }
}

/** Spec 001 §2.5: template sorts. */
export const TEMPLATE_ORDERINGS = ['title', '-title', 'created_at', '-created_at'] as const;
export type TemplateOrdering = (typeof TEMPLATE_ORDERINGS)[number];

export const RECORDING_ORDERINGS = ['title', '-title', 'created_at', '-created_at'] as const;

/** Spec 001 §9: page sizes. */
export const EVENTS_PAGE_SIZE = 25;
/** Events page size when the organisation's not-use-registrant-counts flag is on. */
export const EVENTS_PAGE_SIZE_WITHOUT_REGISTRANT_COUNTS = 10;
export const SERIES_PAGE_SIZE = 25;
export const TEMPLATES_PAGE_SIZE = 25;
export const HUB_PAGES_PAGE_SIZE = 25;
export const RECORDINGS_PAGE_SIZE = 25;
/** The tag library is read whole (the client filters it); a page holds up to this many. */
export const TAGS_PAGE_SIZE = 1000;

export const eventsPageSize = (flags: { notUseRegistrantCounts: boolean }): number =>
  flags.notUseRegistrantCounts ? EVENTS_PAGE_SIZE_WITHOUT_REGISTRANT_COUNTS : EVENTS_PAGE_SIZE;

/** Spec 000 §3: async job types and workflow statuses. */
export const ASYNC_JOB_TYPES = [
  'duplication',
  'deletion',
  'session_deletion',
  'poll_addition',
  'poll_updation',
] as const;
export const WORKFLOW_STATUSES = ['RUNNING', 'COMPLETED'] as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];
/** A workflow's state in words, as the studio shows it (never the raw status). */
export const workflowStatusLabel = (status: WorkflowStatus, failed = false) =>
  failed ? 'Failed' : status === 'COMPLETED' ? 'Completed' : 'In progress';

/**
 * Spec 000 §4: before an action that needs a ready event the client checks the parent workflow
 * (id = the event id) and the two child workflows named here; only when none is RUNNING.
 */
export const duplicationWorkflowIds = (eventId: string) => ({
  parent: eventId,
  eventDuplication: `event-duplication-${eventId}`,
  asyncDuplication: `async-duplication-${eventId}`,
});

/** The actions refused while an event is still getting ready ('{Action} couldn't be initiated…'). */
export const EVENT_ACTIONS = {
  update: 'Update',
  delete: 'Delete',
  reschedule: 'Reschedule',
  duplicate: 'Duplicate',
  sendCalendarInvites: 'Sending calendar invites',
  createTemplate: 'Template creation',
} as const;

export const EVENT_TITLE_MAX_LENGTH = 255;
/** Where an in-person or hybrid event takes place (its invitations, emails and pages say it). */
export const EVENT_LOCATION_MAX_LENGTH = 500;
/** The event's rich-text description (HTML), as its landing page shows it. */
export const EVENT_DESCRIPTION_MAX_LENGTH = 10_000;
export const SERIES_NAME_MAX_LENGTH = 255;
export const TEMPLATE_TITLE_MAX_LENGTH = 255;
/** A new template's title until its organiser names it (002 §3.2). */
export const NEW_TEMPLATE_TITLE = 'Your amazing event';
export const HUB_PAGE_NAME_MAX_LENGTH = 255;

/** Copies are named 'Copy of …', cut to the field's maximum. */
export const copyName = (name: string, max: number): string => `Copy of ${name}`.slice(0, max);
