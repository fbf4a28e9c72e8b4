import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../api.ts';
import { booleanQuery } from '../events/query.ts';
import { catalogueKeys } from '../records.ts';

/**
 * CRM connectors (issue 36; spec 001 §3, §4, §7, 002 §3.17, §7.12, §8.9): an organisation connects
 * Salesforce or HubSpot, an event (or template, or a global form) maps its registration fields to
 * the CRM's fields, and registrants are pushed there as they register.
 */
export const crmLabels = { salesforce: 'Salesforce', hubspot: 'HubSpot' };
export type CrmType = keyof typeof crmLabels;
export const CRM_TYPES = catalogueKeys(crmLabels);

/**
 * The marketing automation and video hosting connectors (spec 001 §7, 002 §7.12): connected like a
 * CRM (write-only credentials, the same authentication messages) but with their own calls instead
 * of field mappings.
 */
const marketingLabels = { marketo: 'Marketo', pardot: 'Pardot', eloqua: 'Eloqua', wistia: 'Wistia' };
export type MarketingType = keyof typeof marketingLabels;
export const MARKETING_TYPES = catalogueKeys(marketingLabels);
export const integrationLabels = { ...crmLabels, ...marketingLabels };
export type IntegrationType = keyof typeof integrationLabels;
export const INTEGRATION_TYPES = catalogueKeys(integrationLabels);
export const integrationTypeSchema = z.enum(INTEGRATION_TYPES);

/** What an event's, template's or series' integration pages are about: the connectors, webhooks and Slack. */
export const connectorLabels = { ...integrationLabels, webhooks: 'Webhooks', slack: 'Slack' };

/** The name of an integration page's `$integrationType`; undefined for a type the studio does not have. */
export const connectorLabel = (type: string): string | undefined =>
  Object.hasOwn(connectorLabels, type) ? connectorLabels[type as keyof typeof connectorLabels] : undefined;

/**
 * The connectors whose pushes go through field mappings: the CRMs and the marketing automation
 * ones (a Marketo lead, a Pardot prospect, a submission of the Eloqua event form).
 */
export const MAPPED_TYPES = [...CRM_TYPES, 'marketo', 'pardot', 'eloqua'] as const;
export type MappedType = (typeof MAPPED_TYPES)[number];
export const mappedTypeSchema = z.enum(MAPPED_TYPES);

/**
 * The objects a registrant becomes (the API names the vendors use; Eloqua's registrants are
 * submissions of the organisation's event form, so its fields are the form's).
 */
export const CRM_OBJECT_TYPES: Record<MappedType, readonly string[]> = {
  salesforce: ['Lead', 'Contact'],
  hubspot: ['contacts'],
  marketo: ['lead'],
  pardot: ['prospect'],
  eloqua: ['form'],
};

/** Whether `objectType` is one of the objects the studio maps for `crmType` (an address may name any). */
export const mapsObjectType = (crmType: MappedType, objectType: string) =>
  CRM_OBJECT_TYPES[crmType].includes(objectType);

/**
 * The one Salesforce record a registrant is pushed as, of the object types the event maps: the
 * Contact that already holds their email (a known person, who is then the campaign member), else a
 * Lead, created or updated. An event that maps Contact alone keeps to Contacts.
 */
export function salesforceRecordType(
  mappedTypes: readonly string[],
  hasContact: boolean,
): 'Lead' | 'Contact' {
  if (!mappedTypes.includes('Lead')) return 'Contact';
  return hasContact && mappedTypes.includes('Contact') ? 'Contact' : 'Lead';
}

/** What a mapping belongs to (spec 001 §7): an event, a template, or a global form (`GLOBAL_FORM`). */
export const FIELD_MAPPING_ENTITY_TYPES = ['EVENT', 'STUDIO_TEMPLATE', 'GLOBAL_FORM'] as const;
export type FieldMappingEntityType = (typeof FIELD_MAPPING_ENTITY_TYPES)[number];

/** When a registrant already exists in the CRM, whether a mapped field overwrites its value. */
export const crmFieldUpdatePolicyLabels = {
  ALWAYS_UPDATE: 'Always update',
  UPDATE_IF_EMPTY: 'Update if empty',
  NEVER_UPDATE: 'Never update',
};
export type CrmFieldUpdatePolicy = keyof typeof crmFieldUpdatePolicyLabels;
export const CRM_FIELD_UPDATE_POLICIES = catalogueKeys(crmFieldUpdatePolicyLabels);

