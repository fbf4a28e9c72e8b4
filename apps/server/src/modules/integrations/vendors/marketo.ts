import {
  isMarketoFolderSearch,
  marketingMessages,
  marketoActivityTypeNames,
  type CrmTargetField,
} from '@studio/domain';
import { z } from 'zod';
import type { OutboundAnswer } from '../../../platform/outbound-request.ts';
import {
  CachedToken,
  FORM_CONTENT_TYPE,
  formBody,
  foundOrNull,
  grantsAccess,
  VendorError,
  VendorHttp,
  vendorUrl,
  type VendorClientOptions,
} from './vendor-http.ts';

/**
 * Marketo's REST API (developers.marketo.com): identity OAuth with client credentials, the asset
 * API (programs, folders, clone) and the lead database API (leads, custom activities, program
 * members). Every answer is an envelope {success, errors[{code, message}], result}; errors come
 * with HTTP 200, so the client reads the codes.
 *
 * Base URL: the instance's REST endpoint, `https://{munchkin-id}.mktorest.com` (the connection
 * stores it; MARKETO_BASE_URL may name a default for a single-instance deployment).
 */

export interface MarketoCredentials {
  clientId: string;
  clientSecret: string;
}

/**
 * The studio's activities in Marketo: the event's name is the primary attribute, the studio's
 * activity id (spec 002 §3.17, e.g. user_profile:registered) a secondary one.
 */
export const STUDIO_ACTIVITY_ATTRIBUTES = {
  primary: { apiName: 'event_name', name: 'Event name', dataType: 'string' },
  activityId: { apiName: 'activity_id', name: 'Activity id', dataType: 'string' },
} as const;

/** The two activity types the studio creates (the organisation, or a team connection, keeps their ids). */
export const studioActivityTypes = [
  { key: 'user_profile', name: marketoActivityTypeNames.user_profile, apiName: 'studio_user_profile' },
  {
    key: 'user_engagement',
    name: marketoActivityTypeNames.user_engagement,
    apiName: 'studio_user_engagement',
  },
] as const;

// Documented error codes (Marketo "Error Codes").
const TOKEN_CODES = new Set(['601', '602']);
/** 604 request timed out, 606 rate limit (100 calls / 20 s), 608 temporarily unavailable, 615 concurrency limit. */
const RETRY_CODES = new Set(['604', '606', '608', '615']);
/** 610 resource not found, 702 no data found for the search scope, 1013 object not found. */
const NOT_FOUND_CODES = new Set(['610', '702', '1013']);
/** 603 access denied, 607 daily quota reached. */
const DENIED_CODES = new Set(['603', '607']);

const codeSchema = z.union([z.string(), z.number()]).transform(String);
const envelope = <T extends z.ZodType>(result: T) =>
  z.object({
    success: z.boolean(),
    errors: z.array(z.object({ code: codeSchema, message: z.string().optional() })).optional(),
    warnings: z.array(z.string()).optional(),
    result: z.array(result).nullish(),
    nextPageToken: z.string().optional(),
  });

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number() });
const folderRefSchema = z.object({ id: z.number(), type: z.string() });

export const marketoProgramSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string().optional(),
  channel: z.string().optional(),
  status: z.string().optional(),
  url: z.string().optional(),
  folder: z.object({ type: z.string(), value: z.number(), folderName: z.string().optional() }).optional(),
});
export type MarketoProgram = z.infer<typeof marketoProgramSchema>;

export const marketoFolderSchema = z.object({
  id: z.number(),
  name: z.string(),
  folderId: folderRefSchema,
  folderType: z.string().optional(),
  path: z.string().optional(),
});
export type MarketoFolder = z.infer<typeof marketoFolderSchema>;

const activityTypeSchema = z.object({
  id: z.number(),
  apiName: z.string(),
  name: z.string(),
  status: z.string(),
});
export type MarketoActivityType = z.infer<typeof activityTypeSchema>;

