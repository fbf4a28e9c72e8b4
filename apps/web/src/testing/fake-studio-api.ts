import {
  resolveFeatureFlags,
  resolvePricingConfig,
  type CurrentUser,
  type OrganizationDetail,
  type OrganizationPlan,
  type RtmpInput,
} from '@studio/domain';
import { newOrganizationSettings } from '@studio/domain/testing';
import { vi } from 'vitest';

export const acme: OrganizationDetail = {
  id: 'org-1',
  name: 'Acme',
  ...newOrganizationSettings,
  created_at: '2026-11-22T00:00:00Z',
  feature_flags: resolveFeatureFlags({}),
  tier: null,
  pricing_config: resolvePricingConfig({ tier: null, config: {} }),
};

/** Acme on the starter plan: only what `config` turns on is enabled. */
export const starterAcme = (config: OrganizationPlan['config'] = {}): OrganizationDetail => ({
  ...acme,
  tier: 'starter',
  pricing_config: resolvePricingConfig({ tier: 'starter', config }),
});

export const ada: CurrentUser = {
  id: 'user-1',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  company: null,
  organization: acme.id,
  role: 'ORG_ADMIN',
  is_admin: true,
  is_content_lab_standalone: false,
  email_verified: true,
  status: 'CONFIRMED',
  workspaces: [],
  requester_role: [],
};

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** One page of a list call: `results`, of `count` in all (all of them unless told). */
export const page = (results: unknown[], count = results.length) =>
  json(200, { count, next: null, previous: null, results });

/** More of the API for one test: answers a call, or undefined to leave it to the fake. */
export type ExtraRoutes = (path: string, init: RequestInit) => Response | Promise<Response> | undefined;

/** Acme's two teams (Marketing ws-1, Sales ws-2), as GET /api/core/workspaces/ answers them. */
export const twoTeamsPage = () =>
  page(
    [
      { id: 'ws-1', name: 'Marketing' },
      { id: 'ws-2', name: 'Sales' },
    ].map((team) => ({ ...team, organization: acme.id, created_at: '2031-01-01', members_count: 1 })),
  );

/** Routes that answer an empty page for every path under one of `prefixes`. */
export const emptyPagesUnder =
  (...prefixes: string[]): ExtraRoutes =>
  (path) =>
    prefixes.some((prefix) => path.startsWith(prefix)) ? page([]) : undefined;

/**
 * Stands in for the server on `fetch`: `user` is who the access token 'access-1' belongs to, and
 * the password 'Secret#123' signs them in; creating an organisation makes them its admin.
 * Returns the mock to inspect calls. The member's permission list is `permissions` when given
 * (e.g. `permissionsOfRole('EVENT_EDITOR')`), otherwise '*:*' for an ORG_ADMIN and none for others.
 */