/** Per-row errors of a field mapping (spec 001 §4). */
export const FIELD_MAPPING_ERROR_CODES = [
  'MISSING_TARGET_FIELD',
  'MISSING_EVENT_SOURCE_FIELD',
  'MISSING_TEMPLATE_SOURCE_FIELD',
  'FIELDS_MAPPED_TO_SAME_CRM_FIELD',
  'INVALID_UPDATE_POLICY',
] as const;
export type FieldMappingErrorCode = (typeof FIELD_MAPPING_ERROR_CODES)[number];

/** The codes that make a row invalid for an event/template (spec 001 §4), and for a form. */
export const invalidMappingCodes = (entityType: FieldMappingEntityType): readonly FieldMappingErrorCode[] =>
  entityType === 'EVENT'
    ? ['MISSING_TARGET_FIELD', 'MISSING_EVENT_SOURCE_FIELD']
    : ['MISSING_TARGET_FIELD', 'MISSING_TEMPLATE_SOURCE_FIELD'];

/** A person's email, first and last name, mapped to the CRM's fields of these names. */
const personFieldMappings = (email: string, firstName: string, lastName: string) => [
  { source: 'email', target: email },
  { source: 'first_name', target: firstName },
  { source: 'last_name', target: lastName },
];

/** The source field the CRM record is matched on; mapped by default and always sent. */
export const CRM_DEFAULT_MAPPINGS: Record<
  MappedType,
  Record<string, { source: string; target: string }[]>
> = {
  salesforce: {
    Lead: personFieldMappings('Email', 'FirstName', 'LastName'),
    Contact: personFieldMappings('Email', 'FirstName', 'LastName'),
  },
  hubspot: { contacts: personFieldMappings('email', 'firstname', 'lastname') },
  marketo: { lead: personFieldMappings('email', 'firstName', 'lastName') },
  pardot: { prospect: personFieldMappings('email', 'firstName', 'lastName') },
  /** The form's fields by their HTML names (Eloqua's standard contact fields). */
  eloqua: { form: personFieldMappings('emailAddress', 'firstName', 'lastName') },
};

/** Spec 001 §4: target fields are asked again 3 times, 500 ms apart. */
export const CRM_TARGET_FIELDS_RETRIES = 3;
export const CRM_TARGET_FIELDS_RETRY_DELAY_MS = 500;
/** Spec 001 §4: an integration token is considered expired after 24 hours. */
export const CRM_TOKEN_VALID_HOURS = 24;

/** The 409 code of a CRM read or sync asked of a CRM the organisation has not connected. */
export const CRM_NOT_CONNECTED_CODE = 'CRM_NOT_CONNECTED';

