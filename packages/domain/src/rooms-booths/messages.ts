/** Strings of the rooms and booths screens; quoted ones are the spec's (checklist B). */
export const roomsBoothsMessages = {
  errorLoadingRooms: 'Error Loading Rooms, Please Try Again',
  errorLoadingBooths: 'Error Loading Booths, Please Try Again',
  primaryBooths: 'Primary Booths',
  secondaryBooths: 'Secondary Booths',
  reorderMismatch: 'The list must name each of the event’s objects exactly once.',
  heroAssetRequiresType: 'Choose whether the hero is an image or a video.',
  heroImageMustBeUrl: 'The hero image must be an uploaded image URL.',
  heroVideoNotFound: 'This video does not belong to your organization.',
  heroVideoUnprocessed: 'This video is still processing.',
  boothNotInEvent: 'This booth is not part of the event.',
  ownerNotSponsor: 'This person is not a sponsor of the event.',
  notForWebinars: 'Webinars have no rooms or booths.',
  discussionRoomNotInBooth: 'This discussion room is not one of the booth’s.',
  discussionRoomNamedTwice: 'Each discussion room may be listed only once.',
  /** A booth's discussion room through the event's Rooms routes (it is changed on its booth). */
  boothRoomElsewhere: 'This room is one of a booth’s discussion rooms: change it on the booth.',
} as const;
