import type { CrmTargetField } from '@studio/domain';
import { z } from 'zod';
import {
  CachedToken,
  FORM_CONTENT_TYPE,
  formBody,
  foundOrNull,
  grantsAccess,
  VendorHttp,
  vendorUrl,
  type VendorClientOptions,
} from './vendor-http.ts';

/**
 * Pardot (Marketing Cloud Account Engagement) API v5: a Salesforce OAuth access token (refresh
 * token grant) plus the `Pardot-Business-Unit-Id` header on every call; lists, prospects (upsert
 * by email) and list memberships (create, query, delete). v5 wants the `fields` to answer named on each read.
 *
 * Base URLs: PARDOT_BASE_URL (default https://pi.pardot.com; https://pi.demo.pardot.com for
 * sandboxes) and SALESFORCE_LOGIN_URL (default https://login.salesforce.com) for the token.
 */

export interface PardotCredentials {
  clientId: string;
  clientSecret: string;
  /** The refresh token the organisation's Salesforce connection gave. */
  refreshToken: string;
  /** 18 characters, starting 0Uv. */
  businessUnitId: string;
}

export interface PardotClientOptions extends VendorClientOptions {
  /** Where the Salesforce token comes from. */
  loginUrl?: string;
}

const tokenSchema = z.object({ access_token: z.string().min(1), instance_url: z.string().optional() });
/** v5's error answer. */
const errorSchema = z.object({ code: z.number(), message: z.string() });

const LIST_FIELDS = ['id', 'name', 'title', 'description', 'isPublic', 'isDynamic'] as const;
export const pardotListSchema = z.object({
  id: z.number(),
  name: z.string(),
  title: z.string().nullish(),
  description: z.string().nullish(),
  isPublic: z.boolean().nullish(),
  isDynamic: z.boolean().nullish(),
});
export type PardotList = z.infer<typeof pardotListSchema>;

