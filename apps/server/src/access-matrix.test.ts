/**
 * Cross-organisation matrix: EVERY route the studio registers is called with another
 * organisation's admin, another organisation's API token, members of the victim organisation
 * without the permission, and anonymously. Routes are collected as they are registered, so a new
 * route is covered without touching this file.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrganizationDetail, Page, Workspace } from '@studio/domain';
import { fileStudio } from '../test/file-studio.ts';
import { bearer } from '../test/harness.ts';
import { studioRoutes } from '../test/studio-routes.ts';
import {
  newAdmin,
  newApiToken,
  newAutomationAdmin,
  newMember,
  newWorkspace,
} from './modules/access/access.fixtures.ts';
import { setOperatorFlags } from './modules/organizations/organizations.fixtures.ts';
import { caller } from './modules/back-office/back-office.fixtures.ts';
import { switchContentLab } from './modules/clips/clips.fixtures.ts';

const { onRoute, routes: routesUnderTest } = studioRoutes();

/** Known public routes: they must still declare themselves public (a sanity check of the collector). */
const KNOWN_PUBLIC = [
  'GET /api/health',
  'POST /api/auth/signup/',
  'POST /api/auth/login/',
  'GET /api/core/flags/',
  'POST /api/event/series/:id/register/',
  // The unsubscribe link of every email (issue 33): its signed token is the only key.
  'GET /api/email/unsubscribe/',
  'POST /api/email/unsubscribe/',
  // Open and click tracking of logged emails (issue 33 §9): signed per message.
  'GET /api/email/t/:id/open.gif',
  'GET /api/email/t/:id/click',
];

/**
 * Reads a member of the victim organisation may make (their own organisation, its roles, the
 * workspaces they see, themselves) and the one write open to anyone signed in. Every other route
 * answers a plain member (no role) 403, and refuses a team admin unless TEAM_ADMIN_ALLOWED lists it.
 * A new route readable by members is added here on purpose, never by accident.
 */
const PLAIN_MEMBER_ALLOWED = new Set([
  'GET /api/core/user/me/',
  // The events the caller speaks or works at, in any organisation: their own.
  'GET /api/core/user/me/events/',
  'GET /api/core/organization/:id/',
  'POST /api/core/organization/',
  'GET /api/core/roles/',
  'GET /api/core/workspaces/',
  'GET /api/core/workspaces/:id/',
  'GET /api/core/workspaces/:id/members/',
  // The organisation's users (directory): every member reads it — scoped to the people of their
  // own teams without workspace:read — and changes their own profile. Changing others needs
  // user:manage.
  'GET /api/core/users/',
  'GET /api/core/user/',
  'PATCH /api/core/user/me/',
  // The home: every member opens it; each part is scoped (or left empty) by the service it comes from.
  'GET /api/core/home/',
  // A signed upload URL for the caller's own organisation (their profile picture, an event's images);
  // the area that stores the key checks its own permission.
  'POST /api/core/files/signed_url/',
  // A booth's resources: the organisers and the booth's sponsor (who belongs to no organisation)
  // add them; the service decides by the booth named in the body (the probe has none: 400).
  'POST /api/event/booth-resources/',
  // Everyone signed in sets their own password (the probe body has none: 400).
  'POST /api/auth/password/',
]);

/**
 * Routes the team admin's role reaches with the probe (a plain member gets 403 on them).
 */
