/**
 * Spec 001 §2 and 002 §2: the studio's whole route table, as data shared by the router, the
 * navigation guard and their tests. Paths use the router's pattern syntax: `$name` is a
 * parameter, a trailing `$` is the rest of the path.
 */

/** How the navigation guard treats a page. */
export type RouteKind =
  /** /auth pages: a signed-in visitor is sent on. */
  | 'sign-in'
  /** Magic link, SSO, Okta and organisation sign-in: they take over a session, so anyone may open them. */
  | 'sign-in-handoff'
  /** /content/auth pages. */
  | 'content-lab-auth'
  /** Public shared clip and post pages. */
  | 'shared'
  /** Attendee- and sponsor-facing pages. */
  | 'public'
  /** Signed-in pages outside the organisation shell. */
  | 'standalone'
  | 'content-lab'
  /** Pages inside the organisation shell (navigation bar and header). */
  | 'shell';

export interface StudioRoute {
  path: string;
  title: string;
  kind: RouteKind;
  requiresSignIn: boolean;
}

export interface StudioRedirect {
  path: string;
  /** Target pattern; parameters of the same name are carried over. */
  to: string;
}

/** Paths the studio navigates to by name (spec 001 §2.1). */
export const paths = {
  login: '/auth/login',
  sso: '/auth/sso',
  oktaLogin: '/auth/oktalogin',
  organizationLogin: '/auth/org/$orgId',
  magicLink: '/auth/link/$email/$secretCode',
  magicLinkSent: '/auth/magicLinkSent',
  forgotPassword: '/auth/forgot',
  forgotPasswordSubmit: '/auth/forgotPasswordSubmit',
  confirmSignup: '/auth/confirmSignup',
  external: '/auth/external',
  contentLabForgotPassword: '/content/auth/forgot-password',
  contentLab: '/content/$',
  orgHome: '/home',
  events: '/events',
  pages: '/pages',
  contentLabLogin: '/content/auth/login',
  contentLabSignup: '/content/auth/signup',
  contentLabAlreadyLoggedIn: '/content/auth/already-logged-in',
  createOrg: '/createorg',
  error: '/error',
  noWorkspace: '/no-workspace',
  settings: '/settings-new',
  users: '/settings-new/users',
  permissions: '/settings-new/permissions',
  apiTokens: '/settings-new/tokens',
  domains: '/settings-new/domains',
  organizationSettings: '/settings-new/organization',
  preferences: '/settings-new/preferences',
  teams: '/settings-new/teams',
  forms: '/settings-new/forms',
} as const;

/** Where an unknown path goes. */
export const NOT_FOUND_HREF = `${paths.error}?code=404`;

/** The content lab's first page, its projects (`paths.contentLab` with an empty rest of path). */
export const CONTENT_LAB_HREF = '/content';

export interface PageNode {
  segment: string;
  title: string;
  children: PageNode[];
}

function page(segment: string, title: string, children: PageNode[] = []): PageNode {
  return { segment, title, children };
}

function flatten(nodes: PageNode[], prefix: string): { path: string; title: string }[] {
  return nodes.flatMap((node) => {
    const path = `${prefix}/${node.segment}`;
    return [{ path, title: node.title }, ...flatten(node.children, path)];
  });
}

const emailPages = [page('email/templates', 'Email Templates'), page('email/schedule', 'Email Schedule')];
const programmePages = [
  page('agenda', 'Agenda'),
  page('speakers', 'Speakers'),
  page('staff', 'Staff'),
  page('check-in-staff', 'Check-in Staff'),
  page('rooms', 'Rooms'),
  page('booths', 'Booths'),
];
const programs = page('programs', 'Programs', programmePages);
/** An event's programme also holds its RTMP inputs (002 §2.5); a repeating event's occurrences hold their own. */
const eventPrograms = page('programs', 'Programs', [...programmePages, page('live-inputs', 'Live Inputs')]);
const integrationOfType = page('$integrationType', 'Integration', [
  page('settings', 'Integration Settings'),
  page('field-mapping/$crmObjectType', 'Field Mapping'),
]);
const integration = (overview: PageNode) =>
  page('integration', 'Integrations', [overview, integrationOfType]);
const lookAndFeel = page('look-and-feel', 'Look and Feel');
const onDemandPageBuilder = page('on-demand-page-builder', 'On-Demand Page Builder');
const registrants = page('registrants', 'Registrants');
const trackingPixels = page('tracking-pixels', 'Tracking Pixels');
const registrationPages = [
  page('page', 'Registration Page'),
  page('page/page-builder', 'Registration Page Builder'),
  registrants,
  trackingPixels,
];
const seriesPages = [
  page('dashboard', 'Dashboard'),
  page('events', 'Events'),
  page('integration/$integrationType', 'Integration'),
  page('reports', 'Reports', [page('summary', 'Report Summary'), page('event/$id', 'Event Report')]),
  page('registration', 'Registration', registrationPages),
  ...emailPages,
];