export function fakeStudioApi(
  signedInUser: CurrentUser,
  existingOrganization: OrganizationDetail | null,
  extraRoutes?: ExtraRoutes,
  permissions?: readonly string[],
) {
  let user = signedInUser;
  let organization = existingOrganization;
  const fetchMock = vi.fn(async (path: string, init: RequestInit) => {
    const signedIn = new Headers(init.headers).get('Authorization') === 'Bearer access-1';
    await Promise.resolve();
    const answer = await extraRoutes?.(path, init);
    if (answer) return answer;
    if (path === '/api/auth/login/') {
      const { password } = JSON.parse(init.body as string) as { password: string };
      return password === 'Secret#123'
        ? json(200, { access: 'access-1', refresh: 'refresh-1', user })
        : json(401, {
            message: 'Unable to log in with the provided credentials.',
            code: 'INVALID_CREDENTIALS',
          });
    }
    if (path === '/api/auth/logout/') return new Response(null, { status: 204 });
    if (!signedIn) return json(401, { message: 'Not signed in.', code: 'NOT_AUTHENTICATED' });
    if (path === '/api/core/user/me/') return json(200, user);
    if (path === '/api/core/organization/' && init.method === 'POST') {
      const { name } = JSON.parse(init.body as string) as { name: string };
      organization = { ...acme, id: 'org-2', name };
      user = { ...user, organization: organization.id, role: 'ORG_ADMIN' };
      return json(201, organization);
    }
    if (organization && path === `/api/core/organization/${organization.id}/`) return json(200, organization);
    if (path === '/api/core/permissions/') {
      const permissionList = permissions ?? (user.role === 'ORG_ADMIN' ? ['*:*'] : []);
      return json(200, [
        {
          realm: 'studio_app',
          requester_id: user.id,
          organization: user.organization,
          role: user.role,
          permission_list: permissionList,
        },
      ]);
    }
    return json(404, { message: 'Not found.', code: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** An RTMP input as the API answers it (idle channel, primary and failover keys); the fields given win. */
export const rtmpInput = (fields: Partial<RtmpInput> & Pick<RtmpInput, 'id' | 'name'>): RtmpInput => ({
  event: 'e-1',
  channel_states: ['IDLE'],
  state: 'DETACHED',
  test_run_end_time: null,
  input_url: `rtmp://studio.example:1935/live/${fields.id}-key`,
  failover_input_url: `rtmp://studio.example:1935/live/${fields.id}-backup`,
  secure_input_url: null,
  secure_failover_input_url: null,
  feeds: { primary: false, failover: false, degraded: false, error: null },
  urls: { hls: `https://studio.example/live/${fields.id}/index.m3u8` },
  created_at: '2026-11-22T00:00:00Z',
  ...fields,
});

/** An event's RTMP inputs on the server, and how its calls fail when a test wants them to. */
export interface FakeRtmpInputs {
  inputs: RtmpInput[];
  listStatus?: number;
  startTestStatus?: number;
  /** Inputs a session plays: deleting them answers 409 CANNOT_DELETE_IN_USE. */
  inUse?: string[];
}

/** The live inputs' calls (002 §7.4) over `live`; other calls are left to the fake. */
export function rtmpInputRoutes(live: FakeRtmpInputs): ExtraRoutes {
  return (url, init) => {
    const path = url.split('?')[0];
    if (path === '/api/event/rtmp_inputs/' && init.method === 'GET') {
      if (live.listStatus) return json(live.listStatus, { message: 'Boom', code: 'SERVER_ERROR' });
      return json(200, { count: live.inputs.length, next: null, previous: null, results: live.inputs });
    }
    if (path === '/api/event/rtmp_inputs/' && init.method === 'POST') {
      const { name, event } = JSON.parse(init.body as string) as { name: string; event: string };
      const created = rtmpInput({ id: `rtmp-${live.inputs.length + 1}`, name, event });
      live.inputs = [...live.inputs, created];
      return json(201, created);
    }
    const [, id, action] = /^\/api\/event\/rtmp_inputs\/([^/]+)\/(?:(start_test)\/)?$/.exec(path ?? '') ?? [];
    const input = live.inputs.find((candidate) => candidate.id === id);
    if (!input) return undefined;
    if (action === 'start_test') {
      if (live.startTestStatus)
        return json(live.startTestStatus, { message: 'No', code: 'NOT_IN_TESTING_TIME' });
      return json(200, { ...input, channel_states: ['STARTING'] });
    }
    if (init.method === 'DELETE') {
      if (live.inUse?.includes(input.id))
        return json(409, { message: 'In use', code: 'CANNOT_DELETE_IN_USE' });
      live.inputs = live.inputs.filter((candidate) => candidate !== input);
      return new Response(null, { status: 204 });
    }
    return undefined;
  };
}

/** A browser WebSocket stand-in (`vi.stubGlobal('WebSocket', FakeSocket)`): records sends, pushes frames, drops. */
export class FakeSocket {
  static instances: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  push(message: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  /** The connection is lost (close code 1006). */
  drop() {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }
}