interface ActivityAttribute {
  apiName: string;
  name: string;
  dataType: 'string' | 'integer' | 'date';
}

const recordStatusSchema = z.object({
  id: z.number().optional(),
  status: z.string(),
  reasons: z.array(z.object({ code: codeSchema, message: z.string().optional() })).optional(),
});
export type MarketoRecordStatus = z.infer<typeof recordStatusSchema>;

const programMemberSchema = z.object({
  leadId: z.number(),
  reachedSuccess: z.boolean().optional(),
  statusName: z.string().optional(),
  progressionStatus: z.string().optional(),
});

const channelSchema = z.object({
  name: z.string(),
  applicableProgramType: z.string().optional(),
  progressionStatuses: z.array(
    z.object({
      name: z.string(),
      step: z.number(),
      success: z.boolean().optional(),
      hidden: z.boolean().optional(),
    }),
  ),
});
export type MarketoMemberStatus = z.infer<typeof channelSchema>['progressionStatuses'][number];

const leadFieldSchema = z.object({
  id: z.number(),
  displayName: z.string(),
  dataType: z.string(),
  rest: z.object({ name: z.string(), readOnly: z.boolean().optional() }).optional(),
});

/** The most records one lead or activity call takes. */
const BATCH = 300;

/** `push` each 300 of `items` (the most Marketo takes a call); their statuses, in order. */
async function inBatches<T>(
  items: readonly T[],
  push: (batch: readonly T[]) => Promise<MarketoRecordStatus[]>,
): Promise<MarketoRecordStatus[]> {
  const statuses: MarketoRecordStatus[] = [];
  for (let start = 0; start < items.length; start += BATCH)
    statuses.push(...(await push(items.slice(start, start + BATCH))));
  return statuses;
}
/** Folder pages read at most when searching (200 folders a page). */
const FOLDER_PAGES = 10;

export class MarketoClient {
  private readonly http: VendorHttp;
  private readonly token = new CachedToken();
  private readonly baseUrl: string;

  constructor(
    private readonly credentials: MarketoCredentials,
    options: VendorClientOptions,
  ) {
    if (!options.baseUrl) throw new Error('Marketo needs the instance REST endpoint as its base URL');
    this.baseUrl = options.baseUrl;
    this.http = new VendorHttp('Marketo', options.outbound, options.retry, () => [
      credentials.clientId,
      credentials.clientSecret,
      this.token.peek(),
    ]);
  }

  /** Fetches a token (identity OAuth, client credentials), kept until it expires. */
  async authenticate(): Promise<void> {
    await this.accessToken();
  }

  /** Whether the credentials are good now (a fresh token). */
  health(): Promise<boolean> {
    this.token.clear();
    return grantsAccess(() => this.accessToken());
  }

  /** The program with that id (validate program), or null when Marketo has none. */
  async program(programId: number | string): Promise<MarketoProgram | null> {
    const id = encodeURIComponent(String(programId));
    const found = await foundOrNull(() =>
      this.call('GET', `/rest/asset/v1/program/${id}.json`, `program ${programId}`, marketoProgramSchema),
    );
    return found?.[0] ?? null;
  }

  /** Folders whose name holds `searchName` (case-insensitive); nothing for a blank search (spec 001). */
  async searchFolders(searchName: string): Promise<MarketoFolder[]> {
    if (!isMarketoFolderSearch(searchName)) return [];
    const needle = searchName.trim().toLowerCase();
    const found: MarketoFolder[] = [];
    for (let page = 0; page < FOLDER_PAGES; page += 1) {
      const folders = await this.call(
        'GET',
        '/rest/asset/v1/folders.json',
        'the folder list',
        marketoFolderSchema,
        {
          query: { maxReturn: 200, offset: page * 200 },
        },
      ).catch((failure: unknown) => {
        if (failure instanceof VendorError && failure.kind === 'not_found') return [];
        throw failure;
      });
      found.push(...folders.filter((folder) => folder.name.toLowerCase().includes(needle)));
      if (folders.length < 200) break;
    }
    return found;
  }

