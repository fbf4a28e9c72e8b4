import { z } from 'zod';
import type { HostType } from '../events/enums.ts';
import { catalogueKeys } from '../records.ts';
import { connectionsQuerySchema, type CrmPushedStatus, type IntegrationType } from './crm.ts';

/**
 * The calls of the marketing automation and video hosting connectors (spec 001 §7, 002 §7.12,
 * §8.9): Marketo programs, folders and custom activity types, the Pardot list of an event, the
 * Eloqua form of the organisation, Wistia projects.
 */

/** Spec 001 §8 and 002 §8.9, verbatim; the server's own messages after them. */
export const marketingMessages = {
  pardotListNotFound: 'Pardot List ID is not found!',
  marketoProgramCloned: 'Marketo program cloned and connected successfully.',
  marketoCustomActivityFailed: 'Creating Marketo custom activity failed!',
  marketoActivityTypeFailed: (names: readonly string[]) =>
    `Failed to create a new Custom Activity: ${names.map((name) => `"${name}"`).join(' and ')}`,
  marketoProgramNotFound: 'This Marketo program was not found.',
  eloquaFormNotFound: 'This Eloqua form was not found.',
  wistiaInPerson: 'Wistia is not offered for in-person events.',
  eloquaFormMissing: 'Eloqua is offered once an Eloqua event form is set in Integrations › Eloqua.',
  wistiaProjectMissing: 'Connect a Wistia project to the event first.',
  wistiaPushInProgress: 'This recording is already on its way to Wistia.',
  wistiaPushQueued: 'The recording will be uploaded to Wistia.',
  wistiaNotPushed: 'Not pushed',
  marketoActivityTypesMissing:
    "Create the studio's custom activity types in Marketo (Integrations › Marketo): until then no registration or engagement activity is sent to Marketo.",
  marketoActivityTypesKept: 'Registration and engagement activities are sent to Marketo.',
} as const;

/** Spec 002 §7.12: "Wistia is not offered for In_Person events" (no recording to push). */
export const wistiaOffered = (hostType: HostType): boolean => hostType !== 'In_Person';

/**
 * Whether a connector is offered on an event (spec 001 §5.10, 002 §5.11): Eloqua only with an event
 * form id connected (the organisation's, or its team's connection's), Wistia not for In_Person
 * events (`hostType` unknown while the event is read: offered).
 */
export const offeredOnEvent = (type: IntegrationType, event: OfferedOnEventContext): boolean =>
  notOfferedReason(type, event) === null;

/** Why a connector is not offered on an event (the sentence the event's Integrations shows), or null. */
export const notOfferedReason = (type: IntegrationType, event: OfferedOnEventContext): string | null => {
  if (type === 'eloqua' && !event.eloquaFormId) return marketingMessages.eloquaFormMissing;
  if (type === 'wistia' && event.hostType && !wistiaOffered(event.hostType))
    return marketingMessages.wistiaInPerson;
  return null;
};

interface OfferedOnEventContext {
  hostType?: HostType | undefined;
  eloquaFormId: string | null | undefined;
}

/**
 * The one refusal of Wistia for an In_Person event (400): listing, connecting and pushing, and an
 * event's create or PATCH that would leave a Wistia project on an In_Person event.
 */
export const wistiaNotOffered = {
  code: 'WISTIA_NOT_OFFERED',
  message: marketingMessages.wistiaInPerson,
} as const;

/** Whether an event's settings are refused: a Wistia project kept while the event is In_Person. */
export const wistiaProjectRefused = (settings: {
  host_type: HostType;
  wistia_project_id: string | null | undefined;
}): boolean => Boolean(settings.wistia_project_id) && !wistiaOffered(settings.host_type);

/** Spec 001: SYNC_PARDOT imports the list's prospects; every other activity type exports to it. */
export const PARDOT_ACTIVITY_TYPES = ['SYNC_PARDOT', 'REGISTRATION', 'ATTENDED'] as const;
export type PardotActivityType = (typeof PARDOT_ACTIVITY_TYPES)[number];

export const pardotSyncDirection = (activityType: string): 'import' | 'export' =>
  activityType === 'SYNC_PARDOT' ? 'import' : 'export';

/**
 * What a registrant's status does to the event's Pardot list: a REGISTRATION list takes the
 * registered and lets go of the waitlisted, rejected and canceled; an ATTENDED list takes the
 * attendees; a SYNC_PARDOT list imports and is never changed (null: the list is left as it is).
 */
export function pardotListMove(activityType: string, status: CrmPushedStatus): 'add' | 'remove' | null {
  if (activityType === 'REGISTRATION')
    return status === 'REGISTRATION' ? 'add' : status === 'ATTENDED' ? null : 'remove';
  return activityType === 'ATTENDED' && status === 'ATTENDED' ? 'add' : null;
}

