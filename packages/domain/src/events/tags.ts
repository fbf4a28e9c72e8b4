import { eventMessages } from './messages.ts';

/** Spec 001 §5/§9: tag names in toasts are cut to 20 characters plus an ellipsis. */
export const TAG_TOAST_MAX_LENGTH = 20;
export const TAG_NAME_MAX_LENGTH = 100;

export function truncateTagName(name: string): string {
  const characters = [...name];
  return characters.length > TAG_TOAST_MAX_LENGTH
    ? `${characters.slice(0, TAG_TOAST_MAX_LENGTH).join('')}…`
    : name;
}

/** The answer to a duplicate tag name (code TAG_ALREADY_IN_ENTITY), the name cut for the toast. */
export function tagAlreadyExistsMessage(name: string): string {
  return eventMessages.tagAlreadyExists.replace('{name}', truncateTagName(name));
}

/** Tag names are compared trimmed and ignoring case: 'Launch' and ' launch ' are one tag. */
export const tagNameKey = (name: string): string => name.trim().toLowerCase();
