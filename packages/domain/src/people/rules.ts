import { EVENT_ROLES, type EventRole } from '../rooms-booths/constants.ts';
import {
  EVENT_PERSON_ROLE_LABELS,
  EVENT_ROLE_PRECEDENCE,
  SPEAKER_ROLE_PRIORITY,
  TWITTER_HANDLE_MAX_LENGTH,
  type EventPersonRoleLabel,
  type SpeakerPermissionLevel,
} from './constants.ts';

/** 002 §5.2: a LinkedIn company or personal profile (`/in/…`, `/company/…`, `/pub/…`, `/school/…`). */
const LINKEDIN =
  /^https?:\/\/([a-z]{2,3}\.)?linkedin\.com\/(in|pub|company|school)\/[^\s/?#]+\/?([?#]\S*)?$/i;
/** 002 §5.2: an https X or Twitter profile with a name of up to 15 word characters. */
const TWITTER = new RegExp(
  `^https:\\/\\/(www\\.|mobile\\.)?(twitter|x)\\.com\\/(#!\\/)?@?\\w{1,${TWITTER_HANDLE_MAX_LENGTH}}\\/?$`,
  'i',
);

export const isLinkedInProfileUrl = (value: string) => LINKEDIN.test(value.trim());
export const isTwitterProfileUrl = (value: string) => TWITTER.test(value.trim());

/** Orders speaker roles by the fixed priority (unknown names, the organisation's custom roles, last). */
export function bySpeakerRolePriority<T extends { name: string }>(roles: readonly T[]): T[] {
  const rank = (role: T) => {
    const at = SPEAKER_ROLE_PRIORITY.indexOf(role.name as SpeakerPermissionLevel);
    return at === -1 ? SPEAKER_ROLE_PRIORITY.length : at;
  };
  return [...roles].sort((a, b) => rank(a) - rank(b));
}

/**
 * 002 §4.7: the role a speaker holds in one session — the one assigned there; with none, the
 * event's default speaker role; without a default, the last listed option.
 */
export function speakerRoleInSession(
  assigned: string | null | undefined,
  defaultRole: string | null | undefined,
  listed: readonly { id: string }[],
): string | null {
  return assigned ?? defaultRole ?? listed.at(-1)?.id ?? null;
}

/** 002 §4.7: a selection is a list of ids, or "all" with the ids toggled off recorded as exclusions. */
export interface PeopleSelection {
  all: boolean;
  ids?: readonly string[] | undefined;
  excluded?: readonly string[] | undefined;
}

/** The ids a selection names among `ids` (the whole list it was made on), in that list's order. */
export function selectedIds(selection: PeopleSelection, ids: readonly string[]): string[] {
  if (selection.all) {
    const excluded = new Set(selection.excluded ?? []);
    return ids.filter((id) => !excluded.has(id));
  }
  const chosen = new Set(selection.ids ?? []);
  return ids.filter((id) => chosen.has(id));
}

/** Toggling one row: in select-all mode it records an exclusion, otherwise a choice. */
export function toggleSelection(selection: PeopleSelection, id: string): PeopleSelection {
  const flip = (list: readonly string[] | undefined) =>
    list?.includes(id) ? list.filter((entry) => entry !== id) : [...(list ?? []), id];
  return selection.all
    ? { all: true, excluded: flip(selection.excluded) }
    : { all: false, ids: flip(selection.ids) };
}

/** How many rows a selection covers, given the list's total. */
export const selectionCount = (selection: PeopleSelection, total: number) =>
  selection.all ? total - (selection.excluded?.length ?? 0) : (selection.ids?.length ?? 0);

/** A person's name as lists show it. */
export const fullName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`.trim();

/** Of a person's roles in one event, the one the attendee origin names (EVENT_ROLE_PRECEDENCE). */
export function leadingEventRole(roles: readonly EventRole[]): EventRole | undefined {
  return EVENT_ROLE_PRECEDENCE.find((role) => roles.includes(role));
}

/**
 * The label of a person's part in an event: staff (ORGANIZER) by their staff role, a Coordinator
 * when that is the event_app role they hold, else a Producer (backstage with every feature).
 */
export function eventPersonRoleLabel(role: EventRole, staffRoleName: string | null): EventPersonRoleLabel {
  switch (role) {
    case EVENT_ROLES.ORGANIZER:
      return staffRoleName === 'COORDINATOR'
        ? EVENT_PERSON_ROLE_LABELS.coordinator
        : EVENT_PERSON_ROLE_LABELS.producer;
    case EVENT_ROLES.SPEAKER:
      return EVENT_PERSON_ROLE_LABELS.speaker;
    case EVENT_ROLES.CHECK_IN_STAFF:
      return EVENT_PERSON_ROLE_LABELS.checkInStaff;
    case EVENT_ROLES.SPONSOR:
      return EVENT_PERSON_ROLE_LABELS.sponsor;
    case EVENT_ROLES.ATTENDEE:
      return EVENT_PERSON_ROLE_LABELS.attendee;
  }
}
