/**
 * Spec 001 §5, §8 and 000 §8: the user-visible strings of events, series, repeating events,
 * templates, hub pages, recordings and tags, verbatim. Server errors and web toasts read them.
 */
export const eventMessages = {
  // Failure toasts (001 §8).
  errorLoadingEvents: 'Error Loading Events, Please Try Again',
  errorLoadingEvent: 'Error Loading Event, Please Try Again',
  noEventPermission: 'You do not have permission to view this event.',
  errorLoadingSeries: 'Error Loading Series, Please Try Again',
  errorLoadingPages: 'Error Loading Pages, Please Try Again',
  failedToDeleteEventHub: 'Error: Failed to delete event hub!',
  errorLoadingRecordings: 'Error Loading Recordings, Please Try Again',
  errorLoadingTemplates: 'Error Loading Templates, Please Try Again',
  failedToUpdateTemplate: 'Error: Failed to update Template!',
  errorLoadingTags: 'Error loading Tags library! Please try refreshing the page.',
  errorCreatingTag: 'Error creating tag',
  errorDeletingTag: 'Error deleting tag',
  // Success toasts (001 §8).
  eventRescheduled: 'Event Rescheduled Successfully!',
  /** The reschedule dialog's note: what moves with the event. */
  rescheduleMoves:
    'Sessions and agenda blocks move with the event, and registrants get an updated calendar invitation.',
  eventDeleted: 'Event/Recording Deleted Successfully!',
  // Async event duplication check (000 §4, §8).
  eventNotReady: "{Action} couldn't be initiated. The event is still getting ready. Please try again later.",
  actionCheckFailed: 'Unable to verify if action is allowed. Please try again later.',
  // Validation (001 §5).
  invalidTimezoneSuffix: 'Invalid timezone suffix',
  tagAlreadyExists: 'Tag with name "{name}" already exists in the Tag Library.',
} as const;

/** A recording's page: the video it is (ours; its buffer video, what its stage and pages play). */
export const recordingVideoMessages = {
  title: 'Video',
  help: 'What attendees watch, on its page and in its event app, whenever they come.',
  select: 'Select Video',
  none: 'No video chosen yet: attendees have nothing to watch.',
  chosen: 'A video is chosen.',
  remove: 'Remove',
  saved: 'Video saved.',
} as const;

/** Server answers of our own design (the spec leaves them "not shown"). */
export const eventServerMessages = {
  endBeforeStart: 'The end time must be after the start time.',
  unknownTimezone: 'Choose a time zone from the list.',
  workspaceRequired: 'Choose one of your teams.',
  workspaceNotYours: 'You can only use your own teams.',
  seriesNotFound: 'This series does not exist.',
  tagNotFound: 'This tag does not exist.',
  eventNotFound: 'This event does not exist.',
  templateNotFound: 'This template does not exist.',
  recordingCannotReschedule: 'A recording has no schedule to change.',
  pastEventCannotReschedule: 'This event has already ended and cannot be rescheduled.',
  liveEventCannotReschedule: 'This event is live and cannot be rescheduled now.',
  rescheduleToPast: 'The new start time must be in the future.',
  tooManyOccurrences: 'A repeating event can have at most {max} occurrences.',
  recurrenceNeedsEnd: 'Choose when the repeating event ends: an end date or a number of occurrences.',
  recurrenceNeedsWeekdays: 'Choose at least one day of the week.',
  recurrenceEndBeforeStart: 'The end date must not be before the start date.',
  occurrenceOfRepeatingSeries:
    'Events of a repeating event follow its schedule; change the schedule instead.',
  repeatingSeriesEvents: 'The events of a repeating event come from its schedule.',
  calendarInviteSubject: 'Updated invitation: {title}',
  calendarCancelSubject: 'Canceled: {title}',
} as const;

/** Spec 000 §8: '{Action} couldn't be initiated. …' for an action on an event still being duplicated. */
export function eventNotReadyMessage(action: string): string {
  return eventMessages.eventNotReady.replace('{Action}', action);
}