/** Spec 001 §8 and 002 §8.9, verbatim; the server's own messages after them. */
export const crmMessages = {
  authenticationFailed: 'Authentication Failed! Please try again',
  authenticationSuccessful: 'Authentication Successful',
  somethingWentWrong: 'Something has gone wrong. Please Try Again!!',
  initializeFailed: 'Failed to initialize integrations! Try refreshing the page.',
  /** Spec 001 §8: a template's or a series' integration template could not be read. */
  integrationTemplateFailed: 'Failed to fetch integration template!',
  activitySyncFailed: 'Failed to get activity sync details.Please try again',
  sourceFieldsFailed: 'Failed to fetch event source fields',
  formSourceFieldsFailed: 'Failed to fetch the form source fields!',
  eventMappingsSaveFailed: 'Failed to create/update event or template field mappings! Try again.',
  mappingsSaveFailed: 'Failed to create/update field mappings! Try again.',
  mappingsSaved: 'Field mapping created/updated successfully.',
  formMappingsSaved: 'Form Field mapping created/updated successfully.',
  formMappingsSaveFailed: 'Failed to create/update form field mappings! Try again.',
  objectTypesFailed: (crm: string) => `Failed to fetch CRM Object types for ${crm}`,
  formMappingsFailed: (crm: string, object: string) =>
    `Failed to fetch ${crm}'s form field mappings for ${object}!`,
  defaultMappingsFailed: (crm: string) => `Failed to create default field mappings for ${crm}!`,
  hubspotPortalFailed: 'HubSpot portal ID update failed!',
  regionUpdated: 'Region updated successfully.',
  /** Spec 002 §5.11: an event's settings of a CRM its organisation (or team) has not connected. */
  settingNotFound: 'Integration setting not found',
  campaignNotFound: 'This Salesforce campaign was not found.',
  notConnected: (crm: string) => `${crm} is not connected to your organization.`,
  needsReauthentication: (crm: string) =>
    `${crm} refused the stored credentials: authenticate again on the Integrations page.`,
  marketoEndpointMissing: "Give your Marketo instance's REST endpoint (Admin → Web Services).",
  sameCrmField: (label: string) => `Several fields are mapped to ${label}.`,
  invalidUpdatePolicy: (label: string) => `${label} cannot be updated in the CRM: choose Never update.`,
  missingTarget: 'Choose a CRM field.',
  missingSource: 'Choose a registration field.',
  templateNotFound: 'This template was not found.',
  eloquaFormMissing: 'No Eloqua event form is connected.',
  /** A template's or a series' page of a connector set up per event only (webhooks, Slack, marketing). */
  settingsOnEvents:
    'This integration is set up on each event. Here you choose the CRM settings the events start with.',
} as const;

export const crmTypeSchema = z.enum(CRM_TYPES);

/** An organisation's connection to a CRM as the studio shows it (credentials are never answered). */
export const crmConnectionSchema = z.object({
  crm_type: integrationTypeSchema,
  /** The team that owns it (team-level integrations, spec 001 §6); null: the organisation's. */
  workspace_id: z.string().nullable(),
  is_authenticated: z.boolean(),
  /** The token is taken as expired 24 h after authentication (spec 001 §4). */
  token_expired: z.boolean(),
  /** The vendor refused the stored credentials: nothing is pushed until it is authenticated again. */
  needs_reauthentication: z.boolean(),
  authenticated_at: z.string().nullable(),
  /** Salesforce org id, HubSpot portal id, Marketo Munchkin id, Pardot business unit, Eloqua site id. */
  account_id: z.string().nullable(),
  base_url: z.string().nullable(),
  region: z.string().nullable(),
  /** Which credentials are stored (their names only). */
  stored_credentials: z.array(z.string()),
  /** Eloqua: the event form its registrants are submitted to (none: Eloqua is not offered on events). */
  eloqua_form_id: z.string().nullable(),
  /**
   * Marketo: the base program events' programs are cloned from (a team connection's own, the
   * organisation's for the organisation's connection).
   */
  base_marketo_program_id: z.string().nullable(),
  /**
   * Marketo: the ids of the studio's custom activity types this connection created (null until
   * created; the organisation's connection keeps them on the organisation). Nothing is sent without.
   */
  marketo_activity_type_ids: z
    .object({ user_profile: z.string().nullable(), user_engagement: z.string().nullable() })
    .nullable(),
});
export type CrmConnection = z.infer<typeof crmConnectionSchema>;
export const crmConnectionListSchema = z.array(crmConnectionSchema);
/** `workspace=`: the team's connections rather than the organisation's (team-level integrations). */
export const connectionOwnerQuerySchema = z.object({ workspace: z.uuid().optional() });
/**
 * The connections list's query: `workspace=` as above, or the connections an event, a studio
 * template or a series uses (its team's while team-level integrations are on, else the organisation's).
 */
export const connectionsQuerySchema = connectionOwnerQuerySchema.extend({
  event: z.uuid().optional(),
  studio_template: z.uuid().optional(),
  series: z.uuid().optional(),
});
export type ConnectionsQuery = z.infer<typeof connectionsQuerySchema>;

const secret = z.string().trim().min(1).max(2000);
/**
 * A token sent as `Authorization: Bearer …`: visible ASCII only, as tokens are. Any other character
 * cannot be carried in a header at all, so it is refused here rather than as a failed call (502).
 */
