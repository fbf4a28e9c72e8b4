import { bearer, startVendorServer, type RecordedRequest, type Reply } from './vendor-server.ts';

/**
 * A Marketo instance on loopback: identity OAuth (client credentials, form body), the asset API's
 * programs, folders and clone, and the lead database's leads, custom activity types and activities,
 * and program members — with Marketo's envelope {requestId, success, errors, result} and its error
 * codes in 200 answers (601 bad token, 602 expired token, 606 rate limit, 702 no data, 1003 invalid).
 */

export const MARKETO_CLIENT = { clientId: 'marketo-client-id', clientSecret: 'marketo-client-secret-42' };

interface Program {
  id: number;
  name: string;
  type: string;
  channel: string;
  status: string;
  folder: { type: string; value: number; folderName: string };
}

export type MarketoServer = Awaited<ReturnType<typeof startMarketoServer>>;

export async function startMarketoServer() {
  let tokens = 0;
  const liveTokens = new Set<string>();
  const programs = new Map<number, Program>([
    [
      1001,
      {
        id: 1001,
        name: 'Base webinar',
        type: 'Event',
        channel: 'Webinar',
        status: '',
        folder: { type: 'Folder', value: 20, folderName: 'Webinars' },
      },
    ],
  ]);
  const folders = [
    {
      id: 20,
      name: 'Webinars',
      folderId: { id: 20, type: 'Folder' },
      folderType: 'Marketing Folder',
      path: '/Marketing Activities/Webinars',
    },
    {
      id: 21,
      name: 'Webinars 2026',
      folderId: { id: 21, type: 'Folder' },
      folderType: 'Marketing Folder',
      path: '/Marketing Activities/Webinars 2026',
    },
    {
      id: 30,
      name: 'Nurture',
      folderId: { id: 30, type: 'Folder' },
      folderType: 'Marketing Folder',
      path: '/Marketing Activities/Nurture',
    },
  ];
  const activityTypes = new Map<
    string,
    { id: number; apiName: string; name: string; status: string; attributes: { apiName: string }[] }
  >();
  /** Custom activities added (Add Custom Activities), in order. */
  const activities: {
    leadId: number;
    activityTypeId: number;
    activityDate: string;
    primaryAttributeValue: string;
    attributes: { apiName: string; value: unknown }[];
  }[] = [];
  /** Leads by email: their id and fields as pushed (createOrUpdate merges). */
  const leads = new Map<string, { id: number } & Record<string, unknown>>();
  const members = new Map<string, string>();
  /** apiNames whose creation Marketo refuses (1003), to test one activity type failing. */
  const refusedActivityTypes = new Set<string>();

  const ok = (result: unknown[] | null, extra: object = {}): Reply => ({
    json: { requestId: `r${Date.now()}`, success: true, errors: [], result, ...extra },
  });
  const fail = (code: string, message: string): Reply => ({
    json: { requestId: `r${Date.now()}`, success: false, errors: [{ code, message }] },
  });

  function handle(request: RecordedRequest): Reply {
    if (request.path === '/identity/oauth/token') {
      const form = new URLSearchParams(request.text);
      if (form.get('grant_type') !== 'client_credentials')
        return {
          status: 400,
          json: { error: 'unsupported_grant_type', error_description: 'Unsupported grant type' },
        };
      if (
        form.get('client_id') !== MARKETO_CLIENT.clientId ||
        form.get('client_secret') !== MARKETO_CLIENT.clientSecret
      )
        return { status: 401, json: { error: 'unauthorized', error_description: 'Bad client credentials' } };
      tokens += 1;
      const token = `marketo-token-${tokens}`;
      liveTokens.add(token);
      return {
        json: { access_token: token, token_type: 'bearer', expires_in: 3599, scope: 'api@example.com' },
      };
    }
    const token = bearer(request);
    if (!token) return fail('601', 'Access token invalid');
    if (!liveTokens.has(token)) return fail('602', 'Access token expired');

    const program = /^\/rest\/asset\/v1\/program\/(\d+)\.json$/.exec(request.path);
    if (program && request.method === 'GET') {
      const found = programs.get(Number(program[1]));
      return found ? ok([found]) : ok(null, { warnings: ['No assets found for the given search criteria.'] });
    }
    if (request.path === '/rest/asset/v1/folders.json') {
      const offset = Number(request.query.get('offset') ?? 0);
      const page = folders.slice(offset, offset + Number(request.query.get('maxReturn') ?? 20));
      return page.length
        ? ok(page)
        : ok(null, { warnings: ['No assets found for the given search criteria.'] });
    }
    if (request.path === '/rest/asset/v1/channel/byName.json') {
      if (request.query.get('name') !== 'Webinar')
        return ok(null, { warnings: ['No assets found for the given search criteria.'] });
      return ok([
        {
          id: 3,
          name: 'Webinar',
          applicableProgramType: 'Event',
          progressionStatuses: [
            { name: 'Attended', step: 30, success: true, hidden: false, type: 'Success' },
            { name: 'Not in Program', step: 0, success: false, hidden: false, type: 'Inactive' },
            { name: 'Registered', step: 20, success: false, hidden: false, type: 'Standard' },
            { name: 'No Show', step: 25, success: false, hidden: false, type: 'Standard' },
          ],
        },
      ]);
    }
    const clone = /^\/rest\/asset\/v1\/program\/(\d+)\/clone\.json$/.exec(request.path);
    if (clone && request.method === 'POST') {
      const base = programs.get(Number(clone[1]));
      if (!base) return fail('610', 'Requested resource not found');
      const form = new URLSearchParams(request.text);
      const name = form.get('name') ?? '';
      if ([...programs.values()].some((existing) => existing.name === name))
        return fail('711', `Program '${name}' already exists`);
      const folder = JSON.parse(form.get('folder') ?? '{}') as { id: number; type: string };
      const target = folders.find((candidate) => candidate.id === folder.id);
      if (!target) return fail('1003', 'Invalid folder');
      const cloned: Program = {
        ...base,
        id: 2000 + programs.size,
        name,
        folder: { type: folder.type, value: folder.id, folderName: target.name },
      };
      programs.set(cloned.id, cloned);
      return ok([cloned]);
    }
    if (request.path === '/rest/v1/activities/external/type.json' && request.method === 'POST') {
      const body = JSON.parse(request.text) as {
        apiName?: string;
        name?: string;
        primaryAttribute?: unknown;
      };
      if (!body.apiName || !body.name || !body.primaryAttribute)
        return fail('1003', 'apiName, name and primaryAttribute are required');
      if (refusedActivityTypes.has(body.apiName) || activityTypes.has(body.apiName))
        return fail('1003', `Activity type '${body.apiName}' already exists`);
      const type = {
        id: 100000 + activityTypes.size,
        apiName: body.apiName,
        name: body.name,
        status: 'draft',
        attributes: [],
      };
      activityTypes.set(body.apiName, type);
      return ok([type]);
    }
    // Create Custom Activity Type Attributes: on a draft only.
    const attributes = /^\/rest\/v1\/activities\/external\/type\/([^/]+)\/attributes\/create\.json$/.exec(
      request.path,
    );
    if (attributes && request.method === 'POST') {
      const type = activityTypes.get(decodeURIComponent(attributes[1]!));
      if (!type) return fail('610', 'Requested resource not found');
      if (type.status !== 'draft') return fail('1003', 'Attributes can be added to a draft only');
      const body = JSON.parse(request.text) as { attributes?: { apiName?: string; dataType?: string }[] };
      if (!body.attributes?.every((attribute) => attribute.apiName && attribute.dataType))
        return fail('1003', 'apiName and dataType are required');
      type.attributes.push(...body.attributes.map((attribute) => ({ apiName: attribute.apiName! })));
      return ok([type]);
    }
    const approve = /^\/rest\/v1\/activities\/external\/type\/([^/]+)\/approve\.json$/.exec(request.path);
    if (approve) {
      const type = activityTypes.get(decodeURIComponent(approve[1]!));
      if (!type) return fail('610', 'Requested resource not found');
      type.status = 'approved';
      return ok([type]);
    }
    if (request.path === '/rest/v1/leads/describe.json' && request.method === 'GET')
      return ok([
        { id: 1, displayName: 'Email Address', dataType: 'email', rest: { name: 'email', readOnly: false } },
        {
          id: 2,
          displayName: 'First Name',
          dataType: 'string',
          rest: { name: 'firstName', readOnly: false },
        },
        { id: 3, displayName: 'Last Name', dataType: 'string', rest: { name: 'lastName', readOnly: false } },
        {
          id: 4,
          displayName: 'Company Name',
          dataType: 'string',
          rest: { name: 'company', readOnly: false },
        },
        {
          id: 5,
          displayName: 'Created At',
          dataType: 'datetime',
          rest: { name: 'createdAt', readOnly: true },
        },
        { id: 6, displayName: 'SOAP only', dataType: 'string', soap: { name: 'SoapOnly', readOnly: false } },
      ]);
    if (request.path === '/rest/v1/leads.json' && request.method === 'GET') {
      // Get Leads by Filter Type: email only here; the named fields, null when unset.
      if (request.query.get('filterType') !== 'email') return fail('1003', 'Invalid filterType');
      const fields = (request.query.get('fields') ?? 'id,email').split(',');
      return ok(
        (request.query.get('filterValues') ?? '').split(',').flatMap((email) => {
          const lead = leads.get(email);
          return lead ? [Object.fromEntries(fields.map((field) => [field, lead[field] ?? null]))] : [];
        }),
      );
    }
    if (request.path === '/rest/v1/leads.json' && request.method === 'POST') {
      const body = JSON.parse(request.text) as {
        action: string;
        lookupField: string;
        input: ({ email?: string } & Record<string, unknown>)[];
      };
      return ok(
        body.input.map((lead) => {
          if (!lead.email)
            return {
              status: 'skipped',
              reasons: [{ code: '1003', message: 'Value for lookup field email is missing' }],
            };
          const known = leads.get(lead.email);
          if (known) {
            leads.set(lead.email, { ...known, ...lead });
            return { id: known.id, status: 'updated' };
          }
          const id = 5000 + leads.size;
          leads.set(lead.email, { ...lead, id });
          return { id, status: 'created' };
        }),
      );
    }
    // Add Custom Activities: at most 300, each of an approved type, for a known lead, its
    // attributes among the type's.
    if (request.path === '/rest/v1/activities/external.json' && request.method === 'POST') {
      const body = JSON.parse(request.text) as { input: (typeof activities)[number][] };
      if (!Array.isArray(body.input) || body.input.length > 300)
        return fail('1003', 'input must hold 1 to 300 activities');
      const skipped = (code: string, message: string) => ({
        status: 'skipped',
        reasons: [{ code, message }],
      });
      const leadIds = new Set([...leads.values()].map((lead) => lead.id));
      return ok(
        body.input.map((activity) => {
          const type = [...activityTypes.values()].find((one) => one.id === activity.activityTypeId);
          if (!type || type.status !== 'approved') return skipped('1003', 'Invalid activity type id');
          if (!leadIds.has(activity.leadId)) return skipped('1004', 'Lead not found');
          if (!activity.activityDate || !activity.primaryAttributeValue)
            return skipped('1003', 'activityDate and primaryAttributeValue are required');
          const unknown = (activity.attributes ?? []).find(
            (attribute) => !type.attributes.some((known) => known.apiName === attribute.apiName),
          );
          if (unknown) return skipped('1006', `Field '${unknown.apiName}' not found`);
          const id = 900 + activities.length;
          activities.push({ ...activity, attributes: activity.attributes ?? [] });
          return { id, status: 'added' };
        }),
      );
    }
    const status = /^\/rest\/v1\/programs\/(\d+)\/members\/status\.json$/.exec(request.path);
    if (status) {
      if (!programs.has(Number(status[1]))) return fail('1013', 'Program not found');
      const body = JSON.parse(request.text) as { statusName: string; input: { leadId: number }[] };
      return ok(
        body.input.map(({ leadId }) => {
          members.set(`${status[1]}:${leadId}`, body.statusName);
          return { id: leadId, status: 'updated' };
        }),
      );
    }
    const removal = /^\/rest\/v1\/programs\/(\d+)\/members\/delete\.json$/.exec(request.path);
    if (removal && request.method === 'POST') {
      if (!programs.has(Number(removal[1]))) return fail('1013', 'Program not found');
      const body = JSON.parse(request.text) as { input: { leadId: number }[] };
      return ok(
        body.input.map(({ leadId }) =>
          members.delete(`${removal[1]}:${leadId}`)
            ? { id: leadId, status: 'deleted' }
            : {
                id: leadId,
                status: 'skipped',
                reasons: [{ code: '1004', message: 'Lead not member of program' }],
              },
        ),
      );
    }
    const memberList = /^\/rest\/v1\/programs\/(\d+)\/members\.json$/.exec(request.path);
    if (memberList) {
      if (!programs.has(Number(memberList[1]))) return fail('1013', 'Program not found');
      const ids = (request.query.get('filterValues') ?? '').split(',').filter(Boolean).map(Number);
      const found = ids.flatMap((leadId) => {
        const statusName = members.get(`${memberList[1]}:${leadId}`);
        return statusName ? [{ seq: 0, leadId, statusName, reachedSuccess: statusName === 'Attended' }] : [];
      });
      return found.length ? ok(found) : fail('702', 'No data found for given search scope');
    }
    return { status: 404, text: 'Not Found' };
  }

  const server = await startVendorServer(handle);
  return {
    ...server,
    programs,
    activityTypes,
    activities,
    /** Lead ids by email. */
    leads,
    refuseActivityType: (apiName: string) => refusedActivityTypes.add(apiName),
    /** Marketo forgets every token it gave (as when one expires). */
    expireTokens: () => liveTokens.clear(),
  };
}
