import type { CrmTargetField, SlackSalesforceOwnerType } from '@studio/domain';
import { z } from 'zod';
import type { OutboundAnswer, OutboundPolicy } from '../../../platform/outbound-request.ts';
import {
  valueToSend,
  type Authenticated,
  type Connector,
  type CrmRegistrant,
  type PushOptions,
  type PushResult,
} from './connector.ts';
import { FORM_CONTENT_TYPE, formBody, VendorError, VendorHttp, vendorUrl } from './vendor-http.ts';

/**
 * Salesforce's REST API: OAuth 2.0 client credentials flow of a connected app at the org's login
 * URL (SALESFORCE_LOGIN_URL, default https://login.salesforce.com, or the org's My Domain), then
 * sObject describe (target fields), Campaign and CampaignMemberStatus (read, create), Lead/Contact
 * upsert by email and CampaignMember create or status update, at the instance URL the token answer names.
 */
export const SALESFORCE_API_VERSION = 'v60.0';

export interface SalesforceCredentials {
  client_id: string;
  client_secret: string;
  login_url?: string | undefined;
}

const tokenSchema = z.object({ access_token: z.string(), instance_url: z.url(), id: z.string() });
const describeSchema = z.object({
  fields: z.array(
    z.object({
      name: z.string(),
      label: z.string(),
      type: z.string(),
      updateable: z.boolean(),
      createable: z.boolean(),
      nillable: z.boolean(),
      defaultedOnCreate: z.boolean(),
      custom: z.boolean(),
    }),
  ),
});
const campaignSchema = z.object({ Id: z.string(), Name: z.string(), IsActive: z.boolean() });
const querySchema = z.object({ records: z.array(z.record(z.string(), z.unknown())) });
const createdSchema = z.object({ id: z.string(), success: z.boolean() });
const errorsSchema = z.array(z.object({ errorCode: z.string(), message: z.string() }));

const apiName = /^[A-Za-z][A-Za-z0-9_]*$/;
const soqlString = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** Where each owner type is read: the object looked up by email and the owner's id field on it. */
const OWNER_FIELDS: Record<SlackSalesforceOwnerType, { objectType: 'Contact' | 'Lead'; path: string[] }> = {
  ACCOUNT_OWNER: { objectType: 'Contact', path: ['Account', 'OwnerId'] },
  CONTACT_OWNER: { objectType: 'Contact', path: ['OwnerId'] },
  LEAD_OWNER: { objectType: 'Lead', path: ['OwnerId'] },
};

/** A registrant's owner in Salesforce: an active User and their email, or why there is none. */
export type SalesforceOwner =
  | { found: true; email: string; name: string }
  | { found: false; missing: 'no_record' | 'no_account' | 'no_user'; objectType: 'Contact' | 'Lead' };

export interface SalesforceCampaign {
  id: string;
  name: string;
  isActive: boolean;
}

export class SalesforceClient implements Connector {
  private session: { token: string; baseUrl: string } | undefined;
  private readonly http: VendorHttp;

  constructor(
    private readonly credentials: SalesforceCredentials,
    private readonly options: {
      loginUrl: string;
      outbound: OutboundPolicy;
      session?: { token: string; baseUrl: string } | undefined;
    },
  ) {
    this.session = options.session;
    // No retries here: the integrations service asks for target fields again and the sync job is retried.
    this.http = new VendorHttp('Salesforce', options.outbound, { retries: 0 }, () => [
      credentials.client_secret,
      this.session?.token,
    ]);
  }

  async authenticate(): Promise<Authenticated> {
    const loginUrl = this.credentials.login_url ?? this.options.loginUrl;
    const answer = await this.http.send({
      what: 'the token request',
      method: 'POST',
      url: vendorUrl(loginUrl, '/services/oauth2/token'),
      headers: { 'content-type': FORM_CONTENT_TYPE },
      body: formBody({
        grant_type: 'client_credentials',
        client_id: this.credentials.client_id,
        client_secret: this.credentials.client_secret,
      }),
    });
    if (answer.status === 400 || answer.status === 401)
      throw this.http.error('authentication', 'the credentials were refused', answer.status);
    const token = this.read(answer, tokenSchema, 'the token request');
    // The identity URL ends in /id/{orgId}/{userId}.
    const accountId = token.id.split('/').at(-2) ?? '';
    this.session = { token: token.access_token, baseUrl: token.instance_url };
    return { token: token.access_token, accountId, baseUrl: token.instance_url };
  }