  /** Clones the base program into the folder under a new name (clone program). */
  async cloneProgram(input: {
    baseProgramId: number | string;
    programName: string;
    folderId: number;
    folderType?: 'Folder' | 'Program';
    description?: string;
  }): Promise<MarketoProgram> {
    const id = encodeURIComponent(String(input.baseProgramId));
    const [program] = await this.call(
      'POST',
      `/rest/asset/v1/program/${id}/clone.json`,
      'the program clone',
      marketoProgramSchema,
      {
        form: {
          name: input.programName,
          folder: JSON.stringify({ id: input.folderId, type: input.folderType ?? 'Folder' }),
          description: input.description,
        },
      },
    );
    if (!program) throw this.http.error('bad_answer', 'the program clone answered no program');
    return program;
  }

  /** Creates a custom activity type (a draft), its secondary attributes, and approves it. */
  async createActivityType(type: {
    apiName: string;
    name: string;
    description?: string;
    primaryAttribute: ActivityAttribute;
    attributes?: readonly ActivityAttribute[];
  }): Promise<MarketoActivityType> {
    const [draft] = await this.call(
      'POST',
      '/rest/v1/activities/external/type.json',
      `the activity type "${type.name}"`,
      activityTypeSchema,
      {
        json: {
          apiName: type.apiName,
          name: type.name,
          description: type.description,
          triggerName: `${type.name} happened`,
          filterName: `Had ${type.name}`,
          primaryAttribute: type.primaryAttribute,
        },
      },
    );
    if (!draft) throw this.http.error('bad_answer', `the activity type "${type.name}" answered no type`);
    const typePath = `/rest/v1/activities/external/type/${encodeURIComponent(draft.apiName)}`;
    // Attributes are added to the draft: an approved type takes new ones only through a new draft.
    if (type.attributes?.length)
      await this.call(
        'POST',
        `${typePath}/attributes/create.json`,
        `the attributes of "${type.name}"`,
        activityTypeSchema,
        { json: { attributes: type.attributes } },
      );
    const path = `${typePath}/approve.json`;
    const [approved] = await this.call('POST', path, `the approval of "${type.name}"`, activityTypeSchema, {
      json: {},
    });
    return approved ?? draft;
  }

  /**
   * create_marketo_custom_activity_types: the studio's two activity types, each on its own (one
   * failing does not stop the other). `failures` holds the names that failed and `message` the
   * spec's toast for them.
   */
  async createStudioActivityTypes(): Promise<{
    ids: Partial<Record<(typeof studioActivityTypes)[number]['key'], string>>;
    failures: string[];
    message: string | null;
  }> {
    const ids: Partial<Record<(typeof studioActivityTypes)[number]['key'], string>> = {};
    const failures: string[] = [];
    for (const type of studioActivityTypes) {
      try {
        const created = await this.createActivityType({
          apiName: type.apiName,
          name: type.name,
          primaryAttribute: STUDIO_ACTIVITY_ATTRIBUTES.primary,
          attributes: [STUDIO_ACTIVITY_ATTRIBUTES.activityId],
        });
        ids[type.key] = String(created.id);
      } catch (failure) {
        if (!(failure instanceof VendorError)) throw failure;
        failures.push(type.name);
      }
    }
    return {
      ids,
      failures,
      message: failures.length ? marketingMessages.marketoActivityTypeFailed(failures) : null,
    };
  }

  /** The lead fields a registration field may be mapped to (describe leads), by their REST names. */
  async leadFields(): Promise<CrmTargetField[]> {
    const fields = await this.call('GET', '/rest/v1/leads/describe.json', 'the lead fields', leadFieldSchema);
    return fields.flatMap((field) =>
      field.rest
        ? [
            {
              id: field.rest.name,
              label: field.displayName,
              type: field.dataType,
              // Leads are matched on email: the one field a push cannot do without.
              is_required: field.rest.name === 'email',
              // Marketo's describe does not tell custom fields apart.
              is_custom: false,
              is_updateable: field.rest.readOnly !== true,
            },
          ]
        : [],
    );
  }

