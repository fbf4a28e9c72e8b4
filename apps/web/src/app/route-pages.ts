import {
  eventListAddressSchema,
  hubPageListAddressSchema,
  paths,
  type ListAddressValue,
  type RouteKind,
  recordingListAddressSchema,
  registrantListAddressSchema,
  seriesRegistrantListAddressSchema,
  seriesListAddressSchema,
  templateListAddressSchema,
  videoListAddressSchema,
  type StudioRoute,
} from '@studio/domain';
import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';
import type { ZodType } from 'zod';

// Each page is its own chunk, so the first screen loads only what it shows.
const loginPage = lazyRouteComponent(() => import('../features/auth/login-page.tsx'), 'LoginPage');
const forgotPasswordPage = lazyRouteComponent(
  () => import('../features/auth/forgot-password-page.tsx'),
  'ForgotPasswordPage',
);
const ssoPages = () => import('../features/auth/sso-start-pages.tsx');

const eventDashboardPage = lazyRouteComponent(
  () => import('./event-dashboard-route.tsx'),
  'EventDashboardRoute',
);

const lookAndFeelPage = lazyRouteComponent(() => import('./look-and-feel-route.tsx'), 'LookAndFeelRoute');
// An event's and a webinar's sessions, live inputs and moderation.
const agendaPage = lazyRouteComponent(() => import('./agenda-route.tsx'), 'AgendaRoute');
const liveInputsPage = lazyRouteComponent(() => import('./live-inputs-route.tsx'), 'LiveInputsRoute');
const engagementPage = lazyRouteComponent(() => import('./engagement-route.tsx'), 'EngagementRoute');

const seriesDashboardPage = lazyRouteComponent(
  () => import('../features/series/series-dashboard-page.tsx'),
  'SeriesDashboardPage',
);
const seriesEventsPage = lazyRouteComponent(
  () => import('../features/series/series-dashboard-page.tsx'),
  'SeriesEventsPage',
);
const templateDashboardPage = lazyRouteComponent(
  () => import('../features/templates/template-dashboard-page.tsx'),
  'TemplateDashboardPage',
);

const registrationRoutes = () => import('./registration-route.tsx');
const registrantsPage = lazyRouteComponent(registrationRoutes, 'RegistrantsRoute');
const seriesRegistrantsPage = lazyRouteComponent(registrationRoutes, 'SeriesRegistrantsRoute');

/** The registrants pages' paths: event-like ones list an event's members, series ones a series'. */
const registrantsPaths = {
  event: [
    '/events/$eventId/registration-new/registrants',
    '/webinar/$eventId/registration/registrants',
    '/recording-event/$eventId/registrants',
  ],
  series: [
    '/series/$seriesId/registration/registrants',
    '/repeating-event/$seriesId/registration/registrants',
  ],
} as const;

const sharedPages = () => import('../features/content-lab/shared-page.tsx');

const javascriptEmbedsRoutes = () => import('./javascript-embeds-route.tsx');
const integrationsRoutes = () => import('./integrations-route.tsx');
const crmRoutes = () => import('./crm-integrations-route.tsx');
const crmPage = (name: keyof Awaited<ReturnType<typeof crmRoutes>>) => lazyRouteComponent(crmRoutes, name);
const integrationsPage = (name: keyof Awaited<ReturnType<typeof integrationsRoutes>>) =>
  lazyRouteComponent(integrationsRoutes, name);
/** Every workspace's integration pages (spec 001 §2.3): events and webinars, templates, series. */
const integrationPages: Readonly<Record<string, RouteComponent>> = {
  ...Object.fromEntries(
    ['/events/$eventId', '/webinar/$eventId'].flatMap((base) => [
      [`${base}/integration`, integrationsPage('EventIntegrationSummaryRoute')],
      [`${base}/integration/summary`, integrationsPage('EventIntegrationSummaryRoute')],
      [`${base}/integration/$integrationType`, integrationsPage('EventIntegrationSettingsRoute')],
      [`${base}/integration/$integrationType/settings`, integrationsPage('EventIntegrationSettingsRoute')],
    ]),
  ),
  '/templates/$templateId/integration': integrationsPage('ContextIntegrationSummaryRoute'),
  '/templates/$templateId/integration/info': integrationsPage('ContextIntegrationSummaryRoute'),
  '/templates/$templateId/integration/$integrationType': integrationsPage('ContextIntegrationSettingsRoute'),
  '/templates/$templateId/integration/$integrationType/settings': integrationsPage(
    'ContextIntegrationSettingsRoute',
  ),
  '/series/$seriesId/integration/$integrationType': integrationsPage('ContextIntegrationSettingsRoute'),
  '/repeating-event/$seriesId/integration/$integrationType': integrationsPage(
    'ContextIntegrationSettingsRoute',
  ),
};

