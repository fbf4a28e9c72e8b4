import { bearer, startVendorServer, type RecordedRequest, type Reply } from './vendor-server.ts';

/**
 * Salesforce's token endpoint and Pardot API v5 on one loopback server: the refresh token grant,
 * then lists, prospects (read, query by email, upsertLatestByEmail) and list memberships (create,
 * query by list a page at a time, delete), each needing the bearer token
 * and the `Pardot-Business-Unit-Id` header; reads answer only the `fields` asked for. Errors as v5
 * answers them: {code, message} with 400/401/404.
 */

export const PARDOT_CREDENTIALS = {
  clientId: 'pardot-connected-app',
  clientSecret: 'pardot-client-secret-77',
  refreshToken: 'pardot-refresh-token-5xyz',
  businessUnitId: '0Uv000000000001AAA',
};

interface Prospect {
  id: number;
  email: string;
  firstName?: string;
  lastName?: string;
  company?: string;
  jobTitle?: string;
}

export type PardotServer = Awaited<ReturnType<typeof startPardotServer>>;

export async function startPardotServer() {
  let tokens = 0;
  const liveTokens = new Set<string>();
  const lists = new Map([
    [
      1234,
      {
        id: 1234,
        name: 'summit_registrants',
        title: 'Summit registrants',
        description: null,
        isPublic: false,
        isDynamic: false,
      },
    ],
  ]);
  const prospects = new Map<number, Prospect>([
    [7001, { id: 7001, email: 'grace@example.com', firstName: 'Grace' }],
  ]);
  const memberships = [{ id: 1, listId: 1234, prospectId: 7001, optedOut: false }];
  let nextMembershipId = 2;
  const customFields = [{ id: 31, name: 'T-shirt size', fieldId: 'Tshirt_Size__c', type: 'Text' }];

  const picked = (record: object, fields: string | null) =>
    Object.fromEntries(
      (fields ?? '')
        .split(',')
        .filter(Boolean)
        .map((field) => [field, (record as Record<string, unknown>)[field] ?? null]),
    );
  const error = (status: number, code: number, message: string): Reply => ({
    status,
    json: { code, message },
  });

  function handle(request: RecordedRequest): Reply {
    if (request.path === '/services/oauth2/token') {
      const form = new URLSearchParams(request.text);
      if (
        form.get('client_id') !== PARDOT_CREDENTIALS.clientId ||
        form.get('client_secret') !== PARDOT_CREDENTIALS.clientSecret
      )
        return {
          status: 400,
          json: { error: 'invalid_client_id', error_description: 'client identifier invalid' },
        };
      if (
        form.get('grant_type') !== 'refresh_token' ||
        form.get('refresh_token') !== PARDOT_CREDENTIALS.refreshToken
      )
        return {
          status: 400,
          json: { error: 'invalid_grant', error_description: 'expired access/refresh token' },
        };
      tokens += 1;
      const token = `00Dpardot!token-${tokens}`;
      liveTokens.add(token);
      return {
        json: {
          access_token: token,
          instance_url: 'https://example.my.salesforce.com',
          token_type: 'Bearer',
          issued_at: String(Date.now()),
        },
      };
    }
    if (!liveTokens.has(bearer(request) ?? ''))
      return error(401, 184, 'access_token is invalid, unverified, or has expired');
    if (request.headers['pardot-business-unit-id'] !== PARDOT_CREDENTIALS.businessUnitId)
      return error(400, 181, 'The Pardot-Business-Unit-Id header is missing or invalid');
    const fields = request.query.get('fields');

    if (request.path === '/api/v5/objects/lists' && request.method === 'GET')
      return {
        json: { values: [...lists.values()].map((list) => picked(list, fields)), nextPageToken: null },
      };
    if (request.path === '/api/v5/objects/custom-fields' && request.method === 'GET') {
      if (!fields) return error(400, 1, 'fields is required');
      return {
        json: {
          values: customFields.map((field) => picked(field, fields)),
          nextPageToken: null,
        },
      };
    }
    const list = /^\/api\/v5\/objects\/lists\/(\d+)$/.exec(request.path);
    if (list) {
      if (!fields) return error(400, 1, 'fields is required');
      const found = lists.get(Number(list[1]));
      return found ? { json: picked(found, fields) } : error(404, 85, 'Invalid ID');
    }
    if (request.path === '/api/v5/objects/prospects/do/upsertLatestByEmail') {
      const body = JSON.parse(request.text) as {
        matchEmail?: string;
        prospect?: Omit<Prospect, 'id'>;
        fields?: string[];
      };
      if (!body.matchEmail || !body.prospect) return error(400, 1, 'matchEmail and prospect are required');
      const existing = [...prospects.values()].find((prospect) => prospect.email === body.matchEmail);
      const saved = {
        ...existing,
        ...body.prospect,
        id: existing?.id ?? 7000 + prospects.size + 1,
        email: body.matchEmail,
      };
      prospects.set(saved.id, saved);
      return { json: picked(saved, (body.fields ?? ['id']).join(',')) };
    }
    if (request.path === '/api/v5/objects/prospects' && request.method === 'GET') {
      // Query by email, latest first (orderBy id desc), the named fields.
      if (!fields) return error(400, 1, 'fields is required');
      const email = request.query.get('email');
      const found = [...prospects.values()]
        .filter((one) => email === null || one.email === email)
        .sort((a, b) => b.id - a.id)
        .slice(0, Number(request.query.get('limit') ?? 200));
      return { json: { values: found.map((one) => picked(one, fields)), nextPageToken: null } };
    }
    const prospect = /^\/api\/v5\/objects\/prospects\/(\d+)$/.exec(request.path);
    if (prospect) {
      if (!fields) return error(400, 1, 'fields is required');
      const found = prospects.get(Number(prospect[1]));
      return found ? { json: picked(found, fields) } : error(404, 85, 'Invalid ID');
    }
    if (request.path === '/api/v5/objects/list-memberships' && request.method === 'POST') {
      const body = JSON.parse(request.text) as { listId: number; prospectId: number };
      if (!lists.has(body.listId) || !prospects.has(body.prospectId)) return error(400, 85, 'Invalid ID');
      const membership = {
        id: nextMembershipId++,
        listId: body.listId,
        prospectId: body.prospectId,
        optedOut: false,
      };
      memberships.push(membership);
      return { status: 201, json: picked(membership, fields) };
    }
    const membership = /^\/api\/v5\/objects\/list-memberships\/(\d+)$/.exec(request.path);
    if (membership && request.method === 'DELETE') {
      const at = memberships.findIndex((one) => one.id === Number(membership[1]));
      if (at < 0) return error(404, 85, 'Invalid ID');
      memberships.splice(at, 1);
      return { status: 204, text: '' };
    }
    if (request.path === '/api/v5/objects/list-memberships' && request.method === 'GET') {
      // One membership a page, to exercise the page token; of one prospect when asked.
      const listId = Number(request.query.get('listId'));
      const prospectId = request.query.get('prospectId');
      const ofList = memberships.filter(
        (one) => one.listId === listId && (prospectId === null || one.prospectId === Number(prospectId)),
      );
      const at = Number(request.query.get('nextPageToken') ?? 0);
      return {
        json: {
          values: ofList.slice(at, at + 1).map((membership) => picked(membership, fields)),
          nextPageToken: at + 1 < ofList.length ? String(at + 1) : null,
        },
      };
    }
    return error(404, 0, 'Not found');
  }

  const server = await startVendorServer(handle);
  return {
    ...server,
    lists,
    prospects,
    memberships,
    expireTokens: () => liveTokens.clear(),
    /** A prospect put on a list in Pardot (by a marketer, a form): what an import finds. */
    addMember(listId: number, prospect: Prospect, optedOut = false) {
      prospects.set(prospect.id, prospect);
      memberships.push({ id: nextMembershipId++, listId, prospectId: prospect.id, optedOut });
    },
  };
}