const templatePages = [
  page('dashboard', 'Dashboard'),
  page('registration', 'Registration', [page('page', 'Registration Page'), trackingPixels]),
  page('registration/page-builder', 'Registration Page Builder'),
  onDemandPageBuilder,
  lookAndFeel,
  ...emailPages,
  integration(page('info', 'Integration Info')),
];
const repeatingEventPages = [...seriesPages, onDemandPageBuilder, lookAndFeel, programs];
/** What is drafted from an event's videos' transcripts (posts, an email, a blog article, takeaways). */
const draftedPages = [
  page('videos', 'Videos'),
  page('social', 'Social'),
  page('email', 'Email Draft'),
  page('blog', 'Blog'),
  page('takeaways', 'Takeaways'),
  page('transcript', 'Transcript'),
];
const webinarPages = [
  onDemandPageBuilder,
  page('on-demand-embed-builder', 'On-Demand Embed Builder'),
  page('details', 'Details', [...draftedPages, page('staff', 'Staff')]),
  page('page', 'Page'),
  // Beyond 001's table: a webinar is run live too, so it has its sessions, speakers (002 §2: "the
  // webinar speakers route: not shown"), inputs and moderation.
  page('programs', 'Programs', [
    page('agenda', 'Sessions'),
    page('speakers', 'Speakers'),
    page('live-inputs', 'Live Inputs'),
  ]),
  page('engagement', 'Engagement'),
  page('registration', 'Registration', [registrants, trackingPixels, page('form', 'Registration Form')]),
  page('email', 'Email', [page('schedule', 'Email Schedule'), page('templates', 'Email Templates')]),
  page('analytics', 'Analytics'),
  integration(page('summary', 'Integration Summary')),
  lookAndFeel,
];
const eventPages = [
  page('dashboard', 'Dashboard'),
  page('recordings-new', 'Recordings'),
  // Not in 001 §2.3's table: a Conference's drafted posts, as a webinar's details hold them.
  page('posts', 'Posts', draftedPages),
  page('engagement', 'Engagement'),
  page('registration-new', 'Registration', registrationPages),
  eventPrograms,
  lookAndFeel,
  page('analytics-new', 'Analytics', [
    page('summary', 'Analytics Summary'),
    page('pre-event', 'Pre-Event Analytics'),
    page('engagement', 'Engagement'),
    page('sessions', 'Sessions'),
    page('booths', 'Booths'),
    page('rooms', 'Rooms'),
    page('emails', 'Emails'),
  ]),
  ...emailPages,
  integration(page('summary', 'Integration Summary')),
];

/** The event-like workspaces (spec 001 §2.3): their base path and the pages under it. */
export const workspaceAreas = {
  event: { base: '/events/$eventId', title: 'Event', pages: eventPages },
  webinar: { base: '/webinar/$eventId', title: 'Webinar', pages: webinarPages },
  template: { base: '/templates/$templateId', title: 'Template', pages: templatePages },
  series: { base: '/series/$seriesId', title: 'Series', pages: seriesPages },
  'repeating-event': {
    base: '/repeating-event/$seriesId',
    title: 'Repeating Event',
    pages: repeatingEventPages,
  },
  // A recording is its page (its details and video), the pages and emails of those who register
  // for it (its confirmations: it has no schedule), who registered and how it was watched.
  recording: {
    base: '/recording-event/$eventId',
    title: 'Recording',
    pages: [
      page('page', 'Registration Page'),
      page('form', 'Registration Form'),
      registrants,
      onDemandPageBuilder,
      page('email/templates', 'Email Templates'),
      page('analytics', 'Analytics'),
    ] as PageNode[],
  },
} as const;
export type WorkspaceKind = keyof typeof workspaceAreas;

const workspacePage = ({ base, title, pages }: { base: string; title: string; pages: PageNode[] }) =>
  page(base.slice(1), title, pages);

