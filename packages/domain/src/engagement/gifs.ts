/**
 * The GIFs attendees may send when the event allows them (`gifs_enabled`, spec 002 §3.1): a small
 * set bundled with the attendee app (`event-app/engagement/gifs/<id>.gif`, served from the site's own
 * origin), so the picker works offline and makes no third-party call. A message names one by id;
 * the server accepts only these ids.
 */
export const CHAT_GIFS = [
  { id: 'applause', label: 'Applause' },
  { id: 'thumbs-up', label: 'Thumbs up' },
  { id: 'party', label: 'Party' },
  { id: 'wave', label: 'Wave' },
  { id: 'heart', label: 'Heart' },
  { id: 'laugh', label: 'Laugh' },
] as const;
export type ChatGifId = (typeof CHAT_GIFS)[number]['id'];
export const CHAT_GIF_IDS = CHAT_GIFS.map((gif) => gif.id) as [ChatGifId, ...ChatGifId[]];

export const chatGifLabel = (id: string): string => CHAT_GIFS.find((gif) => gif.id === id)?.label ?? id;
