import { z } from 'zod';
import { boothSchema, roomSchema } from '../rooms-booths/api.ts';
import { trackStageSchema } from '../stage/api.ts';
import {
  EVENT_APP_PEOPLE_PAGE,
  EVENT_APP_TABS,
  MANDATORY_PROFILE_FIELDS,
  TECH_CHECK_OUTCOMES,
  eventAppMessages,
} from './rules.ts';
import { recordKeys } from '../records.ts';

const techCheckOutcome = z.enum(TECH_CHECK_OUTCOMES);

/** POST …/api/tech-check: the outcome of each check. */
export const techCheckSchema = z.object({
  camera: techCheckOutcome,
  microphone: techCheckOutcome,
  speakers: techCheckOutcome,
  network: techCheckOutcome,
});
export type TechCheck = z.infer<typeof techCheckSchema>;
export const techCheckAnswerSchema = techCheckSchema.extend({ completed_at: z.string() });
export type TechCheckAnswer = z.infer<typeof techCheckAnswerSchema>;

const profileText = (max: number) => z.string().trim().max(max);

/** PATCH …/api/me: the person's profile in the event's organisation. */
export const eventAppProfileSchema = z.object({
  first_name: profileText(100),
  last_name: profileText(100),
  title: profileText(150),
  company: profileText(150),
});
export type EventAppProfile = z.infer<typeof eventAppProfileSchema>;

/** The mandatory profile: every field given (the same fields, none empty). */
export const mandatoryProfileSchema = eventAppProfileSchema.superRefine((profile, context) => {
  for (const field of MANDATORY_PROFILE_FIELDS)
    if (!profile[field])
      context.addIssue({ code: 'custom', path: [field], message: eventAppMessages.profileRequired });
});

/** GET …/api/me. */
export const eventAppMeSchema = eventAppProfileSchema.extend({
  user_id: z.string(),
  email: z.string(),
  tech_check: techCheckAnswerSchema.nullable(),
});
export type EventAppMe = z.infer<typeof eventAppMeSchema>;

/** GET …/api/event: the event and what its app shows. */
export const eventAppEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  timezone: z.string(),
  tabs: z.array(
    z.object({
      tab: z.enum(recordKeys(EVENT_APP_TABS)),
      title: z.string(),
    }),
  ),
  enable_tech_check: z.boolean(),
  show_onboarding: z.boolean(),
  disable_enter_event_button: z.boolean(),
  /** Rooms and booths are never shown for a webinar (the live preview recomputes the tabs). */
  webinar: z.boolean(),
  /**
   * False for a recording (`isScheduled`): it has no dates, and its stage is its on-demand videos
   * from the start, not an event that has ended.
   */
  scheduled: z.boolean(),
  stage_cta: z.object({ text: z.string(), url: z.string() }).nullable(),
  demo_cta: z
    .object({ text: z.string(), title: z.string(), message: z.string(), url: z.string().nullable() })
    .nullable(),
});
export type EventAppEvent = z.infer<typeof eventAppEventSchema>;

/** GET …/api/agenda: the sessions by start, with their tracks and speakers. */
export const eventAppSessionSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  tracks: z.array(z.object({ id: z.string(), name: z.string() })),
  speakers: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type EventAppSession = z.infer<typeof eventAppSessionSchema>;

/** GET …/api/speakers. */
export const eventAppSpeakerSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  title: z.string(),
  company: z.string(),
  bio: z.string(),
  profile_picture_url: z.string().nullable(),
});
export type EventAppSpeaker = z.infer<typeof eventAppSpeakerSchema>;

export const eventAppAgendaSchema = z.array(eventAppSessionSchema);
export const eventAppSpeakersSchema = z.array(eventAppSpeakerSchema);
export const eventAppBoothsSchema = z.array(boothSchema);
export const eventAppRoomsSchema = z.array(roomSchema);
export const eventAppStageSchema = trackStageSchema;

/** The push stream's events (server-sent events' `event:` names). */
export const EVENT_APP_PUSHES = ['stage-updated', 'broadcast-updated'] as const;

/** GET …/api/people: one page of the event's people (`offset`, `limit`). */
export const eventAppPeopleQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(EVENT_APP_PEOPLE_PAGE),
});

/** A person in the People tab: who they are, nothing to reach them by. */
export const eventAppPersonSchema = eventAppSpeakerSchema.omit({ bio: true });

export const eventAppPeoplePageSchema = z.object({
  count: z.number().int(),
  results: z.array(eventAppPersonSchema),
});
export type EventAppPeoplePage = z.infer<typeof eventAppPeoplePageSchema>;
