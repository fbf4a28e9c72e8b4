import { agendaMessages } from '../programme/messages.ts';

/**
 * 002 §8.6: the readiness warnings. The spec quotes 'Please re-upload', 'Total video length
 * exception' and 'the session should be 2 minutes longer than the video'; the rest follow its
 * wording, each naming what it is about.
 */
export const readinessMessages = {
  noSessions: 'The agenda has no sessions yet: attendees will have nothing to watch.',
  itemNotInTrack: (title: string) => `Agenda item "${title}" is not added to a track.`,
  sessionWithoutSpeakers: (title: string) => `Session "${title}" has no speakers.`,
  sessionNotInTrack: (title: string) => `Session "${title}" is not in a track.`,
  overlappingSessions: (track: string) =>
    `Track "${track}" has overlapping sessions: attendees may be redirected.`,
  sessionWithoutVideo: (title: string) => `Session "${title}" has no video.`,
  staffTechCheck: (name: string) => `Staff ${name} has not completed the tech check.`,
  staffNoBroadcasts: (name: string) => `Staff ${name} is not added to any broadcasts.`,
  speakerTechCheck: (name: string) => `Speaker ${name} has not completed the tech check.`,
  speakerNoBroadcasts: (name: string) => `Speaker ${name} is not added to broadcasts.`,
  bufferVideoProblem: (video: string) => `Buffer video "${video}" has an error or warning.`,
  videoProblem: (video: string) => `Video "${video}" has an error, warning or is still processing.`,
  noProcessedVideos: (title: string) => `Session "${title}" has no processed videos.`,
  recordingWithoutVideo: 'The recording has no video yet: attendees will have nothing to watch.',
  videoProcessingError: (video: string) => `Video "${video}" had a processing error. Please re-upload`,
  videoTooLong: (title: string) => `Session "${title}": ${agendaMessages.sessionLongerThanVideo}.`,
  videoTooShort: (title: string) =>
    `Session "${title}": the video is more than 2 minutes shorter than the session.`,
  totalVideoLengthException: agendaMessages.totalVideoLengthException,
  templateMissingMagicLink: (template: string) => `Email template "${template}" is missing magic links.`,
  templateMissingQrOrLocation: (template: string) =>
    `Email template "${template}" is missing the QR code or location.`,
  confirmationsOff: 'Registration confirmation emails will not be sent.',
  seriesMissingEntranceLinks: (template: string) => `Email "${template}" is missing entrance links.`,
  seriesMissingEventList: 'The registration page has no event list.',
  seriesMultipleEventLists: 'The registration page has more than one event list.',
  seriesConfirmationsOff: 'Confirmation emails are off.',
} as const;

/** What each warning asks of the organiser (the item's `actionRequired`). */
export const readinessActions = {
  addSession: 'Add a session',
  addToTrack: 'Add to a track',
  addSpeakers: 'Add speakers',
  fixOverlap: 'Fix overlapping sessions',
  addVideo: 'Add a video',
  // The people pages' Resend invitation: the invitation's link opens the tech check.
  techCheck: 'Resend their invitation (its link opens the tech check)',
  addToBroadcasts: 'Add to broadcasts',
  replaceVideo: 'Replace the video',
  reupload: 'Please re-upload',
  simuliveAgenda: 'Simulive session agenda needs attention',
  editTemplate: 'Edit the email template',
  turnOnConfirmations: 'Turn on confirmation emails',
  editRegistrationPage: 'Edit the registration page',
} as const;