const PROSPECT_FIELDS = ['id', 'email', 'firstName', 'lastName', 'company', 'jobTitle'] as const;
export const pardotProspectSchema = z.object({
  id: z.number(),
  email: z.string().nullish(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  company: z.string().nullish(),
  jobTitle: z.string().nullish(),
});
export type PardotProspect = z.infer<typeof pardotProspectSchema>;

const MEMBERSHIP_FIELDS = ['id', 'listId', 'prospectId', 'optedOut'] as const;
const membershipSchema = z.object({
  id: z.number(),
  listId: z.number(),
  prospectId: z.number(),
  optedOut: z.boolean().nullish(),
});
export type PardotListMembership = z.infer<typeof membershipSchema>;

/** The prospect's standard fields a registration field may be mapped to (v5 prospect object). */
const STANDARD_PROSPECT_FIELDS: readonly { id: string; label: string; type: string }[] = [
  { id: 'email', label: 'Email', type: 'email' },
  { id: 'firstName', label: 'First Name', type: 'string' },
  { id: 'lastName', label: 'Last Name', type: 'string' },
  { id: 'salutation', label: 'Salutation', type: 'string' },
  { id: 'company', label: 'Company', type: 'string' },
  { id: 'jobTitle', label: 'Job Title', type: 'string' },
  { id: 'department', label: 'Department', type: 'string' },
  { id: 'phone', label: 'Phone', type: 'string' },
  { id: 'website', label: 'Website', type: 'string' },
  { id: 'industry', label: 'Industry', type: 'string' },
  { id: 'city', label: 'City', type: 'string' },
  { id: 'state', label: 'State', type: 'string' },
  { id: 'country', label: 'Country', type: 'string' },
  { id: 'zip', label: 'Zip', type: 'string' },
];
const CUSTOM_FIELD_FIELDS = ['id', 'name', 'fieldId', 'type'] as const;
const customFieldsSchema = z.object({
  values: z.array(z.object({ id: z.number(), name: z.string(), fieldId: z.string(), type: z.string() })),
});

/** Pages of memberships read at most per import (1,000 a page). */
const MEMBERSHIP_PAGES = 100;
/** Salesforce gives no lifetime with the token; a 401 renews it sooner. */
const TOKEN_SECONDS = 60 * 60;

export class PardotClient {
  private readonly http: VendorHttp;
  private readonly token = new CachedToken();
  private readonly baseUrl: string;
  private readonly loginUrl: string;

  constructor(
    private readonly credentials: PardotCredentials,
    options: PardotClientOptions,
  ) {
    this.baseUrl = options.baseUrl ?? 'https://pi.pardot.com';
    this.loginUrl = options.loginUrl ?? 'https://login.salesforce.com';
    this.http = new VendorHttp('Pardot', options.outbound, options.retry, () => [
      credentials.clientSecret,
      credentials.refreshToken,
      this.token.peek(),
    ]);
  }

  async authenticate(): Promise<void> {
    await this.accessToken();
  }

  /** Whether a fresh token is granted and the business unit answers. */
  health(): Promise<boolean> {
    this.token.clear();
    return grantsAccess(() =>
      this.call(
        'GET',
        '/api/v5/objects/lists',
        'the lists',
        z.object({ values: z.array(pardotListSchema) }),
        {
          fields: 'id,name',
          limit: 1,
        },
      ),
    );
  }

  /** The list with that id (update_pardot_list_id_v2), or null: 'Pardot List ID is not found!'. */
  list(listId: number): Promise<PardotList | null> {
    return foundOrNull(() =>
      this.call('GET', `/api/v5/objects/lists/${listId}`, `list ${listId}`, pardotListSchema, {
        fields: LIST_FIELDS.join(','),
      }),
    );
  }

  /** The prospect fields a registration field may be mapped to: the standard ones and the account's custom fields. */
  async prospectFields(): Promise<CrmTargetField[]> {
    const custom = await this.call(
      'GET',
      '/api/v5/objects/custom-fields',
      'the custom fields',
      customFieldsSchema,
      { fields: CUSTOM_FIELD_FIELDS.join(',') },
    );
    return [
      ...STANDARD_PROSPECT_FIELDS.map((field) => ({
        ...field,
        is_required: field.id === 'email',
        is_custom: false,
        is_updateable: true,
      })),
      // A prospect carries a custom field under its field id (…__c).
      ...custom.values.map((field) => ({
        id: field.fieldId,
        label: field.name,
        type: field.type,
        is_required: false,
        is_custom: true,
        is_updateable: true,
      })),
    ];
  }

  /** Creates the prospect, or updates the latest one with that email. */
  async upsertProspect(
    prospect: { email: string } & Record<string, string | number | boolean | null>,
  ): Promise<PardotProspect> {
    return this.call(
      'POST',
      '/api/v5/objects/prospects/do/upsertLatestByEmail',
      'the prospect upsert',
      pardotProspectSchema,
      undefined,
      {
        matchEmail: prospect.email,
        prospect,
        fields: PROSPECT_FIELDS,
      },
    );
  }

  prospect(prospectId: number): Promise<PardotProspect | null> {
    return foundOrNull(() =>
      this.call(
        'GET',
        `/api/v5/objects/prospects/${prospectId}`,
        `prospect ${prospectId}`,
        pardotProspectSchema,
        {
          fields: PROSPECT_FIELDS.join(','),
        },
      ),
    );
  }

  /**
   * The latest prospect with this email and the named fields (v5 query by email), or null; the
   * push reads it first when a field's update policy depends on what Pardot holds.
   */
  async prospectByEmail(email: string, fields: readonly string[]): Promise<Record<string, unknown> | null> {
    const page = await this.call(
      'GET',
      '/api/v5/objects/prospects',
      'the prospect',
      z.object({ values: z.array(z.record(z.string(), z.unknown())) }),
      { email, fields: ['id', ...fields].join(','), orderBy: 'id desc', limit: 1 },
    );
    return page.values[0] ?? null;
  }

  /** Adds the prospect to the list (export). */
  async addToList(listId: number, prospectId: number): Promise<PardotListMembership> {
    return this.call(
      'POST',
      '/api/v5/objects/list-memberships',
      `the membership of list ${listId}`,
      membershipSchema,
      { fields: MEMBERSHIP_FIELDS.join(',') },
      { listId, prospectId },
    );
  }

  /** Takes the prospect off the list (its membership deleted), when it is on it. */
  async removeFromList(listId: number, prospectId: number): Promise<void> {
    const found = await this.call(
      'GET',
      '/api/v5/objects/list-memberships',
      `the membership of list ${listId}`,
      z.object({ values: z.array(membershipSchema) }),
      { fields: MEMBERSHIP_FIELDS.join(','), listId, prospectId, limit: 1 },
    );
    for (const membership of found.values)
      await this.call(
        'DELETE',
        `/api/v5/objects/list-memberships/${membership.id}`,
        `the membership of list ${listId}`,
        z.null(),
      );
  }

  /** The list's memberships, every page (import). */
  async listMemberships(listId: number): Promise<PardotListMembership[]> {
    const pageSchema = z.object({ values: z.array(membershipSchema), nextPageToken: z.string().nullish() });
    const memberships: PardotListMembership[] = [];
    let nextPageToken: string | undefined;
    for (let page = 0; page < MEMBERSHIP_PAGES; page += 1) {
      const answer = await this.call(
        'GET',
        '/api/v5/objects/list-memberships',
        `the members of list ${listId}`,
        pageSchema,
        {
          fields: MEMBERSHIP_FIELDS.join(','),
          listId,
          limit: 1000,
          nextPageToken,
        },
      );
      memberships.push(...answer.values);
      nextPageToken = answer.nextPageToken ?? undefined;
      if (!nextPageToken) break;
    }
    return memberships;
  }

  private accessToken(): Promise<string> {
    return this.token.get(async () => {
      const answer = await this.http.send({
        what: 'the Salesforce token',
        method: 'POST',
        url: vendorUrl(this.loginUrl, '/services/oauth2/token'),
        headers: { 'content-type': FORM_CONTENT_TYPE },
        body: formBody({
          grant_type: 'refresh_token',
          client_id: this.credentials.clientId,
          client_secret: this.credentials.clientSecret,
          refresh_token: this.credentials.refreshToken,
        }),
      });
      // Salesforce answers a bad client or refresh token with 400 (invalid_grant, invalid_client_id).
      if (answer.status === 400 || answer.status === 401)
        throw this.http.error(
          'authentication',
          'Salesforce refused the client or refresh token',
          answer.status,
        );
      if (answer.status !== 200) throw this.http.failure(answer, 'the Salesforce token');
      return {
        value: this.http.parse(answer, tokenSchema, 'the Salesforce token').access_token,
        expiresInSeconds: TOKEN_SECONDS,
      };
    });
  }

  /** One v5 call with the token and business unit; a 401 renews the token once. */
  private async call<T extends z.ZodType>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    what: string,
    schema: T,
    query?: Record<string, string | number | undefined>,
    json?: unknown,
  ): Promise<z.infer<T>> {
    for (let renewed = false; ; renewed = true) {
      const token = await this.accessToken();
      const answer = await this.http.send({
        what,
        method,
        url: vendorUrl(this.baseUrl, path, query),
        headers: {
          authorization: `Bearer ${token}`,
          'pardot-business-unit-id': this.credentials.businessUnitId,
        },
        ...(json !== undefined && { body: JSON.stringify(json) }),
      });
      if (answer.status === 401 && !renewed) {
        this.token.clear();
        continue;
      }
      // 204 No Content (a delete) reads as null.
      if (answer.status === 204) return this.http.parse({ ...answer, body: 'null' }, schema, what);
      if (answer.status >= 200 && answer.status < 300) return this.http.parse(answer, schema, what);
      const failure = this.http.failure(answer, what);
      const detail = errorSchema.safeParse(safeJson(answer.body));
      if (!detail.success) throw failure;
      throw this.http.error(
        failure.kind,
        `${what}: ${detail.data.message}`,
        answer.status,
        String(detail.data.code),
      );
    }
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