// Every workspace's email pages (templates with the editor on ?emailTemplateId=, schedule with #schedule-drawer).
const emailRoutes = () => import('./email-route.tsx');
const emailPage = (name: keyof Awaited<ReturnType<typeof emailRoutes>>) =>
  lazyRouteComponent(emailRoutes, name);
const emailPages: Readonly<Record<string, RouteComponent>> = {
  '/events/$eventId/email/templates': emailPage('EventEmailTemplatesRoute'),
  '/webinar/$eventId/email/templates': emailPage('EventEmailTemplatesRoute'),
  '/recording-event/$eventId/email/templates': emailPage('RecordingEmailTemplatesRoute'),
  '/templates/$templateId/email/templates': emailPage('TemplateEmailTemplatesRoute'),
  '/series/$seriesId/email/templates': emailPage('SeriesEmailTemplatesRoute'),
  '/repeating-event/$seriesId/email/templates': emailPage('SeriesEmailTemplatesRoute'),
  '/events/$eventId/email/schedule': emailPage('EventEmailScheduleRoute'),
  '/webinar/$eventId/email/schedule': emailPage('EventEmailScheduleRoute'),
  '/templates/$templateId/email/schedule': emailPage('TemplateEmailScheduleRoute'),
  '/series/$seriesId/email/schedule': emailPage('SeriesEmailScheduleRoute'),
  '/repeating-event/$seriesId/email/schedule': emailPage('SeriesEmailScheduleRoute'),
};

// The page builder (Puck) is its own chunk, loaded only on these pages.
const pageBuilderRoutes = () => import('./page-builder-route.tsx');
const pageBuilder = (name: keyof Awaited<ReturnType<typeof pageBuilderRoutes>>) =>
  lazyRouteComponent(pageBuilderRoutes, name);

const eventFormPage = lazyRouteComponent(() => import('./registration-forms-route.tsx'), 'EventFormRoute');

const registrationPageRoutes = () => import('./registration-page-route.tsx');
const registrationPage = (name: keyof Awaited<ReturnType<typeof registrationPageRoutes>>) =>
  lazyRouteComponent(registrationPageRoutes, name);

const trackingPixelsRoutes = () => import('./tracking-pixels-route.tsx');
const trackingPixelsPage = (name: keyof Awaited<ReturnType<typeof trackingPixelsRoutes>>) =>
  lazyRouteComponent(trackingPixelsRoutes, name);

const peopleRoutes = () => import('./people-route.tsx');
const peoplePage = (name: keyof Awaited<ReturnType<typeof peopleRoutes>>) =>
  lazyRouteComponent(peopleRoutes, name);

const analyticsRoutes = () => import('./analytics-route.tsx');
const reportsRoutes = () => import('./reports-route.tsx');
const reportsPage = (name: keyof Awaited<ReturnType<typeof reportsRoutes>>) =>
  lazyRouteComponent(reportsRoutes, name);
const analyticsPage = (name: keyof Awaited<ReturnType<typeof analyticsRoutes>>) =>
  lazyRouteComponent(analyticsRoutes, name);

// The webinar's details tabs and a Conference's posts (videos and what is written from their
// transcripts); a webinar's staff is the people page.
const webinarDetailsRoutes = () => import('../features/webinar-details/webinar-details-page.tsx');
const webinarDetailsPage = (name: keyof Awaited<ReturnType<typeof webinarDetailsRoutes>>) =>
  lazyRouteComponent(webinarDetailsRoutes, name);