const bearerToken = secret.pipe(z.string().regex(/^[\x21-\x7E]+$/, crmMessages.authenticationFailed));
/**
 * Write-only credentials: Salesforce's connected app (client credentials flow), HubSpot's private
 * app token, Marketo's API-only user (client id and secret of a LaunchPoint service, at the
 * instance's REST endpoint), Pardot's Salesforce connected app (refresh token) and business unit,
 * Eloqua's site, user and password, Wistia's API token.
 */
export const crmCredentialsSchema = z.discriminatedUnion('crm_type', [
  z.object({
    crm_type: z.literal('salesforce'),
    client_id: secret,
    client_secret: secret,
    /** The org's My Domain (https://acme.my.salesforce.com); the server's default otherwise. */
    login_url: z
      .url({ protocol: /^https?$/ })
      .max(500)
      .optional(),
  }),
  z.object({ crm_type: z.literal('hubspot'), access_token: bearerToken }),
  z.object({
    crm_type: z.literal('marketo'),
    client_id: secret,
    client_secret: secret,
    /** The instance's REST endpoint (https://123-ABC-456.mktorest.com); MARKETO_BASE_URL otherwise. */
    base_url: z
      .url({ protocol: /^https?$/ })
      .max(500)
      .optional(),
  }),
  z.object({
    crm_type: z.literal('pardot'),
    client_id: secret,
    client_secret: secret,
    refresh_token: secret,
    business_unit_id: z
      .string()
      .trim()
      .regex(/^0Uv[A-Za-z0-9]{15}$/, 'A Pardot business unit id has 18 characters and starts with 0Uv.'),
  }),
  z.object({
    crm_type: z.literal('eloqua'),
    company: z.string().trim().min(1).max(200),
    username: z.string().trim().min(1).max(200),
    password: secret,
  }),
  z.object({ crm_type: z.literal('wistia'), api_token: bearerToken }),
]);
export type CrmCredentials = z.infer<typeof crmCredentialsSchema>;

export const crmAuthenticationResultSchema = z.object({
  message: z.string(),
  connection: crmConnectionSchema,
});

export const crmRegionSchema = z.object({ region: z.string().trim().min(1).max(50) });

/** A CRM field a registration field may be mapped to. */
export const crmTargetFieldSchema = z.object({
  id: z.string(),
  label: z.string(),
  type: z.string(),
  is_required: z.boolean(),
  is_custom: z.boolean(),
  /** False: read-only at the CRM (only NEVER_UPDATE fits). */
  is_updateable: z.boolean(),
});
export type CrmTargetField = z.infer<typeof crmTargetFieldSchema>;
export const crmTargetFieldListSchema = z.array(crmTargetFieldSchema);

export const crmSourceFieldSchema = z.object({ id: z.string(), label: z.string() });
export type CrmSourceField = z.infer<typeof crmSourceFieldSchema>;
export const crmSourceFieldListSchema = z.array(crmSourceFieldSchema);

/** One row of a mapping: a registration field to a CRM field (spec 001 §3 mapping entries). */
export const fieldMappingEntrySchema = z.object({
  source_field_id: z.string().max(200),
  crm_field_id: z.string().max(200),
  is_required_crm_field: z.boolean().default(false),
  crm_field_type: z.string().max(100).default('string'),
  crm_field_update_policy: z.enum(CRM_FIELD_UPDATE_POLICIES).default('ALWAYS_UPDATE'),
});
export type FieldMappingEntry = z.infer<typeof fieldMappingEntrySchema>;

export const fieldMappingSchema = z.object({
  id: z.string().nullable(),
  crm_type: mappedTypeSchema,
  crm_object_type: z.string(),
  entity_type: z.enum(FIELD_MAPPING_ENTITY_TYPES),
  entity_id: z.string(),
  is_custom_field: z.boolean(),
  is_active: z.boolean(),
  is_default: z.boolean(),
  field_mappings: z.array(fieldMappingEntrySchema),
});
export type FieldMapping = z.infer<typeof fieldMappingSchema>;

const entityQuery = {
  crm_type: mappedTypeSchema,
  crm_object_type: z.string().min(1).max(100),
  entity_type: z.enum(FIELD_MAPPING_ENTITY_TYPES).default('EVENT'),
  entity_id: z.uuid(),
};

