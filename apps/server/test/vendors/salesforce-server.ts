import { randomBytes } from 'node:crypto';
import { bearer, startVendorServer, type RecordedRequest, type Reply } from './vendor-server.ts';

/**
 * A local Salesforce for the connector's tests: the OAuth client credentials token endpoint, sObject
 * describe, SOQL query (lookup by Email or Id with the selected fields and relationship fields such as
 * Account.OwnerId, a record's CampaignMember, CampaignMemberStatus), sObject
 * create/update (CampaignMember, CampaignMemberStatus too), with Salesforce's documented answer shapes.
 */
export const SALESFORCE_CLIENT = { client_id: '3MVG9-test-client', client_secret: 'sf-secret-4242' };
export const SALESFORCE_ORG_ID = '00D5g000004abcdEAA';
export const SALESFORCE_CAMPAIGN = { Id: '7015g000000AbCdAAK', Name: 'Spring Summit', IsActive: true };

type Record_ = Record<string, unknown> & { Id: string };

const field = (name: string, label: string, extra: Partial<Record<string, unknown>> = {}) => ({
  name,
  label,
  type: 'string',
  updateable: true,
  createable: true,
  nillable: true,
  defaultedOnCreate: false,
  custom: false,
  ...extra,
});

export const SALESFORCE_FIELDS: Record<string, ReturnType<typeof field>[]> = {
  Lead: [
    field('Id', 'Lead ID', {
      type: 'id',
      updateable: false,
      createable: false,
      nillable: false,
      defaultedOnCreate: true,
    }),
    field('Email', 'Email', { type: 'email' }),
    field('FirstName', 'First Name'),
    field('LastName', 'Last Name', { nillable: false }),
    field('Company', 'Company'),
    field('Title', 'Title'),
    field('LeadSource', 'Lead Source', { type: 'picklist' }),
    field('Lead_Score__c', 'Lead Score', { type: 'double', custom: true, updateable: false }),
  ],
  Contact: [
    field('Email', 'Email', { type: 'email' }),
    field('FirstName', 'First Name'),
    field('LastName', 'Last Name', { nillable: false }),
  ],
};

export type SalesforceServer = Awaited<ReturnType<typeof startSalesforceServer>>;

