import { magicLinkAnswerSchema, peopleMessages } from '@studio/domain';
import { ApiRequestError } from './api-error.ts';
import { studioApi } from './studio-api.ts';

/** GET /api/event/magic_link/?user_id=&event_id= (002 §7.6) → a person's link into the event. */
export const fetchMagicLink = async (eventId: string, userId: string) =>
  (
    await studioApi.request({
      method: 'GET',
      path: `/event/magic_link/?${new URLSearchParams({ user_id: userId, event_id: eventId }).toString()}`,
      schema: magicLinkAnswerSchema,
    })
  ).url;

/** 002 §8.7: the server's 'User is not registered for the event' means the link is still being made. */
export const isLinkNotReady = (error: unknown) =>
  error instanceof ApiRequestError &&
  (error.code === 'USER_NOT_REGISTERED' || error.message === peopleMessages.userNotRegistered);