  /** Creates or updates leads by email, 300 a call; one status per lead, in order. */
  async pushLeads(
    leads: readonly Record<string, string | number | boolean | null>[],
  ): Promise<MarketoRecordStatus[]> {
    return inBatches(leads, (input) =>
      this.call('POST', '/rest/v1/leads.json', 'the lead push', recordStatusSchema, {
        json: { action: 'createOrUpdate', lookupField: 'email', input },
      }),
    );
  }

  /**
   * The lead with this email and the named fields (Get Leads by Filter Type), or null; the push
   * reads it first when a field's update policy depends on what Marketo holds.
   */
  async leadByEmail(email: string, fields: readonly string[]): Promise<Record<string, unknown> | null> {
    const [lead] = await this.call(
      'GET',
      '/rest/v1/leads.json',
      'the lead',
      z.record(z.string(), z.unknown()),
      {
        query: { filterType: 'email', filterValues: email, fields: ['id', ...fields].join(',') },
      },
    );
    return lead ?? null;
  }

  /** Adds custom activities (activityTypeId from createActivityType), 300 a call. */
  async pushActivities(
    activities: readonly {
      leadId: number;
      activityTypeId: number;
      activityDate: string;
      primaryAttributeValue: string;
      attributes?: { apiName: string; value: string | number }[];
    }[],
  ): Promise<MarketoRecordStatus[]> {
    return inBatches(activities, (input) =>
      this.call('POST', '/rest/v1/activities/external.json', 'the activity push', recordStatusSchema, {
        json: { input },
      }),
    );
  }

  /** Sets the program member status of leads, 300 a call (joins them to the program when they are not members). */
  async setMemberStatus(
    programId: number | string,
    statusName: string,
    leadIds: readonly number[],
  ): Promise<MarketoRecordStatus[]> {
    return this.postMembers(programId, 'status', `the member status of program ${programId}`, leadIds, {
      statusName,
    });
  }

  /** Removes leads from the program ("Not in Program"), 300 a call; a lead that was no member is skipped. */
  async removeMembers(
    programId: number | string,
    leadIds: readonly number[],
  ): Promise<MarketoRecordStatus[]> {
    return this.postMembers(programId, 'delete', `the members of program ${programId}`, leadIds);
  }

  /** POSTs the leads to one of the program's members endpoints, 300 a call, with `fields` beside them. */
  private postMembers(
    programId: number | string,
    endpoint: 'status' | 'delete',
    what: string,
    leadIds: readonly number[],
    fields: { statusName?: string } = {},
  ): Promise<MarketoRecordStatus[]> {
    const id = encodeURIComponent(String(programId));
    return inBatches(leadIds, (batch) =>
      this.call('POST', `/rest/v1/programs/${id}/members/${endpoint}.json`, what, recordStatusSchema, {
        json: { ...fields, input: batch.map((leadId) => ({ leadId })) },
      }),
    );
  }

  /** The member statuses a program of that channel offers (its progression statuses, in step order). */
  async memberStatuses(channel: string): Promise<MarketoMemberStatus[]> {
    const [found] = await this.call(
      'GET',
      '/rest/asset/v1/channel/byName.json',
      `channel "${channel}"`,
      channelSchema,
      {
        query: { name: channel },
      },
    );
    return (found?.progressionStatuses ?? []).toSorted((one, other) => one.step - other.step);
  }

  /** The program's members among `leadIds`, with their status. */
  async programMembers(programId: number | string, leadIds: readonly number[]) {
    const id = encodeURIComponent(String(programId));
    return this.call(
      'GET',
      `/rest/v1/programs/${id}/members.json`,
      `the members of program ${programId}`,
      programMemberSchema,
      {
        query: { filterType: 'leadId', filterValues: leadIds.join(',') },
      },
    ).catch((failure: unknown) => {
      // 702: none of them is a member.
      if (failure instanceof VendorError && failure.code === '702') return [];
      throw failure;
    });
  }