const TEAM_ADMIN_ALLOWED = new Set([
  // Webhooks (issue 36): an event's endpoints are made with event:update, which the team admin
  // holds (400 for the probe body; the service then checks the event, or organization:update
  // for an organisation-wide endpoint).
  'POST /api/event/activity-webhooks/',
  // Slack notifications (issue 36) likewise: an event's, with event:update (400 for the probe body,
  // which names no event).
  'GET /api/event/slack-notifications/',
  'POST /api/event/slack-notifications/',
  // Whether an event's notifications may tell Salesforce owners: the event in the query (400 without).
  'GET /api/event/slack-notifications/salesforce_owners/',
  // The organisation's Slack channels, which an event's notification picks from (event:update):
  // 409 while Slack is not connected, 400 with no channel to validate.
  'GET /api/core/organization/:id/slack_channels/',
  // Whether Slack is connected, read with event:update so that the notifications page asks for
  // channels only then (connecting and disconnecting stay the organisation's).
  'GET /api/core/organization/:id/slack/',
  'GET /api/core/organization/:id/validate_slack_channel/',
  // CRM connectors and field mappings (issue 36): integration:read/update, which the team admin
  // holds (400 for the probe body or query, which names no CRM or entity).
  'POST /api/integrations/crm/authenticate/',
  'GET /api/integrations/field-mappings/',
  'DELETE /api/integrations/field-mappings/',
  'GET /api/integrations/field-mappings/source_fields/',
  'POST /api/integrations/field-mappings/bulk_save/',
  'POST /api/integrations/field-mappings/defaults/',
  'GET /api/integrations/eloqua/validate_form_id/',
  // A team connection's Marketo base program and Eloqua event form (`?workspace=`): the service
  // then checks organization:update, or integration:update on that team.
  'POST /api/integrations/marketo/base_program/',
  'POST /api/integrations/eloqua/event_form/',
  // Reports (issue 35): report:read, which the team admin holds — the organisation's events they
  // see (a list) or 400 for the probe body, which is no report definition.
  'GET /api/reports/cross-event/',
  'GET /api/reports/cross-event/csv/',
  'GET /api/reports/roi/',
  'GET /api/reports/roi/csv/',
  'POST /api/reports/custom/',
  'POST /api/reports/custom/run/',
  'POST /api/reports/custom/run/csv/',
  // A registrant's activity link (issue 37 §7): event:read to copy, event:update to revoke (400 for the
  // probe, which names no person).
  'POST /api/core/registrant_activity_url/',
  'DELETE /api/core/registrant_activity_url/',
  // Posts (issue 37 item 4): video:read/update, which the team admin holds; a list names its video
  // and a draft its source video (400 for the probe, which names none); the video's visibility decides.
  'GET /api/content/posts/',
  'POST /api/content/posts/generate/',
  'POST /api/content/posts/',
  // Content Lab (issue 37 §3): the organisation's clip searches and saved searches, with
  // video:read/update, which the team admin holds (only the clips of videos they see); the edit
  // link names its video (400 for the probe, which names none).
  'GET /api/content_lab/clip_search/',
  'GET /api/content_lab/saved_searches/',
  'POST /api/content_lab/saved_searches/',
  'GET /api/content_lab/edit_link/',
  // Content Lab projects (issue 37 §3): the organisation's folders, with video:read/update, which the
  // team admin holds; a project's videos list only the videos they see.
  'GET /api/content_lab/projects/',
  'POST /api/content_lab/projects/',
  // The project of each video given, of the videos they see (400 for the probe, which names none).
  'GET /api/content_lab/video_projects/',
  // Email tracking (issue 33 §9): whether the organisation tracks opens and clicks, read with
  // event:read, which the team admin holds (setting it needs organization:update).
  'GET /api/event/email_tracking/',
  // JavaScript embeds (issue 17 §4): the organisation's integration setting, which the team admin
  // holds (integration:read/update); hidden from them only when workspaces are enabled (001 §2.3),
  // which the victim organisation has not (a read, or 400 for the probe body).
  'GET /api/core/organization/:id/code_areas/',
  'PATCH /api/core/organization/:id/code_areas/',
  // The brand kit (issue 18): the organisation's default branding, read and written with
  // branding:update, which the team admin holds (a read, or 400 for the probe body).
  'GET /api/core/organization/:id/brand_kit/',
  'PUT /api/core/organization/:id/brand_kit/',
  // Filler slides (issue 18 §6): the organisation's library, read with event:read and video:read and added with
  // branding:update, which the team admin holds (a list of the teams they see, or 400 for the
  // probe body).
  'GET /api/core/filler-slide-library/',
  'POST /api/core/filler-slide-library/',
  // The events area (issue 4): the team admin holds event:read/create/update/delete, so these
  // parameterless routes answer them (a list, or 400 for the probe body); routes with ids must
  // still refuse them (the probe ids are no events).
  'GET /api/event/',
  'POST /api/event/',
  'GET /api/event/recordings/',
  'GET /api/event/timezones/',
  'GET /api/event/series/',
  'POST /api/event/series/',
  'GET /api/event/studio-templates/',
  'POST /api/event/studio-templates/',
  'POST /api/event/studio-templates/create_from_event/',
  'GET /api/event/hub-pages/',
  'POST /api/event/hub-pages/',
  'GET /api/core/tags/',
  'POST /api/core/tags/',
  'GET /api/core/workflows/',
  // The programme's agenda (issue 14): event:read/update like the events area; the lists and
  // creations name their event in the query or body (the probe has none: 400).
  'GET /api/event/broadcasts/',
  'POST /api/event/broadcasts/',
  'GET /api/event/tracks/',
  'POST /api/event/tracks/',
  'PUT /api/event/tracks/bulk/',
  'GET /api/event/agenda-item/',
  'POST /api/event/agenda-item/',
  // Live inputs (issue 19) name their event in the query or body the same way.
  'GET /api/event/rtmp_inputs/',
  'POST /api/event/rtmp_inputs/',
  // Rooms, booths and sponsors (issue 14) name their event in the query or body the same way.
  'GET /api/event/rooms/',
  'POST /api/event/rooms/',
  'POST /api/event/rooms/reorder/',
  'GET /api/event/booths/',
  'POST /api/event/booths/',
  'POST /api/event/booths/reorder/',
  'POST /api/core/user/sponsor/',
  // People of an event (issue 15): speakers, check-in staff and staff name their event in the
  // query or body the same way (the probe has none: 400).
  'GET /api/event/event-roles/',
  'POST /api/event/event-roles/',
  'POST /api/event/event-roles/reorder/',
  'POST /api/event/event-roles/bulk/',
  'GET /api/event/staff/',
  'POST /api/event/staff/',
  // Registrants (issue 16): by hand, the list and its export name their event in the body or
  // query the same way, as do a series' registrants.
  'POST /api/event/event-members/',
  'GET /api/event/event-members/',
  'GET /api/event/event-members/export/',
  'GET /api/event/series-registrants/',
  'POST /api/event/series-registrants/',
  // Surveys (issue 14) too.
  'GET /api/event/surveys/',
  'POST /api/event/surveys/',
  // Registration forms (issue 16): the organisation's forms list and a new global form (the
  // probe body names one); routes with ids refuse them (the probe ids are no forms).
  'GET /api/event/forms/',
  'POST /api/event/forms/',
  // The people's email config (issue 15) names its event in the query the same way.
  'GET /api/event/email-config/',
  // Email templates, schedules and the delivery log (issue 33) name their event, template or
  // series in the query the same way.
  'GET /api/event/email_templates/',
  'POST /api/event/email_templates/',
  'GET /api/event/email_schedules/',
  'PUT /api/event/email_schedules/bulk/',
  'GET /api/event/email_deliveries/',
  // Magic links (issue 15) name their event in the query or body the same way.
  'GET /api/event/magic_link/',
  'POST /api/event/magic_link/reissue/',
  // The video library (issue 5): the team admin holds video:read/video:update, so these
  // parameterless routes answer them (a list, or 400 for the probe body / a tus request without
  // Upload-Length); routes with ids still refuse them (the probe ids are no videos).
  'GET /api/core/video_assets/',
  'GET /api/core/video_assets/event_assets/',
  'POST /api/core/video_assets/',
  'POST /api/content_lab/video_library/rename/',
  'POST /api/uploads/',
  // Content Lab clips (issue 37) likewise: video:read/video:update; the list names its video in the
  // query and the create call in its body (400 for the probe), then the library's scope decides.
  'GET /api/content_lab/clips/',
  'POST /api/content_lab/clips/',
]);

