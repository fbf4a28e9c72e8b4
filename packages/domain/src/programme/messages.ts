/** Spec 001 §8: the agenda's failure toasts, verbatim. */
export const agendaMessages = {
  errorFetchingBroadcasts: 'Error fetching broadcasts, Please Try Again',
  errorFetchingAgendaItems: 'Error fetching agenda items, Please Try Again',
  errorFetchingTracks: 'Error fetching agenda tracks, Please Try Again',
  failedToAddTrack: 'Failed to add track, please try again',
  failedToUpdateTrack: 'Failed to update track, please try again',
  failedToSaveAgendaItem: 'Failed to save agenda item, please try again',
  failedToUpdateAgendaItem: 'Failed to update agenda item, please try again',
  failedToSaveSession: 'Failed to save session, please try again',
  // 002 §8.6 (readiness): the video length against the session's.
  sessionLongerThanVideo: 'the session should be 2 minutes longer than the video',
  totalVideoLengthException: 'Total video length exception',
} as const;

/** Server answers of our own design (the spec leaves them "not shown"). */
export const agendaServerMessages = {
  startBeforeEvent: 'The session must start within the event’s time.',
  endAfterEvent: 'The session must end within the event’s time.',
  endBeforeStart: 'The end time must be after the start time.',
  trackNotInEvent: 'This track is not part of the event.',
  broadcastNotInEvent: 'This session is not part of the event.',
  broadcastRequired: 'A session block needs its session.',
  broadcastOnlyForSessions: 'Only a session block has a session.',
  videoNotInOrganization: 'This video is not in your organization’s library.',
  videoNotProcessed: 'This video is still processing or failed; pick a processed video.',
  sessionAlreadyInTrack: 'This session is already in this track.',
  duplicateIds: 'Each id may appear only once.',
  unknownTrack: 'This track does not exist in the event.',
  missingTracks: 'Send every track of the event.',
} as const;

/** Shown above a repeating event's programme pages. */
export const repeatingProgrammeNote =
  'This program is planned on the next occurrence, at its times. Every later occurrence gets a copy at its own time after each change; occurrences that have started keep theirs.';