/** Workspace areas whose own address opens their first page. */
const areaIndexPage = lazyRouteComponent(() => import('./area-index-route.tsx'), 'AreaIndexRoute');
const areaIndexPaths = [
  '/events/$eventId/registration-new',
  '/events/$eventId/programs',
  '/events/$eventId/analytics-new',
  '/events/$eventId/posts',
  '/webinar/$eventId/registration',
  '/webinar/$eventId/programs',
  '/webinar/$eventId/email',
  '/series/$seriesId/registration',
  '/repeating-event/$seriesId/registration',
  '/repeating-event/$seriesId/programs',
  '/templates/$templateId/registration',
];

/** Every route's page, by route path (the spec's route table and `extraRoutes`). */
const builtPages: Readonly<Record<string, RouteComponent>> = {
  [paths.login]: loginPage,
  [paths.contentLabLogin]: loginPage,
  [paths.forgotPassword]: forgotPasswordPage,
  [paths.contentLabForgotPassword]: forgotPasswordPage,
  [paths.forgotPasswordSubmit]: lazyRouteComponent(
    () => import('../features/auth/reset-password-page.tsx'),
    'ResetPasswordPage',
  ),
  [paths.confirmSignup]: lazyRouteComponent(
    () => import('../features/auth/confirm-signup-page.tsx'),
    'ConfirmSignupPage',
  ),
  [paths.magicLinkSent]: lazyRouteComponent(
    () => import('../features/auth/magic-link-sent-page.tsx'),
    'MagicLinkSentPage',
  ),
  [paths.magicLink]: lazyRouteComponent(
    () => import('../features/auth/magic-link-page.tsx'),
    'MagicLinkPage',
  ),
  [paths.external]: lazyRouteComponent(() => import('../features/auth/external-page.tsx'), 'ExternalPage'),
  [paths.sso]: lazyRouteComponent(() => import('../features/auth/sso-page.tsx'), 'SsoPage'),
  [paths.oktaLogin]: lazyRouteComponent(ssoPages, 'OktaLoginPage'),
  [paths.organizationLogin]: lazyRouteComponent(ssoPages, 'OrganizationLoginPage'),
  [paths.contentLabSignup]: lazyRouteComponent(
    () => import('../features/auth/signup-page.tsx'),
    'SignupPage',
  ),
  [paths.contentLabAlreadyLoggedIn]: lazyRouteComponent(
    () => import('../features/auth/already-logged-in-page.tsx'),
    'AlreadyLoggedInPage',
  ),
  [paths.contentLab]: lazyRouteComponent(
    () => import('../features/content-lab/content-lab-page.tsx'),
    'ContentLabPage',
  ),
  [paths.createOrg]: lazyRouteComponent(
    () => import('../features/organization/create-organization-page.tsx'),
    'CreateOrganizationPage',
  ),
  [paths.noWorkspace]: lazyRouteComponent(
    () => import('../features/organization/no-workspace-page.tsx'),
    'NoWorkspacePage',
  ),
  [paths.orgHome]: lazyRouteComponent(() => import('./home-route.tsx'), 'HomeRoute'),
  [paths.error]: lazyRouteComponent(() => import('../features/errors/error-page.tsx'), 'ErrorPage'),
  [paths.settings]: lazyRouteComponent(
    () => import('../features/settings/settings-index-page.tsx'),
    'SettingsIndexPage',
  ),
  [paths.organizationSettings]: lazyRouteComponent(
    () => import('../features/settings/organization-settings-page.tsx'),
    'OrganizationSettingsPage',
  ),
  [paths.preferences]: lazyRouteComponent(
    () => import('../features/settings/preferences-page.tsx'),
    'PreferencesPage',
  ),
  [paths.teams]: lazyRouteComponent(() => import('../features/settings/teams-page.tsx'), 'TeamsPage'),
  [paths.users]: lazyRouteComponent(() => import('../features/settings/users-page.tsx'), 'UsersPage'),
  [paths.permissions]: lazyRouteComponent(
    () => import('../features/settings/permissions-page.tsx'),
    'PermissionsPage',
  ),
  [paths.apiTokens]: lazyRouteComponent(() => import('../features/settings/tokens-page.tsx'), 'TokensPage'),
  [paths.domains]: lazyRouteComponent(() => import('./domains-route.tsx'), 'DomainsRoute'),
  '/videos': lazyRouteComponent(() => import('../features/video-library/videos-page.tsx'), 'VideosPage'),
  '/videos/$videoId': lazyRouteComponent(
    () => import('../features/video-library/video-page.tsx'),
    'VideoPage',
  ),
  [paths.events]: lazyRouteComponent(() => import('../features/events/events-page.tsx'), 'EventsPage'),
  '/events/$eventId': eventDashboardPage,
  '/events/$eventId/dashboard': eventDashboardPage,
  '/webinar/$eventId': eventDashboardPage,
  '/webinar/$eventId/details': eventDashboardPage,
  '/recording-event/$eventId': eventDashboardPage,
  '/events/$eventId/look-and-feel': lookAndFeelPage,
  '/events/$eventId/programs/agenda': agendaPage,
  '/webinar/$eventId/programs/agenda': agendaPage,
  '/webinar/$eventId/look-and-feel': lookAndFeelPage,
  '/templates/$templateId/look-and-feel': lookAndFeelPage,
  '/brand-kit': lazyRouteComponent(() => import('./look-and-feel-route.tsx'), 'BrandKitRoute'),
  '/repeating-event/$seriesId/look-and-feel': lazyRouteComponent(
    () => import('./look-and-feel-route.tsx'),
    'RepeatingLookAndFeelRoute',
  ),
  '/recordings': lazyRouteComponent(
    () => import('../features/recordings/recordings-page.tsx'),
    'RecordingsPage',
  ),
  '/series': lazyRouteComponent(() => import('../features/series/series-page.tsx'), 'SeriesPage'),
  '/series/$seriesId': seriesDashboardPage,
  '/series/$seriesId/dashboard': seriesDashboardPage,
  '/series/$seriesId/events': seriesEventsPage,
  '/repeating-event/$seriesId': seriesDashboardPage,
  '/repeating-event/$seriesId/dashboard': seriesDashboardPage,
  '/repeating-event/$seriesId/events': seriesEventsPage,
  '/templates/$templateId': templateDashboardPage,
  '/templates/$templateId/dashboard': templateDashboardPage,
  [paths.pages]: lazyRouteComponent(() => import('../features/hub-pages/hub-pages-page.tsx'), 'HubPagesPage'),
  '/pages/$pageId': lazyRouteComponent(
    () => import('../features/hub-pages/hub-page-page.tsx'),
    'HubPagePage',
  ),
  '/metadata': lazyRouteComponent(() => import('../features/tags/tags-page.tsx'), 'TagsPage'),
  '/templates': lazyRouteComponent(() => import('../features/templates/templates-page.tsx'), 'TemplatesPage'),
  '/events/$eventId/programs/rooms': lazyRouteComponent(
    () => import('./rooms-booths-route.tsx'),
    'RoomsRoute',
  ),
  '/events/$eventId/programs/booths': lazyRouteComponent(
    () => import('./rooms-booths-route.tsx'),
    'BoothsRoute',
  ),
  '/events/$eventId/recordings-new': lazyRouteComponent(
    () => import('./event-recordings-route.tsx'),
    'EventRecordingsRoute',
  ),
  '/events/$eventId/engagement': engagementPage,
  '/webinar/$eventId/engagement': engagementPage,
  '/events/$eventId/programs/live-inputs': liveInputsPage,
  '/webinar/$eventId/programs/live-inputs': liveInputsPage,
  '/repeating-event/$seriesId/programs/agenda': lazyRouteComponent(
    () => import('./agenda-route.tsx'),
    'RepeatingAgendaRoute',
  ),
  '/repeating-event/$seriesId/programs/rooms': lazyRouteComponent(
    () => import('./rooms-booths-route.tsx'),
    'RepeatingRoomsRoute',
  ),
  '/repeating-event/$seriesId/programs/booths': lazyRouteComponent(
    () => import('./rooms-booths-route.tsx'),
    'RepeatingBoothsRoute',
  ),
  '/events/$eventId/analytics-new/summary': analyticsPage('AnalyticsSummaryRoute'),
  '/events/$eventId/analytics-new/pre-event': analyticsPage('PreEventAnalyticsRoute'),
  '/events/$eventId/analytics-new/engagement': analyticsPage('EngagementAnalyticsRoute'),
  '/events/$eventId/analytics-new/sessions': analyticsPage('SessionsAnalyticsRoute'),
  '/events/$eventId/analytics-new/booths': analyticsPage('BoothsAnalyticsRoute'),
  '/events/$eventId/analytics-new/rooms': analyticsPage('RoomsAnalyticsRoute'),
  '/events/$eventId/analytics-new/emails': analyticsPage('EmailsAnalyticsRoute'),
  '/webinar/$eventId/analytics': reportsPage('WebinarAnalyticsRoute'),
  '/recording-event/$eventId/analytics': reportsPage('RecordingAnalyticsRoute'),
  '/series/$seriesId/reports': reportsPage('SeriesReportSummaryRoute'),
  '/series/$seriesId/reports/summary': reportsPage('SeriesReportSummaryRoute'),
  '/series/$seriesId/reports/event/$id': reportsPage('SeriesEventReportRoute'),
  '/repeating-event/$seriesId/reports': reportsPage('RepeatingReportSummaryRoute'),
  '/repeating-event/$seriesId/reports/summary': reportsPage('RepeatingReportSummaryRoute'),
  '/repeating-event/$seriesId/reports/event/$id': reportsPage('RepeatingEventReportRoute'),
  '/reports-new': reportsPage('ReportsRoute'),
  '/reports-new/cross-event': reportsPage('CrossEventReportRoute'),
  '/reports-new/roi': reportsPage('RoiReportRoute'),
  '/reports-new/custom-report': reportsPage('CustomReportSearchRoute'),
  '/reports-new/custom-report/search': reportsPage('CustomReportSearchRoute'),
  '/reports-new/custom-report/saved-reports': reportsPage('SavedReportsRoute'),
  '/reports-new/custom-report/$liveboardID': reportsPage('LiveboardRoute'),
  '/events/$eventId/programs/speakers': peoplePage('SpeakersRoute'),
  '/webinar/$eventId/programs/speakers': peoplePage('SpeakersRoute'),
  '/events/$eventId/programs/staff': peoplePage('StaffRoute'),
  '/events/$eventId/programs/check-in-staff': peoplePage('CheckInStaffRoute'),
  '/webinar/$eventId/details/staff': peoplePage('StaffRoute'),
  '/webinar/$eventId/details/videos': webinarDetailsPage('WebinarVideosRoute'),
  '/webinar/$eventId/details/social': webinarDetailsPage('WebinarSocialRoute'),
  '/webinar/$eventId/details/email': webinarDetailsPage('WebinarEmailRoute'),
  '/webinar/$eventId/details/blog': webinarDetailsPage('WebinarBlogRoute'),
  '/webinar/$eventId/details/takeaways': webinarDetailsPage('WebinarTakeawaysRoute'),
  '/webinar/$eventId/details/transcript': webinarDetailsPage('WebinarTranscriptRoute'),
  '/events/$eventId/posts/videos': webinarDetailsPage('EventPostsVideosRoute'),
  '/events/$eventId/posts/social': webinarDetailsPage('EventPostsSocialRoute'),
  '/events/$eventId/posts/email': webinarDetailsPage('EventPostsEmailRoute'),
  '/events/$eventId/posts/blog': webinarDetailsPage('EventPostsBlogRoute'),
  '/events/$eventId/posts/takeaways': webinarDetailsPage('EventPostsTakeawaysRoute'),
  '/events/$eventId/posts/transcript': webinarDetailsPage('EventPostsTranscriptRoute'),
  '/repeating-event/$seriesId/programs/speakers': peoplePage('RepeatingSpeakersRoute'),
  '/repeating-event/$seriesId/programs/staff': peoplePage('RepeatingStaffRoute'),
  '/repeating-event/$seriesId/programs/check-in-staff': peoplePage('RepeatingCheckInStaffRoute'),
  [paths.forms]: lazyRouteComponent(() => import('./registration-forms-route.tsx'), 'FormsRoute'),
  '/settings-new/forms/$formId': lazyRouteComponent(
    () => import('../features/registration-forms/forms-page.tsx'),
    'FormBuilderPage',
  ),
  '/events/$eventId/registration-new/page': lazyRouteComponent(
    () => import('./registration-forms-route.tsx'),
    'EventRegistrationPageRoute',
  ),
  '/webinar/$eventId/registration/form': eventFormPage,
  '/recording-event/$eventId/form': eventFormPage,
  '/series/$seriesId/registration/page': registrationPage('SeriesRegistrationPageRoute'),
  '/repeating-event/$seriesId/registration/page': registrationPage('SeriesRegistrationPageRoute'),
  '/templates/$templateId/registration/page': registrationPage('TemplateRegistrationPageRoute'),
  // A webinar's and a recording's Page is its registration page, in the page builder as an event's.
  '/webinar/$eventId/page': pageBuilder('EventRegistrationPageBuilderRoute'),
  '/recording-event/$eventId/page': pageBuilder('EventRegistrationPageBuilderRoute'),
  '/events/$eventId/registration-new/tracking-pixels': trackingPixelsPage('TrackingPixelsRoute'),
  '/webinar/$eventId/registration/tracking-pixels': trackingPixelsPage('TrackingPixelsRoute'),
  '/series/$seriesId/registration/tracking-pixels': trackingPixelsPage('SeriesTrackingPixelsRoute'),
  '/repeating-event/$seriesId/registration/tracking-pixels': trackingPixelsPage('SeriesTrackingPixelsRoute'),
  '/templates/$templateId/registration/tracking-pixels': trackingPixelsPage('TemplateTrackingPixelsRoute'),
  ...Object.fromEntries(registrantsPaths.event.map((path) => [path, registrantsPage])),
  ...Object.fromEntries(registrantsPaths.series.map((path) => [path, seriesRegistrantsPage])),
  '/events/$eventId/registration-new/page/page-builder': pageBuilder('EventRegistrationPageBuilderRoute'),
  '/webinar/$eventId/on-demand-page-builder': pageBuilder('EventOnDemandPageBuilderRoute'),
  '/recording-event/$eventId/on-demand-page-builder': pageBuilder('EventOnDemandPageBuilderRoute'),
  '/series/$seriesId/registration/page/page-builder': pageBuilder('SeriesRegistrationPageBuilderRoute'),
  '/repeating-event/$seriesId/registration/page/page-builder': pageBuilder(
    'SeriesRegistrationPageBuilderRoute',
  ),
  '/repeating-event/$seriesId/on-demand-page-builder': pageBuilder('SeriesOnDemandPageBuilderRoute'),
  '/templates/$templateId/registration/page-builder': pageBuilder('TemplateRegistrationPageBuilderRoute'),
  '/templates/$templateId/on-demand-page-builder': pageBuilder('TemplateOnDemandPageBuilderRoute'),
  '/pages/$pageId/hub-page-builder': pageBuilder('HubPageBuilderRoute'),
  '/webinar/$eventId/on-demand-embed-builder': lazyRouteComponent(
    () => import('./embed-route.tsx'),
    'EmbedBuilderRoute',
  ),
  '/integrations': integrationsPage('OrganizationIntegrationsRoute'),
  ...integrationPages,
  '/integrations/applications': crmPage('CrmApplicationsRoute'),
  '/integrations/applications/$instanceID/settings': crmPage('CrmApplicationSettingsRoute'),
  '/integrations/applications/$instanceID/settings/authentication': crmPage('CrmApplicationSettingsRoute'),
  '/integrations/authentications': crmPage('CrmAuthenticationsRoute'),
  '/integrations/authentications/$authenticationID/settings': crmPage('CrmApplicationSettingsRoute'),
  '/integrations/applications/$instanceID/settings/marketo-base-program': crmPage('MarketoBaseProgramRoute'),
  '/integrations/applications/$instanceID/settings/eloqua-event-form': crmPage('EloquaEventFormRoute'),
  '/integrations/applications/$instanceID/settings/field-mapping/$crmObjectType':
    crmPage('CrmApplicationFieldsRoute'),
  '/events/$eventId/integration/$integrationType/field-mapping/$crmObjectType':
    crmPage('EventFieldMappingRoute'),
  '/webinar/$eventId/integration/$integrationType/field-mapping/$crmObjectType':
    crmPage('EventFieldMappingRoute'),
  '/templates/$templateId/integration/$integrationType/field-mapping/$crmObjectType':
    crmPage('TemplateFieldMappingRoute'),
  '/settings-new/forms/$formId/$integrationType/field-mapping/$crmObjectType':
    crmPage('FormFieldMappingRoute'),
  '/integrations/javascript-embeds': lazyRouteComponent(javascriptEmbedsRoutes, 'JavascriptEmbedsRoute'),
  '/integrations/javascript-embeds/$instanceID': lazyRouteComponent(
    javascriptEmbedsRoutes,
    'JavascriptEmbedRoute',
  ),
  '/registrants-activity': lazyRouteComponent(
    () => import('./registrant-activity-route.tsx'),
    'RegistrantActivityRoute',
  ),
  '/on-demand-embed-dummy/$eventId': lazyRouteComponent(() => import('./embed-route.tsx'), 'EmbedDummyRoute'),
  ...emailPages,
  ...Object.fromEntries(areaIndexPaths.map((path) => [path, areaIndexPage])),
  '/shared/clip/$clipId': lazyRouteComponent(sharedPages, 'SharedClipPage'),
  '/shared/post/$postId': lazyRouteComponent(sharedPages, 'SharedPostPage'),
  '/sponsor/$eventId/booth/$boothId': lazyRouteComponent(
    () => import('../features/sponsor/sponsor-booth-page.tsx'),
    'SponsorBoothPage',
  ),
};

