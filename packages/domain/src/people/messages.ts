/** Strings of the speakers, staff and check-in staff screens; quoted ones are the spec's (002 §8.7, 001 §8). */
export const peopleMessages = {
  errorLoadingSpeakers: 'Error Loading Speakers, Please Try Again',
  errorLoadingSpeakerRoles: 'Error Loading Speaker Roles, Please Try Again',
  errorLoadingStaff: 'Error Loading Staff, Please Try Again',
  errorLoadingRoles: 'Error Loading Roles, Please Try Again',
  errorLoadingStaffEmailConfig: 'Error Loading Staff Email Config, Please Try Again',
  errorLoadingCheckInStaff: 'Error loading Check-in Staff! Please Try Again.',
  /** The server's answer when the person holds no role in the event (002 §7.6) … */
  userNotRegistered: 'User is not registered for the event',
  /** … and what the studio shows for it (002 §8.7). */
  generatingMagicLink: "We're generating your magic link! This may take up to 20 minutes",
  copyMagicLinkFailed: 'Copy magic link failed!',
  magicLinkCopied: 'Magic link copied!',
  // Our own (the spec shows none for these).
  invalidLinkedIn:
    'Enter a LinkedIn company or personal profile link (linkedin.com/in/… or linkedin.com/company/…).',
  invalidTwitter:
    'Enter an https X or Twitter profile link with a name of up to 15 letters, digits or underscores.',
  alreadySpeaker: 'This person is already a speaker of the event.',
  alreadyStaff: 'This person is already on the event’s staff.',
  alreadyCheckInStaff: 'This person is already check-in staff of the event.',
  sessionNotInEvent: 'This session is not part of the event.',
  roleNotOffered: 'This role is not offered here.',
  unknownEventRoles: 'The list names people who are not in the event.',
  personNotFound: 'Choose a member of your organization or a person of one of its events.',
  personRequired: 'Choose a person or give their email, first name and last name.',
  magicLinkInvalid: 'This magic link is no longer valid. Ask the organizer for a new one.',
  eventRolesDisabled: 'Event roles are not enabled for your organization.',
  eventRolesWhereToTurnOn:
    "Your organization's admin turns them on in Settings › Organization (Event roles), to add producers and coordinators.",
  speakerAdded: 'Speaker added.',
  speakerUpdated: 'Speaker updated.',
  speakersRemoved: 'Speakers removed.',
  staffAdded: 'Staff member added.',
  staffUpdated: 'Staff member updated.',
  staffRemoved: 'Staff member removed.',
  staffMembersRemoved: 'Staff removed.',
  checkInStaffAdded: 'Check-in staff added.',
  checkInStaffRemoved: 'Check-in staff removed.',
  invitationsQueued: 'Invitations are on their way.',
  reorderFailed: 'The new order could not be saved; the previous order is back.',
} as const;

/** The attendee origin's entrance (a magic link's landing page, before the event app of issue 17). */
export const eventEntranceMessages = {
  signedInAs: 'Signed in as',
  yourSessions: 'Your sessions',
  invalidTitle: 'Magic link not valid',
  /** The event app opened with no link used in this browser yet. */
  linkNeededTitle: 'Enter with your link',
  linkNeeded:
    'Open the link in your registration email to enter the event. Registered already? Register again with the same email and we send it again.',
  registerForLink: 'Register or get your link',
  /** The event app's way out on a shared device: this browser forgets the sign-in. */
  leaveEvent: 'Leave event',
  /** Asked before leaving (one stray tap signed people out): what it does and the way back. */
  leaveQuestionTitle: 'Leave the event?',
  leaveQuestion:
    'This browser will forget your sign-in. To come back, open the link in your registration email.',
  stayInEvent: 'Stay in the event',
  /** The page leaving lands on: the way back in (linkNeeded and its button). */
  leftTitle: 'You left the event',
} as const;
