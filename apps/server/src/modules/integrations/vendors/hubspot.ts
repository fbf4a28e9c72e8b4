import type { CrmTargetField } from '@studio/domain';
import { z } from 'zod';
import type { OutboundAnswer, OutboundPolicy } from '../../../platform/outbound-request.ts';
import {
  valueToSend,
  type Authenticated,
  type Connector,
  type CrmRegistrant,
  type PushResult,
} from './connector.ts';
import { VendorHttp, vendorUrl } from './vendor-http.ts';

/**
 * HubSpot's REST API with a private app's access token (Bearer): account info (the portal id),
 * CRM v3 properties (target fields), contacts batch read and batch upsert by email.
 * Base URL: HUBSPOT_API_BASE_URL, default https://api.hubapi.com.
 */
export interface HubSpotCredentials {
  access_token: string;
}

const accountSchema = z.object({ portalId: z.number(), dataHostingLocation: z.string().optional() });
const propertiesSchema = z.object({
  results: z.array(
    z.object({
      name: z.string(),
      label: z.string(),
      type: z.string(),
      hidden: z.boolean().optional(),
      hubspotDefined: z.boolean().optional(),
      calculated: z.boolean().optional(),
      modificationMetadata: z.object({ readOnlyValue: z.boolean() }).optional(),
    }),
  ),
});
const objectsSchema = z.object({
  results: z.array(z.object({ id: z.string(), properties: z.record(z.string(), z.string().nullable()) })),
});

const objectName = /^[a-z][a-z0-9_]*$/;

export class HubSpotClient implements Connector {
  private readonly http: VendorHttp;

  constructor(
    private readonly credentials: HubSpotCredentials,
    private readonly options: { baseUrl: string; outbound: OutboundPolicy },
  ) {
    // No retries here: the integrations service asks for target fields again and the sync job is retried.
    this.http = new VendorHttp('HubSpot', options.outbound, { retries: 0 }, () => [credentials.access_token]);
  }

  private api(method: 'GET' | 'POST', path: string, body?: unknown): Promise<OutboundAnswer> {
    return this.http.send({
      what: `${method} ${path}`,
      method,
      url: vendorUrl(this.options.baseUrl, path),
      headers: { authorization: `Bearer ${this.credentials.access_token}`, accept: 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  }

  /** A 2xx answer read with `schema`; any other is the VendorError its status names (401/403: the token). */
  private read<T extends z.ZodType>(answer: OutboundAnswer, schema: T, what: string): z.infer<T> {
    if (answer.status >= 300) throw this.http.failure(answer, what);
    return this.http.parse(answer, schema, what);
  }

  async authenticate(): Promise<Authenticated> {
    const account = this.read(
      await this.api('GET', '/account-info/v3/details'),
      accountSchema,
      'the account details',
    );
    return {
      token: this.credentials.access_token,
      accountId: String(account.portalId),
      baseUrl: this.options.baseUrl,
    };
  }

  async targetFields(objectType: string): Promise<CrmTargetField[]> {
    if (!objectName.test(objectType)) throw this.http.error('not_found', `${objectType} was not found`);
    const { results } = this.read(
      await this.api('GET', `/crm/v3/properties/${objectType}`),
      propertiesSchema,
      `the ${objectType} properties`,
    );
    return results
      .filter((property) => !property.hidden && !property.calculated)
      .map((property) => ({
        id: property.name,
        label: property.label,
        type: property.type,
        // Contacts are matched on email: the one field a push cannot do without.
        is_required: property.name === 'email',
        is_custom: property.hubspotDefined !== true,
        is_updateable: property.modificationMetadata?.readOnlyValue !== true,
      }));
  }

  async pushRegistrants(objectType: string, registrants: readonly CrmRegistrant[]): Promise<PushResult[]> {
    if (registrants.length === 0) return [];
    const names = [...new Set(registrants.flatMap((registrant) => Object.keys(registrant.fields)))];
    const existing = this.read(
      await this.api('POST', `/crm/v3/objects/${objectType}/batch/read`, {
        idProperty: 'email',
        inputs: registrants.map((registrant) => ({ id: registrant.email })),
        properties: names,
      }),
      objectsSchema,
      `the ${objectType} lookup`,
    ).results;
    const byEmail = new Map(existing.map((object) => [object.properties.email?.toLowerCase(), object]));
    const inputs = registrants.map((registrant) => {
      const current = byEmail.get(registrant.email.toLowerCase());
      const properties: Record<string, string> = {};
      for (const [name, field] of Object.entries(registrant.fields)) {
        const value = valueToSend(field, current?.properties[name], !current);
        if (value !== undefined) properties[name] = value;
      }
      return { idProperty: 'email', id: registrant.email, properties };
    });
    const upserted = this.read(
      await this.api('POST', `/crm/v3/objects/${objectType}/batch/upsert`, { inputs }),
      objectsSchema,
      `the ${objectType} upsert`,
    ).results;
    const ids = new Map(upserted.map((object) => [object.properties.email?.toLowerCase(), object.id]));
    return registrants.map((registrant) => {
      const recordId = ids.get(registrant.email.toLowerCase());
      return recordId
        ? { email: registrant.email, recordId }
        : { email: registrant.email, error: 'HubSpot did not upsert it' };
    });
  }
}