  private async accessToken(): Promise<string> {
    return this.token.get(async () => {
      const answer = await this.http.send({
        what: 'the identity token',
        method: 'POST',
        url: vendorUrl(this.baseUrl, '/identity/oauth/token'),
        headers: { 'content-type': FORM_CONTENT_TYPE },
        body: formBody({
          grant_type: 'client_credentials',
          client_id: this.credentials.clientId,
          client_secret: this.credentials.clientSecret,
        }),
      });
      if (answer.status === 400 || answer.status === 401)
        throw this.http.error('authentication', 'the client id and secret were refused', answer.status);
      if (answer.status !== 200) throw this.http.failure(answer, 'the identity token');
      const token = this.http.parse(answer, tokenSchema, 'the identity token');
      return { value: token.access_token, expiresInSeconds: token.expires_in };
    });
  }

  /**
   * One REST call: the token in the Authorization header (Marketo no longer takes it in the query),
   * the envelope read, a token Marketo calls invalid or expired (601/602) fetched again once, rate
   * limits retried through VendorHttp.
   */
  private async call<T extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    what: string,
    item: T,
    payload: {
      query?: Record<string, string | number>;
      json?: unknown;
      form?: Record<string, string | undefined>;
    } = {},
  ): Promise<z.infer<T>[]> {
    for (let renewed = false; ; renewed = true) {
      const token = await this.accessToken();
      const answer = await this.http.send(
        {
          what,
          method,
          url: vendorUrl(this.baseUrl, path, payload.query),
          headers: {
            authorization: `Bearer ${token}`,
            ...(payload.form && { 'content-type': FORM_CONTENT_TYPE }),
          },
          ...(payload.json !== undefined && { body: JSON.stringify(payload.json) }),
          ...(payload.form && { body: formBody(payload.form) }),
        },
        (retry) => errorCodes(retry).some((code) => RETRY_CODES.has(code)),
      );
      if (answer.status !== 200) throw this.http.failure(answer, what);
      const body = this.http.parse(answer, envelope(item), what);
      if (body.success) {
        if (!body.result?.length && body.warnings?.some((warning) => /no assets found/i.test(warning)))
          throw this.http.error('not_found', `${what} was not found`, 200, '702');
        return body.result ?? [];
      }
      const [first] = body.errors ?? [];
      const code = first?.code ?? 'unknown';
      if (TOKEN_CODES.has(code) && !renewed) {
        this.token.clear();
        continue;
      }
      throw this.codeError(code, first?.message, what);
    }
  }

  private codeError(code: string, vendorMessage: string | undefined, what: string): VendorError {
    const detail = vendorMessage ? ` (${code}: ${vendorMessage})` : ` (${code})`;
    if (TOKEN_CODES.has(code))
      return this.http.error('authentication', `the token was refused for ${what}${detail}`, 200, code);
    if (RETRY_CODES.has(code))
      return this.http.error('rate_limited', `still limited on ${what}${detail}`, 200, code);
    if (NOT_FOUND_CODES.has(code))
      return this.http.error('not_found', `${what} was not found${detail}`, 200, code);
    if (DENIED_CODES.has(code))
      return this.http.error('authentication', `access denied for ${what}${detail}`, 200, code);
    // 1003 "invalid value / action not allowed", 709 "business rule", 711 "incompatible type" …
    return this.http.error('rejected', `${what} was refused${detail}`, 200, code);
  }
}

/** The envelope's error codes, for the retry decision (any JSON shape tolerated). */
function errorCodes(answer: OutboundAnswer): string[] {
  try {
    const body = JSON.parse(answer.body) as { errors?: { code?: unknown }[] };
    return Array.isArray(body.errors) ? body.errors.map((error) => String(error?.code)) : [];
  } catch {
    return [];
  }
}