const shellPages: PageNode[] = [
  page('home', 'Home'),
  page('events', 'Events'),
  page('recordings', 'Recordings'),
  page('series', 'Series'),
  page('pages', 'Pages'),
  page('pages/$pageId', 'Page', [page('hub-page-builder', 'Hub Page Builder')]),
  page('brand-kit', 'Brand Kit'),
  page('metadata', 'Metadata'),
  page('videos', 'Video Library'),
  page('templates', 'Templates'),
  workspacePage(workspaceAreas.template),
  workspacePage(workspaceAreas.series),
  workspacePage(workspaceAreas['repeating-event']),
  workspacePage(workspaceAreas.recording),
  workspacePage(workspaceAreas.webinar),
  workspacePage(workspaceAreas.event),
  page('reports-new', 'Reports', [
    page('cross-event', 'Cross-Event Report'),
    page('roi', 'ROI Report'),
    page('custom-report', 'Custom Report', [
      page('search', 'Search'),
      page('saved-reports', 'Saved Reports'),
      page('$liveboardID', 'Liveboard'),
    ]),
  ]),
  page('settings-new', 'Settings', [
    page('users', 'Users'),
    page('permissions', 'Permissions'),
    page('domains', 'Domains'),
    page('tokens', 'API Tokens'),
    page('organization', 'Organization'),
    page('preferences', 'Preferences'),
    page('teams', 'Teams'),
    page('forms', 'Forms'),
    page('forms/$formId', 'Form'),
    page('forms/$formId/$integrationType/field-mapping/$crmObjectType', 'Form Field Mapping'),
  ]),
  page('integrations', 'Integrations', [
    page('applications', 'Applications'),
    page('applications/$instanceID/settings', 'Application Settings', [
      page('authentication', 'Authentication'),
      page('field-mapping/$crmObjectType', 'Field Mapping'),
      page('marketo-base-program', 'Marketo Base Program'),
      page('eloqua-event-form', 'Eloqua Event Form'),
    ]),
    page('authentications', 'Authentications'),
    page('authentications/$authenticationID/settings', 'Authentication Settings'),
    page('javascript-embeds', 'JavaScript Embeds'),
    page('javascript-embeds/$instanceID', 'JavaScript Embed'),
  ]),
];

function route(path: string, title: string, kind: RouteKind, requiresSignIn: boolean): StudioRoute {
  return { path, title, kind, requiresSignIn };
}

export const studioRoutes: readonly StudioRoute[] = [
  route(paths.login, 'Login', 'sign-in', false),
  route(paths.sso, 'SSO Login', 'sign-in-handoff', false),
  route(paths.oktaLogin, 'Okta Login', 'sign-in-handoff', false),
  route(paths.organizationLogin, 'Organization Login', 'sign-in-handoff', false),
  route(paths.magicLink, 'Magic Link', 'sign-in-handoff', false),
  route(paths.magicLinkSent, 'Magic Link Sent', 'sign-in', false),
  route(paths.forgotPassword, 'Forgot Password', 'sign-in', false),
  route(paths.forgotPasswordSubmit, 'Reset Password', 'sign-in', false),
  route(paths.confirmSignup, 'Confirm Sign Up', 'sign-in', false),
  route(paths.external, 'Set New Password', 'sign-in', false),
  route(paths.contentLabLogin, 'Login', 'content-lab-auth', false),
  route(paths.contentLabSignup, 'Sign Up', 'content-lab-auth', false),
  route(paths.contentLabForgotPassword, 'Forgot Password', 'content-lab-auth', false),
  route(paths.contentLabAlreadyLoggedIn, 'Already Logged In', 'content-lab-auth', true),
  route(paths.createOrg, 'Create Organization', 'standalone', true),
  route(paths.error, 'Error', 'standalone', true),
  route(paths.noWorkspace, 'No Workspace', 'standalone', true),
  route('/registrants-activity', 'Registrants Activity', 'public', false),
  route('/on-demand-embed-dummy/$eventId', 'On-Demand Embed', 'public', false),
  route('/sponsor/$eventId/booth/$boothId', 'Sponsor Booth', 'public', false),
  route('/shared/clip/$clipId', 'Shared Clip', 'shared', false),
  route('/shared/post/$postId', 'Shared Post', 'shared', false),
  // The rest-of-path parameter also matches /content itself.
  route(paths.contentLab, 'Content Lab', 'content-lab', true),
  ...flatten(shellPages, '').map(({ path, title }) => route(path, title, 'shell', true)),
];

export const studioRedirects: readonly StudioRedirect[] = [
  { path: '/', to: paths.orgHome },
  { path: '/auth', to: paths.login },
  // The address people type for signing in.
  { path: '/login', to: paths.login },
  { path: '/content/auth', to: paths.contentLabLogin },
  { path: '/upcoming-events', to: paths.events },
  { path: '/past-events', to: paths.events },
  { path: '/eventHub', to: paths.pages },
  { path: '/eventHub/$eventHubId', to: '/pages/$eventHubId' },
  { path: '/settings-new/members', to: '/settings-new/users' },
  { path: '/settings-new/contract', to: '/settings-new/organization' },
  // Legacy paths (decisions.md): settings pages go to their settings-new page, the rest to Events.
  { path: '/settings', to: '/settings-new/organization' },
  { path: '/organization-team', to: '/settings-new/users' },
  { path: '/library', to: paths.events },
  { path: '/stage', to: paths.events },
  { path: '/connected-apps', to: paths.events },
  { path: '/space', to: paths.events },
  { path: '/analytics', to: paths.events },
];

/** A redirect's target with the parameters of the path it was reached from. */
export function redirectHref(redirect: StudioRedirect, params: Readonly<Record<string, string>>): string {
  return redirect.to.replace(/\$(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}