const REFUSED = [401, 403, 404];

/**
 * A plain member on a route reserved to admins: 403 — or, for a path naming an object their
 * organisation does not have (the probe ids are mostly no such object), 404 as for anyone.
 */
const plainRefusal = (hasParams: boolean, status: number) => status === 403 || (hasParams && status === 404);

const studio = fileStudio({ onRoute });
let victim: {
  organizationId: string;
  organizationName: string;
  adminAccess: string;
  /** Everything of the victim organisation that no outsider may ever see. */
  secrets: string[];
  /** What the victim's own members without the permission may not see either. */
  memberSecrets: string[];
  ids: string[];
  body: Record<string, unknown>;
  tokenSecret: string;
};
let callers: {
  label: string;
  access: string | null;
  kind: 'outsider' | 'member' | 'anonymous';
  /** A member without a role: refused 403 on every route but PLAIN_MEMBER_ALLOWED. */
  plain?: boolean;
}[];

beforeAll(async () => {
  const marker = `m${Date.now().toString(36)}`;
  const admin = await newAdmin(studio, `Victim Org ${marker}`);
  const organizationId = admin.organization.id;
  const teamAdmin = await newMember(studio, organizationId, 'WORKSPACE_ADMIN');
  const plain = await newMember(studio, organizationId, null);
  const blue = await newWorkspace(studio, admin.access, `Blue ${marker}`, [teamAdmin.userId, plain.userId]);
  const hidden = await newWorkspace(studio, admin.access, `Hidden ${marker}`, [admin.userId]);
  const token = await newApiToken(studio, admin.access, `Victim token ${marker}`);
  await setOperatorFlags(studio, organizationId, {
    Use_CL_Uploads_In_VL: true,
    isNewAutomationApiEnabled: true,
  });
  // Content Lab on (the organisation's switch): its routes are probed past the switch.
  await switchContentLab(caller(studio, admin.access), organizationId, true);

  const tokenSecrets = [token.id, token.name, token.prefix, token.token];
  const hiddenWorkspace = [hidden.id, hidden.name];
  victim = {
    organizationId,
    organizationName: admin.organization.name,
    adminAccess: admin.access,
    tokenSecret: token.token,
    secrets: [
      organizationId,
      admin.organization.name,
      admin.userId,
      admin.user.email,
      teamAdmin.userId,
      teamAdmin.user.email,
      plain.userId,
      plain.user.email,
      blue.id,
      blue.name,
      ...hiddenWorkspace,
      ...tokenSecrets,
    ],
    memberSecrets: [...tokenSecrets, ...hiddenWorkspace],
    ids: [organizationId, admin.userId, teamAdmin.userId, plain.userId, blue.id, hidden.id, token.id],
    // A body that would succeed on every write if the caller were allowed.
    body: {
      name: `Matrix probe ${marker}`,
      user_id: plain.userId,
      realm: 'studio_app',
      requester_id: admin.userId,
      context: { organization: organizationId },
    },
  };

  // The automation API on: the attacker's token gets past authentication to every route.
  const attacker = await newAutomationAdmin(studio, 'Attacker Org');
  const attackerToken = await newApiToken(studio, attacker.access, 'Attacker token');
  await switchContentLab(caller(studio, attacker.access), attacker.organization.id, true);
  callers = [
    { label: "another organisation's admin", access: attacker.access, kind: 'outsider' },
    { label: "another organisation's API token", access: attackerToken.token, kind: 'outsider' },
    { label: 'a plain member of the victim organisation', access: plain.access, kind: 'member', plain: true },
    { label: 'a team admin of the victim organisation', access: teamAdmin.access, kind: 'member' },
    { label: 'anonymous', access: null, kind: 'anonymous' },
  ];
});