/** Pages of the studio beyond the spec's route table: a video's own page (its edit address, spec 000 §2). */
export const extraRoutes: readonly StudioRoute[] = [
  { path: '/videos/$videoId', title: 'Video', kind: 'shell', requiresSignIn: true },
];

/** The organisation shell; a signed-out visitor's first screen does without it. */
export const shellLayout = lazyRouteComponent(() => import('./shell-layout.tsx'), 'ShellLayout');

/**
 * A page loaded with the whole Mantine stylesheet: the first screens, the shell and the home carry
 * only the component styles they show (first-screen-styles.ts, shell-styles.ts), so they stay light.
 */
function withStudioStyles(page: RouteComponent): RouteComponent {
  return lazyRouteComponent(async () => {
    await Promise.all([import('./studio-styles.ts'), page.preload?.()]);
    return { default: page };
  });
}

/** The screens whose styles come with the first screen (first-screen-styles.ts), the home with the shell's. */
const lightKinds: ReadonlySet<RouteKind> = new Set([
  'sign-in',
  'sign-in-handoff',
  'content-lab-auth',
  'standalone',
]);

/**
 * A route's page. Every page beyond the first screens and the home brings the whole stylesheet,
 * opened from the shell or first (Content Lab, a sponsor's booth, a shared clip, the check-in activity).
 */
export function pageComponent(route: StudioRoute): RouteComponent {
  const page = builtPages[route.path];
  if (!page) throw new Error(`No page for the route ${route.path}`);
  return lightKinds.has(route.kind) || route.path === paths.orgHome ? page : withStudioStyles(page);
}

/** The shared layout of an event, webinar, template, series or repeating event. */
export const workspaceLayout = withStudioStyles(
  lazyRouteComponent(() => import('./workspace/workspace-layout.tsx'), 'WorkspaceLayout'),
);

/** The list pages' address schemas: the router validates their search parameters with them. */
export const listAddressSchemas: Record<string, ZodType<Record<string, ListAddressValue>>> = {
  [paths.events]: eventListAddressSchema,
  '/series': seriesListAddressSchema,
  '/templates': templateListAddressSchema,
  [paths.pages]: hubPageListAddressSchema,
  '/recordings': recordingListAddressSchema,
  '/videos': videoListAddressSchema,
  ...Object.fromEntries(registrantsPaths.event.map((path) => [path, registrantListAddressSchema])),
  ...Object.fromEntries(registrantsPaths.series.map((path) => [path, seriesRegistrantListAddressSchema])),
};
