import {
  resolveFeatureFlags,
  resolvePricingConfig,
  type CurrentUser,
  type OrganizationDetail,
} from '@studio/domain';
import { vi } from 'vitest';

export const acme: OrganizationDetail = {
  id: 'org-1',
  name: 'Acme',
  is_workspace_enabled: false,
  enable_inhouse_simulive: false,
  content_lab_enabled: false,
  registration_app_vanity_domain_settings: [],
  tray_id: null,
  eloqua_form_id: null,
  base_marketo_program_id: null,
  marketo_custom_activity_ids: { event: null, user_profile: null, user_engagement: null },
  is_event_roles_enabled: false,
  useHLSGuard: false,
  is_free_trial: false,
  created_at: '2026-11-22T00:00:00Z',
  feature_flags: resolveFeatureFlags({}),
  tier: null,
  pricing_config: resolvePricingConfig({ tier: null, config: {} }),
};

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

/** More of the API for one test: answers a call, or undefined to leave it to the fake. */
export type ExtraRoutes = (path: string, init: RequestInit) => Response | Promise<Response> | undefined;

/**
 * Stands in for the server on `fetch`: `user` is who the access token 'access-1' belongs to, and
 * the password 'Secret#123' signs them in; creating an organisation makes them its admin.
 * Returns the mock to inspect calls.
 */
export function fakeStudioApi(
  signedInUser: CurrentUser,
  existingOrganization: OrganizationDetail | null,
  extraRoutes?: ExtraRoutes,
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
      const permissionList = user.role === 'ORG_ADMIN' ? ['*:*'] : [];
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

/** A stand-in for the browser's WebSocket: the test speaks for the server. */
export class FakeSocket {
  static instances: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
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
    this.readyState = 3;
  }
  push(message: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
}