/**
 * The Marketo program member status of each registrant status (the Webinar channel's progression):
 * null is "Not in Program" (the waitlisted, rejected and canceled are removed from the program).
 */
export const marketoMemberStatusOf: Record<CrmPushedStatus, string | null> = {
  REGISTRATION: 'Registered',
  ATTENDED: 'Attended',
  WAITLISTED: null,
  REJECTED: null,
  CANCELED: null,
};

/**
 * The studio's two Marketo custom activity types (spec 001: the organisation's marketo custom
 * activity ids): a studio activity (spec 002 §3.17 id) is sent as the type of its prefix.
 */
/** Spec 000: the activity types' names ('Failed to create a new Custom Activity: "User Profile"'). */
export const marketoActivityTypeNames = {
  user_profile: 'User Profile',
  user_engagement: 'User Engagement',
};
export type MarketoActivityTypeKey = keyof typeof marketoActivityTypeNames;
export const MARKETO_ACTIVITY_TYPE_KEYS = catalogueKeys(marketoActivityTypeNames);
export const marketoActivityTypeKeyOf = (activityType: string): MarketoActivityTypeKey | null => {
  const prefix = activityType.split(':')[0];
  return MARKETO_ACTIVITY_TYPE_KEYS.find((key) => key === prefix) ?? null;
};
/** The kept ids of the studio's activity types (null: not created yet). */
export type MarketoActivityTypeIds = Record<MarketoActivityTypeKey, string | null>;

/** A Marketo id: a number, or its digits (a query's); never a boolean or an array read as one. */
const marketoId = z
  .union([z.number(), z.string().regex(/^\d{1,10}$/)])
  .pipe(z.coerce.number<string | number>().int().positive().max(2_147_483_647));

export const marketoProgramQuerySchema = z.object({
  program_id: marketoId,
  solution_instance_id: z.string().max(100).optional(),
});
export const marketoProgramAnswerSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string().nullable(),
  channel: z.string().nullable(),
});
export type MarketoProgramAnswer = z.infer<typeof marketoProgramAnswerSchema>;
export const validatedMarketoProgramSchema = z.object({
  is_valid: z.boolean(),
  program: marketoProgramAnswerSchema.nullable(),
});

/**
 * Marketo's folders, base program and custom activity types and Eloqua's event form use the
 * connection the query names (`connectionsQuerySchema`: `workspace=`, `event=`,
 * `studio_template=`, `series=`; none: the organisation's), as the other connection routes.
 */
/** Spec 001 §5: the Marketo campaign folder search runs only when the search text is non-blank. */
export const isMarketoFolderSearch = (searchName: string): boolean => searchName.trim() !== '';
export const marketoFolderQuerySchema = connectionsQuerySchema.extend({
  search_name: z.string().max(200).default(''),
});
export const marketoFoldersSchema = z.object({
  folders: z.array(z.object({ id: z.number(), name: z.string(), type: z.string() })),
});

export const cloneMarketoProgramSchema = z.object({
  base_program_id: marketoId,
  program_name: z.string().trim().min(1).max(255),
  campaign_folder_id: marketoId,
  solution_instance_id: z.string().max(100).optional(),
});
export type CloneMarketoProgram = z.infer<typeof cloneMarketoProgramSchema>;
export const clonedMarketoProgramSchema = z.object({
  message: z.string(),
  program: marketoProgramAnswerSchema,
});

export const marketoActivityTypesSchema = z.object({
  /** The ids Marketo gave the studio's activity types (user_profile, user_engagement). */
  marketo_activity_type_ids: z.record(z.string(), z.string()),
  failures: z.array(z.string()),
  message: z.string().nullable(),
});

export const pardotListUpdateSchema = z.object({
  /** Spec 001: a Pardot list id is sent as a number. */
  list_id: z.number().int().positive(),
  activity_type: z.enum(PARDOT_ACTIVITY_TYPES, {
    error: `Choose one of ${PARDOT_ACTIVITY_TYPES.join(', ')}.`,
  }),
  entity_value: z.string().max(200).optional(),
});
export const pardotListAnswerSchema = z.object({
  valid_list_id: z.boolean(),
  pardot_list: z.object({ id: z.number(), name: z.string(), title: z.string().nullable() }).nullable(),
  direction: z.enum(['import', 'export']).nullable(),
});

/** Connects an existing Marketo program to the event, or makes one the organisation's base program. */
export const connectMarketoProgramSchema = z.object({ program_id: marketoId });
/** Connects one of the account's Wistia projects (its hashed id) to the event. */
export const connectWistiaProjectSchema = z.object({ project_id: z.string().trim().min(1).max(100) });

/**
 * A recording's push to the event's Wistia project (issue 36): queued (automatically once the
 * recording is ready, or by hand), uploading, done (Wistia's media), or failed with Wistia's message.
 */
