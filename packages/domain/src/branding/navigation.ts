import type { EventType } from '../events/enums.ts';
import { brandingMessages } from './messages.ts';
import { recordKeys } from '../records.ts';

/** Spec 002 §5.7, §9: tab titles at most 50, the speaker tab description at most 137. */
export const TAB_TITLE_MAX_LENGTH = 50;
export const SPEAKER_DESCRIPTION_MAX_LENGTH = 137;
/** 002 §9: the default tab titles. */
export const DEFAULT_TAB_TITLES = {
  discussion_room_tab_title: 'Rooms',
  booth_tab_title: 'Booths',
  booth_tab_title_2: 'Secondary Booths',
  speaker_tab_title: 'Speakers',
  people_tab_title: 'People',
} as const;
export type TabTitleField = keyof typeof DEFAULT_TAB_TITLES;
export const TAB_TITLE_FIELDS = recordKeys(DEFAULT_TAB_TITLES);

export interface StageNavigationFields {
  show_discussion_rooms: boolean;
  discussion_room_tab_title: string;
  show_event_booths: boolean;
  booth_tab_title: string;
  booth_tab_title_2: string;
  show_attendees: boolean;
  people_tab_title: string;
  show_people_tab_speakers: boolean;
  speaker_tab_visible: boolean;
  speaker_tab_title: string;
  tab_descriptions: { speakers: string };
}

export interface StageNavigationContext {
  eventType: EventType;
  /** The plan's `boothsTab` (002 §6). */
  boothsTab: boolean;
}

/** 002 §6: rooms, booths and secondary booths are hidden for webinars; booths need `boothsTab`. */
export const roomsTabShown = (context: StageNavigationContext): boolean => context.eventType !== 'Webinar';
export const boothTabsShown = (context: StageNavigationContext): boolean =>
  roomsTabShown(context) && context.boothsTab;
/** 002 §5.7: the speaker tab description is shown for webinars only. */
export const speakerDescriptionShown = (eventType: EventType): boolean => eventType === 'Webinar';
/** 002 §6: the Attendees-tab-for-speakers toggle shows only while the attendees tab is off. */
export const peopleTabSpeakersShown = (fields: Pick<StageNavigationFields, 'show_attendees'>): boolean =>
  !fields.show_attendees;

/**
 * 002 §5.6, §5.7: titles at most 50; a shown rooms or booths tab that is on needs its title
 * ('This field is required'); the speaker description at most 137.
 */
export function stageNavigationErrors(
  fields: StageNavigationFields,
  context: StageNavigationContext,
): Partial<Record<TabTitleField | 'tab_descriptions.speakers', string>> {
  const errors: Partial<Record<TabTitleField | 'tab_descriptions.speakers', string>> = {};
  for (const field of TAB_TITLE_FIELDS) {
    if (fields[field].length > TAB_TITLE_MAX_LENGTH)
      errors[field] = brandingMessages.tooLong(TAB_TITLE_MAX_LENGTH);
  }
  if (roomsTabShown(context) && fields.show_discussion_rooms && !fields.discussion_room_tab_title.trim()) {
    errors.discussion_room_tab_title = brandingMessages.fieldRequired;
  }
  if (boothTabsShown(context) && fields.show_event_booths && !fields.booth_tab_title.trim()) {
    errors.booth_tab_title = brandingMessages.fieldRequired;
  }
  if (fields.tab_descriptions.speakers.length > SPEAKER_DESCRIPTION_MAX_LENGTH) {
    errors['tab_descriptions.speakers'] = brandingMessages.tooLong(SPEAKER_DESCRIPTION_MAX_LENGTH);
  }
  return errors;
}