export async function startSalesforceServer() {
  const token = `00D!${randomBytes(12).toString('hex')}`;
  const records: Record<string, Record_[]> = {
    Lead: [],
    Contact: [],
    // Owners: a Contact's Account (AccountId) and any record's owner (OwnerId, a User's id).
    Account: [],
    User: [],
    CampaignMember: [],
    // A campaign's member statuses (Salesforce gives a new campaign Sent and Responded).
    CampaignMemberStatus: [
      {
        Id: '01Y5g0000000001',
        CampaignId: SALESFORCE_CAMPAIGN.Id,
        Label: 'Sent',
        IsDefault: true,
        HasResponded: false,
      },
      {
        Id: '01Y5g0000000002',
        CampaignId: SALESFORCE_CAMPAIGN.Id,
        Label: 'Responded',
        IsDefault: false,
        HasResponded: true,
      },
    ],
  };
  let counter = 0;
  /** Emails a validation rule of the org refuses (a record with one is not created). */
  const refusedEmails = new Set<string>();
  const api = '/services/data/v60.0';

  function handle(request: RecordedRequest): Reply {
    if (request.method === 'POST' && request.path === '/services/oauth2/token') {
      const form = new URLSearchParams(request.text);
      if (
        form.get('grant_type') !== 'client_credentials' ||
        form.get('client_id') !== SALESFORCE_CLIENT.client_id ||
        form.get('client_secret') !== SALESFORCE_CLIENT.client_secret
      )
        return {
          status: 400,
          json: { error: 'invalid_client', error_description: 'invalid client credentials' },
        };
      return {
        status: 200,
        json: {
          access_token: token,
          instance_url: fake.url,
          id: `${fake.url}/id/${SALESFORCE_ORG_ID}/0055g00000AbCdEAAV`,
          token_type: 'Bearer',
          issued_at: String(Date.now()),
          signature: 'c2lnbmF0dXJl',
        },
      };
    }
    if (bearer(request) !== token)
      return {
        status: 401,
        json: [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }],
      };

    const describe = new RegExp(`^${api}/sobjects/(\\w+)/describe/$`).exec(request.path);
    if (request.method === 'GET' && describe) {
      const fields = SALESFORCE_FIELDS[describe[1]!];
      return fields
        ? { status: 200, json: { name: describe[1], fields } }
        : {
            status: 404,
            json: [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }],
          };
    }
    const campaign = new RegExp(`^${api}/sobjects/Campaign/(\\w+)$`).exec(request.path);
    if (request.method === 'GET' && campaign)
      return campaign[1] === SALESFORCE_CAMPAIGN.Id
        ? { status: 200, json: { attributes: { type: 'Campaign' }, ...SALESFORCE_CAMPAIGN } }
        : {
            status: 404,
            json: [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }],
          };
    if (request.method === 'GET' && request.path === `${api}/query/`)
      return query(request.query.get('q') ?? '');

    const create = new RegExp(`^${api}/sobjects/(\\w+)/$`).exec(request.path);
    if (request.method === 'POST' && create && records[create[1]!]) {
      const body = JSON.parse(request.text) as Record<string, unknown>;
      const type = create[1]!;
      if (
        type === 'CampaignMember' &&
        records.CampaignMember!.some((m) => m.LeadId === body.LeadId && m.ContactId === body.ContactId)
      )
        return {
          status: 400,
          json: [{ errorCode: 'DUPLICATE_VALUE', message: 'Already a campaign member.' }],
        };
      if (
        type === 'CampaignMember' &&
        body.Status !== undefined &&
        !records.CampaignMemberStatus!.some(
          (m) => m.CampaignId === body.CampaignId && m.Label === body.Status,
        )
      )
        return {
          status: 400,
          json: [
            {
              errorCode: 'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST',
              message: `Status: bad value for restricted picklist field: ${JSON.stringify(body.Status)}`,
            },
          ],
        };
      if (typeof body.Email === 'string' && refusedEmails.has(body.Email))
        return {
          status: 400,
          json: [
            { errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION', message: 'This email domain is blocked.' },
          ],
        };
      const required = (SALESFORCE_FIELDS[type] ?? []).filter(
        (f) => !f.nillable && f.createable && !(f.name in body),
      );
      if (required.length > 0)
        return {
          status: 400,
          json: [
            {
              errorCode: 'REQUIRED_FIELD_MISSING',
              message: `Required fields are missing: [${required.map((f) => f.name).join(', ')}]`,
            },
          ],
        };
      counter += 1;
      const id = `${type === 'CampaignMember' ? '00v' : '00Q'}5g${String(counter).padStart(10, '0')}`;
      records[type]!.push({ ...body, Id: id });
      return { status: 201, json: { id, success: true, errors: [] } };
    }
    const update = new RegExp(`^${api}/sobjects/(\\w+)/(\\w+)$`).exec(request.path);
    if (request.method === 'PATCH' && update) {
      const record = records[update[1]!]?.find((r) => r.Id === update[2]);
      if (!record) return { status: 404, json: [{ errorCode: 'NOT_FOUND', message: 'not found' }] };
      Object.assign(record, JSON.parse(request.text));
      return { status: 204 };
    }
    return {
      status: 404,
      json: [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }],
    };
  }

  /** The SOQL queries the connector sends: a lookup by Email, a record's campaign member, a campaign's member statuses. */
  function query(soql: string): Reply {
    const lookup = /^SELECT (.+) FROM (\w+) WHERE (Email|Id) = '(.*)' LIMIT 1$/.exec(soql);
    if (lookup) {
      const [, fields, type, key, value] = lookup as unknown as [string, string, string, string, string];
      const found = (records[type] ?? [])
        .filter((r) => r[key] === value.replace(/\\'/g, "'"))
        .map((r) => selected(type, r, fields.split(', ')));
      return { status: 200, json: { totalSize: found.length, done: true, records: found } };
    }
    const member =
      /^SELECT Id FROM CampaignMember WHERE CampaignId = '(\w+)' AND (LeadId|ContactId) = '(\w+)' LIMIT 1$/.exec(
        soql,
      );
    if (member) {
      const found = records.CampaignMember!.filter(
        (r) => r.CampaignId === member[1] && r[member[2]!] === member[3],
      );
      return { status: 200, json: { totalSize: found.length, done: true, records: found } };
    }
    const statuses = /FROM CampaignMemberStatus WHERE CampaignId = '(\w+)'/.exec(soql);
    if (statuses) {
      const found = records
        .CampaignMemberStatus!.filter((r) => r.CampaignId === statuses[1])
        .map(({ Label, IsDefault, HasResponded }) => ({
          attributes: { type: 'CampaignMemberStatus' },
          Label,
          IsDefault: IsDefault ?? false,
          HasResponded,
        }));
      return { status: 200, json: { totalSize: found.length, done: true, records: found } };
    }
    return { status: 400, json: [{ errorCode: 'MALFORMED_QUERY', message: 'unexpected query' }] };
  }

  /**
   * A record as a query answers it: its `attributes` and the selected fields only (null when
   * unset); a relationship field (`Account.OwnerId`, `Owner.Email`) reads the record its `…Id`
   * names (an `Owner` is a User), null when it names none.
   */
  function selected(type: string, record: Record_, fields: readonly string[]): Record<string, unknown> {
    const answer: Record<string, unknown> = { attributes: { type } };
    for (const path of fields) {
      const [name, ...rest] = path.split('.') as [string, ...string[]];
      if (rest.length === 0) {
        answer[name] = record[name] ?? null;
        continue;
      }
      const relatedType = name === 'Owner' ? 'User' : name;
      const related = records[relatedType]?.find((r) => r.Id === record[`${name}Id`]);
      answer[name] = related
        ? { ...(answer[name] as object | null), ...selected(relatedType, related, [rest.join('.')]) }
        : null;
    }
    return answer;
  }

  const fake = await startVendorServer(handle);
  return { ...fake, records, refusedEmails };
}
