import type { CrmTargetField } from '@studio/domain';
import { z } from 'zod';
import type { OutboundPolicy } from '../../../platform/outbound-request.ts';
import {
  ConnectorError,
  valueToSend,
  vendorJson,
  type Authenticated,
  type Connector,
  type CrmRegistrant,
  type PushOptions,
  type PushResult,
} from './connector.ts';

/**
 * Salesforce's REST API: OAuth 2.0 client credentials flow of a connected app at the org's login
 * URL (SALESFORCE_LOGIN_URL, default https://login.salesforce.com, or the org's My Domain), then
 * sObject describe (target fields), Campaign and CampaignMemberStatus, Lead/Contact upsert by email
 * and CampaignMember create, at the instance URL the token answer names.
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

export interface SalesforceCampaign {
  id: string;
  name: string;
  isActive: boolean;
}

export class SalesforceClient implements Connector {
  private session: { token: string; baseUrl: string } | undefined;

  constructor(
    private readonly credentials: SalesforceCredentials,
    private readonly options: {
      loginUrl: string;
      outbound: OutboundPolicy;
      session?: { token: string; baseUrl: string } | undefined;
    },
  ) {
    this.session = options.session;
  }

  async authenticate(): Promise<Authenticated> {
    const loginUrl = (this.credentials.login_url ?? this.options.loginUrl).replace(/\/+$/, '');
    const { status, json } = await vendorJson(
      'Salesforce',
      {
        method: 'POST',
        url: `${loginUrl}/services/oauth2/token`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: this.credentials.client_id,
          client_secret: this.credentials.client_secret,
        }).toString(),
      },
      this.options.outbound,
    );
    if (status === 400 || status === 401)
      throw new ConnectorError('authentication', 'Salesforce refused the credentials', status);
    const token = tokenSchema.safeParse(json);
    if (status !== 200 || !token.success)
      throw new ConnectorError(
        'bad_answer',
        `Salesforce's token answer is not the documented one (HTTP ${status})`,
      );
    // The identity URL ends in /id/{orgId}/{userId}.
    const accountId = token.data.id.split('/').at(-2) ?? '';
    this.session = { token: token.data.access_token, baseUrl: token.data.instance_url };
    return { token: token.data.access_token, accountId, baseUrl: token.data.instance_url };
  }

  /** A call to the REST API of the instance, authenticated again once when the token is refused. */
  private async api(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    body?: unknown,
    retried = false,
  ): Promise<{ status: number; json: unknown }> {
    const session = this.session ?? (await this.authenticate());
    const answer = await vendorJson(
      'Salesforce',
      {
        method,
        url: `${session.baseUrl.replace(/\/+$/, '')}/services/data/${SALESFORCE_API_VERSION}${path}`,
        headers: { authorization: `Bearer ${session.token}`, accept: 'application/json' },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      },
      this.options.outbound,
    );
    if (answer.status === 401 && !retried) {
      this.session = undefined;
      return this.api(method, path, body, true);
    }
    if (answer.status === 401)
      throw new ConnectorError('authentication', 'Salesforce refused the token', 401);
    return answer;
  }

  private read<T extends z.ZodType>(
    answer: { status: number; json: unknown },
    schema: T,
    what: string,
  ): z.infer<T> {
    if (answer.status === 404) throw new ConnectorError('not_found', `${what} was not found`, 404);
    const parsed = schema.safeParse(answer.json);
    if (answer.status >= 300 || !parsed.success)
      throw new ConnectorError(
        answer.status >= 300 ? 'rejected' : 'bad_answer',
        `Salesforce: ${what} failed (HTTP ${answer.status})`,
        answer.status,
      );
    return parsed.data;
  }

  async targetFields(objectType: string): Promise<CrmTargetField[]> {
    if (!apiName.test(objectType)) throw new ConnectorError('not_found', `${objectType} was not found`);
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
      throw new ConnectorError('not_found', 'the campaign was not found');
    const answer = await this.api('GET', `/sobjects/Campaign/${campaignId}`);
    // A malformed id is a 400 MALFORMED_ID: no such campaign either.
    if (answer.status === 400) throw new ConnectorError('not_found', 'the campaign was not found', 400);
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
          !(error instanceof ConnectorError) ||
          error.kind === 'unavailable' ||
          error.kind === 'authentication'
        )
          throw error;
        results.push({ email: registrant.email, error: error.message });
      }
    }
    return results;
  }

  private async upsert(objectType: string, registrant: CrmRegistrant, options: PushOptions): Promise<string> {
    const names = Object.keys(registrant.fields).filter((name) => apiName.test(name) && name !== 'Id');
    const soql = `SELECT ${['Id', ...names].join(', ')} FROM ${objectType} WHERE Email = ${soqlString(registrant.email)} LIMIT 1`;
    const [existing] = this.read(
      await this.api('GET', `/query/?q=${encodeURIComponent(soql)}`),
      querySchema,
      `the ${objectType} lookup`,
    ).records;
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
          throw new ConnectorError('rejected', rejection(answer.json, objectType), answer.status);
      }
    } else {
      const answer = await this.api('POST', `/sobjects/${objectType}/`, values);
      if (answer.status !== 201)
        throw new ConnectorError('rejected', rejection(answer.json, objectType), answer.status);
      id = this.read(answer, createdSchema, `the ${objectType} creation`).id;
    }
    if (options.campaign) await this.joinCampaign(objectType, id, options.campaign);
    return id;
  }

  private async joinCampaign(
    objectType: string,
    recordId: string,
    campaign: NonNullable<PushOptions['campaign']>,
  ) {
    const member = {
      CampaignId: campaign.id,
      [objectType === 'Contact' ? 'ContactId' : 'LeadId']: recordId,
      ...(campaign.memberStatus && { Status: campaign.memberStatus }),
    };
    const answer = await this.api('POST', '/sobjects/CampaignMember/', member);
    const errors = errorsSchema.safeParse(answer.json);
    // Already a member (registered again): nothing to do.
    if (
      answer.status === 400 &&
      errors.success &&
      errors.data.some((error) => error.errorCode === 'DUPLICATE_VALUE')
    )
      return;
    if (answer.status !== 201)
      throw new ConnectorError('rejected', rejection(answer.json, 'CampaignMember'), answer.status);
  }
}

/** Salesforce's own words for a refused write ([{errorCode, message}]). */
function rejection(json: unknown, what: string): string {
  const errors = errorsSchema.safeParse(json);
  return errors.success && errors.data[0]
    ? `Salesforce refused the ${what}: ${errors.data[0].errorCode} ${errors.data[0].message}`
    : `Salesforce refused the ${what}`;
}