/** Every way to fill the route's parameters with the victim's ids. */
function concreteUrls(url: string, ids: string[]): string[] {
  const params = url.match(/:[A-Za-z0-9_]+/g) ?? [];
  let urls = [url];
  for (const param of params) urls = urls.flatMap((partial) => ids.map((id) => partial.replace(param, id)));
  return urls;
}

describe('cross-organisation access matrix', () => {
  it('collects the routes as they are registered, public ones marked', () => {
    const routes = routesUnderTest();
    const keys = routes.map((route) => `${route.method} ${route.url}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'PATCH /api/core/organization/:id/',
        'PUT /api/core/organization/:id/',
        'DELETE /api/core/workspaces/:id/members/:userId/',
        'POST /api/core/api_tokens/',
        'POST /api/core/permissions/',
      ]),
    );
    for (const known of KNOWN_PUBLIC)
      expect(routes.find((route) => `${route.method} ${route.url}` === known)?.isPublic, known).toBe(true);
  });

  it('refuses, or answers without the victim’s data, every route for every caller', async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const route of routesUnderTest()) {
      const key = `${route.method} ${route.url}`;
      const hasParams = route.url.includes(':');
      for (const caller of callers) {
        for (const url of concreteUrls(route.url, victim.ids)) {
          const query = route.method === 'GET' ? `?organization=${victim.organizationId}` : '';
          const withBody = route.method !== 'GET' && route.method !== 'DELETE';
          const response = await studio.app.inject({
            method: route.method as 'GET',
            url: `${url}${query}`,
            headers: caller.access ? bearer(caller.access) : {},
            ...(withBody ? { payload: victim.body } : {}),
          });
          requests += 1;
          const where = `${key} as ${caller.label} (${url})`;
          if (response.statusCode >= 500) failures.push(`${where}: answered ${response.statusCode}`);

          const forbiddenData = caller.kind === 'member' ? victim.memberSecrets : victim.secrets;
          const leaked = forbiddenData.filter((secret) => response.body.includes(secret));
          if (leaked.length > 0) failures.push(`${where}: body contains ${leaked.join(', ')}`);

          if (route.isPublic) continue;
          const memberAllowed =
            PLAIN_MEMBER_ALLOWED.has(key) || (!caller.plain && TEAM_ADMIN_ALLOWED.has(key));
          const mustRefuse =
            caller.kind === 'anonymous' ||
            (caller.kind === 'outsider' && hasParams) ||
            (caller.kind === 'member' && !memberAllowed);
          if (caller.kind === 'anonymous' && response.statusCode !== 401) {
            failures.push(`${where}: answered ${response.statusCode}, expected 401`);
          } else if (caller.plain && !memberAllowed && !plainRefusal(hasParams, response.statusCode)) {
            failures.push(`${where}: answered ${response.statusCode}, expected 403 (reserved to admins)`);
          } else if (mustRefuse && !REFUSED.includes(response.statusCode)) {
            failures.push(`${where}: answered ${response.statusCode}, expected 401/403/404`);
          }
        }
      }
    }
    expect(requests).toBeGreaterThan(100);
    expect(failures).toEqual([]);
    // Every route of the studio, four callers each: minutes on a loaded machine.
  }, 900_000);

  it('left the victim organisation as it was', async () => {
    const headers = bearer(victim.adminAccess);
    const organization = (
      await studio.app.inject({
        method: 'GET',
        url: `/api/core/organization/${victim.organizationId}/`,
        headers,
      })
    ).json<OrganizationDetail>();
    expect(organization.name).toBe(victim.organizationName);
    expect(organization.feature_flags.Use_CL_Uploads_In_VL).toBe(true);
    expect(organization.feature_flags.useHLSGuard).toBe(false);

    const workspaces = (
      await studio.app.inject({ method: 'GET', url: '/api/core/workspaces/', headers })
    ).json<Page<Workspace>>();
    expect(
      workspaces.results.map((workspace) => [workspace.name.split(' ')[0], workspace.members_count]),
    ).toEqual([
      ['Blue', 2],
      ['Hidden', 1],
    ]);
    const tokens = (await studio.app.inject({ method: 'GET', url: '/api/core/api_tokens/', headers })).json<
      Page<unknown>
    >();
    expect(tokens.count).toBe(1);
    const me = await studio.app.inject({
      method: 'GET',
      url: '/api/core/user/me/',
      headers: bearer(victim.tokenSecret),
    });
    expect(me.statusCode).toBe(200);
  });
});