/**
 * Spec 001 §7 names a mapping's event `event` and its studio template `studio_template` (a form's
 * mapping: `entity_type` GLOBAL_FORM with `entity_id`); both read as the entity type and id.
 */
const withSpecEntityNames = (input: unknown) => {
  if (typeof input !== 'object' || input === null) return input;
  const { event, studio_template, ...rest } = input as Record<string, unknown>;
  if (event !== undefined) return { ...rest, entity_type: 'EVENT', entity_id: event };
  if (studio_template !== undefined)
    return { ...rest, entity_type: 'STUDIO_TEMPLATE', entity_id: studio_template };
  return input;
};

/**
 * The spec's GET also names `is_custom_field` and `is_active`: a key has one mapping, whose answer
 * carries both flags, so they are checked (a boolean) but narrow nothing.
 */
export const fieldMappingQuerySchema = z.preprocess(
  withSpecEntityNames,
  z.object({ ...entityQuery, is_custom_field: booleanQuery.optional(), is_active: booleanQuery.optional() }),
);
export type FieldMappingQuery = z.infer<typeof fieldMappingQuerySchema>;

/**
 * Bulk save: the whole list at once, in one transaction. The spec's optional `solution_instance_id`
 * is the connector itself (an organisation has one connection a CRM), so it must name `crm_type`.
 */
export const saveFieldMappingsSchema = z.preprocess(
  withSpecEntityNames,
  z
    .object({
      ...entityQuery,
      field_mappings: z.array(fieldMappingEntrySchema).max(500),
      solution_instance_id: z.string().max(100).optional(),
    })
    .refine(
      (save) => save.solution_instance_id === undefined || save.solution_instance_id === save.crm_type,
      {
        path: ['solution_instance_id'],
        message: 'The solution instance is not this CRM’s connection.',
      },
    ),
);
export type SaveFieldMappings = z.infer<typeof saveFieldMappingsSchema>;

export const createDefaultMappingsSchema = z.object({
  crm_type: mappedTypeSchema,
  entity_type: z.enum(FIELD_MAPPING_ENTITY_TYPES),
  entity_id: z.uuid(),
});

export const sourceFieldsQuerySchema = z.object({
  event_id: z.uuid().optional(),
  studio_template_id: z.uuid().optional(),
  form_id: z.uuid().optional(),
});

/** An event's settings for a CRM (spec 001 §7). */
export const eventCrmSettingsSchema = z.object({
  crm_type: crmTypeSchema,
  is_enabled: z.boolean(),
  salesforce_campaign_id: z.string().nullable(),
  salesforce_campaign_name: z.string().nullable(),
  campaign_member_status: z.string().nullable(),
  hubspot_portal_id: z.string().nullable(),
});
export type EventCrmSettings = z.infer<typeof eventCrmSettingsSchema>;

export const patchEventCrmSettingsSchema = z
  .object({
    is_enabled: z.boolean(),
    campaign_member_status: z.string().trim().min(1).max(255),
    hubspot_portal_id: z
      .string()
      .trim()
      .regex(/^\d{1,20}$/, 'A HubSpot portal id is a number.'),
  })
  .partial();

/**
 * The integration template of a studio template or a series (spec 001 §2.3, §7 "integration
 * template get and update"): per CRM, whether its events push there, the campaign member status
 * and the HubSpot portal. An event made from the template starts with these settings and the
 * template's field mappings.
 */
export const INTEGRATION_CONTEXTS = ['STUDIO_TEMPLATE', 'SERIES'] as const;
export type IntegrationContext = (typeof INTEGRATION_CONTEXTS)[number];
export const contextCrmSettingsSchema = eventCrmSettingsSchema.pick({
  crm_type: true,
  is_enabled: true,
  campaign_member_status: true,
  hubspot_portal_id: true,
});
export type ContextCrmSettings = z.infer<typeof contextCrmSettingsSchema>;
export const integrationTemplateSchema = z.object({
  entity_type: z.enum(INTEGRATION_CONTEXTS),
  entity_id: z.string(),
  settings: z.array(contextCrmSettingsSchema),
});
export type IntegrationTemplate = z.infer<typeof integrationTemplateSchema>;
/** "Copy integration template data to an event": a studio template's onto an existing event. */
export const copyIntegrationTemplateSchema = z.object({ studio_template_id: z.uuid() });