export const wistiaPushStatusLabels = {
  pending: 'Waiting to upload',
  uploading: 'Uploading',
  done: 'In Wistia',
  failed: 'Failed',
};
export type WistiaPushStatus = keyof typeof wistiaPushStatusLabels;
export const WISTIA_PUSH_STATUSES = catalogueKeys(wistiaPushStatusLabels);
/** A push on its way: not queued again by hand, and the studio follows it until it ends. */
export const isWistiaPushUnderway = (status: WistiaPushStatus | undefined) =>
  status === 'pending' || status === 'uploading';

/** Pushes one of the event's recordings (a library video) to the event's Wistia project. */
export const pushWistiaRecordingSchema = z.object({ video_id: z.uuid() });

/** One of the event's recordings and its push to Wistia (null: never pushed). */
export const wistiaRecordingSchema = z.object({
  video_id: z.string(),
  name: z.string(),
  push: z
    .object({
      status: z.enum(WISTIA_PUSH_STATUSES),
      project_id: z.string(),
      /** Wistia's media, once uploaded. */
      media_hashed_id: z.string().nullable(),
      /** Wistia's (or the network's) message of the last failed try. */
      error: z.string().nullable(),
      updated_at: z.string(),
    })
    .nullable(),
});
export type WistiaRecording = z.infer<typeof wistiaRecordingSchema>;

/** Pushed to the sockets of the event at each status change of one of its recordings' pushes. */
export const WISTIA_PUSH_UPDATED = 'wistia-push-updated';
export const wistiaPushUpdatedMessageSchema = z.object({
  type: z.literal(WISTIA_PUSH_UPDATED),
  data: z.object({
    eventId: z.string(),
    video_id: z.string(),
    push: wistiaRecordingSchema.shape.push.unwrap(),
  }),
});
export const wistiaRecordingsSchema = z.object({ recordings: z.array(wistiaRecordingSchema) });

export const eloquaFormQuerySchema = z.object({ eloqua_form_id: z.string().trim().min(1).max(20) });
export const eloquaFormValidateQuerySchema = connectionsQuerySchema.extend(eloquaFormQuerySchema.shape);
export const eloquaFormAnswerSchema = z.object({
  is_valid_eloqua_form_id: z.boolean(),
  form: z.object({ id: z.string(), name: z.string() }).nullable(),
});

export const wistiaProjectsSchema = z.object({
  wistia_projects: z.array(
    z.object({ id: z.number(), hashed_id: z.string(), name: z.string(), media_count: z.number() }),
  ),
});

/**
 * SYNC_PARDOT (spec 001: "SYNC_PARDOT for import"): the list's prospects become the event's
 * registrants, on connecting and then at each sweep; each prospect once.
 */
export const PARDOT_IMPORT_SWEEP_MINUTES = 15;
export const pardotImportStatusLabels = {
  importing: 'Importing',
  done: 'Imported',
  failed: 'Import failed',
};
export type PardotImportStatus = keyof typeof pardotImportStatusLabels;
export const PARDOT_IMPORT_STATUSES = catalogueKeys(pardotImportStatusLabels);
/** GET event/{id}/pardot_import/: where the import of the event's SYNC_PARDOT list stands (null: none). */
export const pardotImportSchema = z.object({
  import: z
    .object({
      list_id: z.number(),
      status: z.enum(PARDOT_IMPORT_STATUSES),
      /** Prospects registered so far (each once). */
      imported_count: z.number(),
      /** Pardot's (or the network's) message of the last failed run. */
      error: z.string().nullable(),
      last_run_at: z.string().nullable(),
    })
    .nullable(),
});
export type PardotImport = z.infer<typeof pardotImportSchema>['import'];
/** Pushed to the sockets of the event at each change of its Pardot import. */
export const PARDOT_IMPORT_UPDATED = 'pardot-import-updated';
export const pardotImportUpdatedMessageSchema = z.object({
  type: z.literal(PARDOT_IMPORT_UPDATED),
  data: z.object({ eventId: z.string(), import: pardotImportSchema.shape.import.unwrap() }),
});

/** An event's connected marketing objects (Marketo program, Pardot list, Wistia project). */
export const eventMarketingSettingsSchema = z.object({
  integration_type: z.enum(['marketo', 'pardot', 'wistia']),
  external_id: z.string().nullable(),
  external_name: z.string().nullable(),
  activity_type: z.string().nullable(),
});
export type EventMarketingSettings = z.infer<typeof eventMarketingSettingsSchema>;

export const marketoMemberStatusQuerySchema = z.object({ program_id: marketoId });
export const marketoMemberStatusesSchema = z.object({
  statuses: z.array(z.object({ name: z.string(), step: z.number(), success: z.boolean() })),
});