  /** A call to the REST API of the instance, authenticated again once when the token is refused. */
  private async api(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    body?: unknown,
    retried = false,
  ): Promise<OutboundAnswer> {
    const session = this.session ?? (await this.authenticate());
    const what = `${method} ${path.split('?')[0]}`;
    const answer = await this.http.send({
      what,
      method,
      url: vendorUrl(session.baseUrl, `/services/data/${SALESFORCE_API_VERSION}${path}`),
      headers: { authorization: `Bearer ${session.token}`, accept: 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    if (answer.status === 401 && !retried) {
      this.session = undefined;
      return this.api(method, path, body, true);
    }
    // Still refused, rate limited or down: no write below reads that as the record's refusal.
    if (answer.status === 401 || answer.status === 429 || answer.status >= 500)
      throw this.http.failure(answer, what);
    return answer;
  }

  /** A 2xx answer read with `schema`; any other is the VendorError its status names. */
  private read<T extends z.ZodType>(answer: OutboundAnswer, schema: T, what: string): z.infer<T> {
    if (answer.status >= 300) throw this.http.failure(answer, what);
    return this.http.parse(answer, schema, what);
  }

  async targetFields(objectType: string): Promise<CrmTargetField[]> {
    if (!apiName.test(objectType)) throw this.http.error('not_found', `${objectType} was not found`);
    const describe = this.read(
      await this.api('GET', `/sobjects/${objectType}/describe/`),
      describeSchema,
      `${objectType} describe`,
    );
    return describe.fields
      .filter((field) => field.createable || field.updateable)
      .map((field) => ({
        id: field.name,
        label: field.label,
        type: field.type,
        is_required: field.createable && !field.nillable && !field.defaultedOnCreate,
        is_custom: field.custom,
        is_updateable: field.updateable,
      }));
  }

  async campaign(campaignId: string): Promise<SalesforceCampaign> {
    if (!/^[A-Za-z0-9]{15,18}$/.test(campaignId))
      throw this.http.error('not_found', 'the campaign was not found');
    const answer = await this.api('GET', `/sobjects/Campaign/${campaignId}`);
    // A malformed id is a 400 MALFORMED_ID: no such campaign either.
    if (answer.status === 400) throw this.http.error('not_found', 'the campaign was not found', 400);
    const campaign = this.read(answer, campaignSchema, 'the campaign');
    return { id: campaign.Id, name: campaign.Name, isActive: campaign.IsActive };
  }

  async campaignMemberStatuses(campaignId: string) {
    const soql = `SELECT Label, IsDefault, HasResponded FROM CampaignMemberStatus WHERE CampaignId = ${soqlString(campaignId)}`;
    const { records } = this.read(
      await this.api('GET', `/query/?q=${encodeURIComponent(soql)}`),
      querySchema,
      'the member statuses',
    );
    return records.map((record) => ({
      label: String(record.Label),
      is_default: record.IsDefault === true,
      has_responded: record.HasResponded === true,
    }));
  }

  async pushRegistrants(
    objectType: string,
    registrants: readonly CrmRegistrant[],
    options: PushOptions,
  ): Promise<PushResult[]> {
    const results: PushResult[] = [];
    for (const registrant of registrants) {
      try {
        results.push({
          email: registrant.email,
          recordId: await this.upsert(objectType, registrant, options),
        });
      } catch (error) {
        if (
          !(error instanceof VendorError) ||
          !(error.kind === 'rejected' || error.kind === 'not_found' || error.kind === 'bad_answer')
        )
          throw error;
        results.push({ email: registrant.email, error: error.message });
      }
    }
    return results;
  }

  /**
   * The owner of the person with this email (SOQL on Contact or Lead: `Account.OwnerId` or
   * `OwnerId`), then that User's email; a queue or an inactive user is no owner.
   */
  async ownerOf(ownerType: SlackSalesforceOwnerType, email: string): Promise<SalesforceOwner> {
    const { objectType, path } = OWNER_FIELDS[ownerType];
    const none = (missing: 'no_record' | 'no_account' | 'no_user') =>
      ({ found: false, missing, objectType }) as const;
    const record = await this.recordOf(objectType, email, [path.join('.')]);
    if (!record) return none('no_record');
    const [first, second] = path as [string, string | undefined];
    const account = second === undefined ? record : (record[first] as Record<string, unknown> | null);
    if (!account) return none('no_account');
    const ownerId = account[second ?? first];
    if (typeof ownerId !== 'string' || !/^\w{15,18}$/.test(ownerId)) return none('no_user');
    const soql = `SELECT Id, Email, Name, IsActive FROM User WHERE Id = ${soqlString(ownerId)} LIMIT 1`;
    const [user] = this.read(
      await this.api('GET', `/query/?q=${encodeURIComponent(soql)}`),
      querySchema,
      'the owner lookup',
    ).records;
    if (!user || user.IsActive !== true || typeof user.Email !== 'string' || !user.Email)
      return none('no_user');
    return { found: true, email: user.Email, name: typeof user.Name === 'string' ? user.Name : '' };
  }

  async hasRecord(objectType: string, email: string): Promise<boolean> {
    return (await this.recordOf(objectType, email, [])) !== undefined;
  }

  /** The record of `objectType` holding the email, with its `names` fields, if there is one. */
  private async recordOf(objectType: string, email: string, names: readonly string[]) {
    const soql = `SELECT ${['Id', ...names].join(', ')} FROM ${objectType} WHERE Email = ${soqlString(email)} LIMIT 1`;
    const [record] = this.read(
      await this.api('GET', `/query/?q=${encodeURIComponent(soql)}`),
      querySchema,
      `the ${objectType} lookup`,
    ).records;
    return record;
  }

  private async upsert(objectType: string, registrant: CrmRegistrant, options: PushOptions): Promise<string> {
    const names = Object.keys(registrant.fields).filter((name) => apiName.test(name) && name !== 'Id');
    const existing = await this.recordOf(objectType, registrant.email, names);
    const values: Record<string, string> = {};
    for (const name of names) {
      const value = valueToSend(registrant.fields[name]!, existing?.[name], !existing);
      if (value !== undefined) values[name] = value;
    }
    let id: string;
    if (existing) {
      id = String(existing.Id);
      if (Object.keys(values).length > 0) {
        const answer = await this.api('PATCH', `/sobjects/${objectType}/${id}`, values);
        if (answer.status !== 204)
          throw this.http.error('rejected', rejection(answer, objectType), answer.status);
      }
    } else {
      const answer = await this.api('POST', `/sobjects/${objectType}/`, values);
      if (answer.status !== 201)
        throw this.http.error('rejected', rejection(answer, objectType), answer.status);
      id = this.read(answer, createdSchema, `the ${objectType} creation`).id;
    }
    if (options.campaign) await this.joinCampaign(objectType, id, options.campaign);
    return id;
  }

  /** Makes the record a member of the campaign at its member status (the status it has when none is named). */
  private async joinCampaign(
    objectType: string,
    recordId: string,
    campaign: NonNullable<PushOptions['campaign']>,
  ) {
    const idField = objectType === 'Contact' ? 'ContactId' : 'LeadId';
    if (campaign.memberStatus && campaign.createStatus)
      await this.ensureMemberStatus(campaign.id, campaign.memberStatus, campaign.createStatus.hasResponded);
    const soql = `SELECT Id FROM CampaignMember WHERE CampaignId = ${soqlString(campaign.id)} AND ${idField} = ${soqlString(recordId)} LIMIT 1`;
    const [member] = this.read(
      await this.api('GET', `/query/?q=${encodeURIComponent(soql)}`),
      querySchema,
      'the campaign member lookup',
    ).records;
    if (member) {
      if (!campaign.memberStatus) return;
      const answer = await this.api('PATCH', `/sobjects/CampaignMember/${String(member.Id)}`, {
        Status: campaign.memberStatus,
      });
      if (answer.status !== 204)
        throw this.http.error('rejected', rejection(answer, 'CampaignMember'), answer.status);
      return;
    }
    const created = {
      CampaignId: campaign.id,
      [idField]: recordId,
      ...(campaign.memberStatus && { Status: campaign.memberStatus }),
    };
    const answer = await this.api('POST', '/sobjects/CampaignMember/', created);
    if (answer.status !== 201)
      throw this.http.error('rejected', rejection(answer, 'CampaignMember'), answer.status);
  }

  /** Adds the member status to the campaign when it has none of that label (CampaignMemberStatus create). */
  private async ensureMemberStatus(campaignId: string, label: string, hasResponded: boolean) {
    const statuses = await this.campaignMemberStatuses(campaignId);
    if (statuses.some((status) => status.label === label)) return;
    const answer = await this.api('POST', '/sobjects/CampaignMemberStatus/', {
      CampaignId: campaignId,
      Label: label,
      HasResponded: hasResponded,
    });
    if (answer.status !== 201)
      throw this.http.error('rejected', rejection(answer, 'CampaignMemberStatus'), answer.status);
  }
}

/** The answer's JSON, or null when it is none (Salesforce's error lists are read leniently). */
function jsonOf(answer: OutboundAnswer): unknown {
  try {
    return JSON.parse(answer.body);
  } catch {
    return null;
  }
}

/** Salesforce's own words for a refused write ([{errorCode, message}]). */
function rejection(answer: OutboundAnswer, what: string): string {
  const errors = errorsSchema.safeParse(jsonOf(answer));
  return errors.success && errors.data[0]
    ? `it refused the ${what}: ${errors.data[0].errorCode} ${errors.data[0].message}`
    : `it refused the ${what}`;
}