export const salesforceCampaignQuerySchema = z.object({ campaign_id: z.string().trim().min(1).max(18) });
export const connectSalesforceCampaignSchema = z.object({
  campaign_id: z.string().trim().min(1).max(18),
  solution_instance_id: z.string().max(100).optional(),
});
export const salesforceCampaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  is_active: z.boolean(),
});
export const validatedCampaignSchema = z.object({
  is_valid: z.boolean(),
  campaign: salesforceCampaignSchema.nullable(),
});
export const connectedCampaignSchema = z.object({
  populated_salesforce_campaign_data: salesforceCampaignSchema,
  settings: eventCrmSettingsSchema,
});
export const campaignMemberStatusSchema = z.object({
  statuses: z.array(z.object({ label: z.string(), is_default: z.boolean(), has_responded: z.boolean() })),
});

/**
 * The registration statuses a registrant is pushed to the CRMs at (spec 002 §3.17's user_profile
 * activities): the registration, the check-in, and each later change of status.
 */
export const CRM_PUSHED_STATUSES = [
  'REGISTRATION',
  'WAITLISTED',
  'REJECTED',
  'CANCELED',
  'ATTENDED',
] as const;
export type CrmPushedStatus = (typeof CRM_PUSHED_STATUSES)[number];

/**
 * The Salesforce campaign member status of each status after the registration (whose status is
 * the one the organiser chose): created on the campaign when it has none of that label.
 */
export const salesforceMemberStatusOf: Record<
  Exclude<CrmPushedStatus, 'REGISTRATION'>,
  { label: string; hasResponded: boolean }
> = {
  ATTENDED: { label: 'Attended', hasResponded: true },
  WAITLISTED: { label: 'Waitlisted', hasResponded: true },
  REJECTED: { label: 'Rejected', hasResponded: false },
  CANCELED: { label: 'Canceled', hasResponded: false },
};

/** The status a registration is pushed at: a No Show (after the event) held a seat as registered. */
export const crmStatusOf = (status: string): CrmPushedStatus =>
  (CRM_PUSHED_STATUSES as readonly string[]).includes(status) ? (status as CrmPushedStatus) : 'REGISTRATION';

export const CRM_SYNC_STATUSES = ['pending', 'synced', 'failed'] as const;
/** The "integration activity sync status" call (spec 001 §7): per CRM, what the last pushes did. */
export const integrationActivitySyncSchema = z.object({
  integrationStatusMap: z.record(
    z.string(),
    z.object({
      synced: z.number().int(),
      pending: z.number().int(),
      failed: z.number().int(),
      last_synced_at: z.string().nullable(),
      last_error: z.string().nullable(),
    }),
  ),
});
export type IntegrationActivitySync = z.infer<typeof integrationActivitySyncSchema>;

/** The event's people whose last push to one CRM failed, a page at a time, with the CRM's error. */
export const CRM_SYNC_FAILURES_PAGE_SIZE = 20;
export const crmSyncFailuresQuerySchema = pageQuerySchema.extend({ crm_type: mappedTypeSchema });
export const crmSyncFailureSchema = z.object({
  email: z.string(),
  error: z.string().nullable(),
  updated_at: z.string(),
});
export type CrmSyncFailure = z.infer<typeof crmSyncFailureSchema>;
export const crmSyncFailurePageSchema = pageSchema(crmSyncFailureSchema);

/** "Retry": the failed people's pushes to one CRM queued again (one job per person). */
export const crmSyncRetrySchema = z.object({ crm_type: mappedTypeSchema });
export const crmSyncRetryAnswerSchema = z.object({ queued: z.number().int() });

/** Pushed to the sockets of the event at each push's outcome (the sync counts and failures follow). */
export const CRM_SYNC_UPDATED = 'crm-sync-updated';
export const crmSyncUpdatedMessageSchema = z.object({
  type: z.literal(CRM_SYNC_UPDATED),
  data: z.object({
    eventId: z.string(),
    crm_type: z.string(),
    email: z.string(),
    status: z.enum(CRM_SYNC_STATUSES),
    error: z.string().nullable(),
  }),
});
