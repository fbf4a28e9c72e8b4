import type { AccessTables } from '../../modules/access/access.tables.ts';
import type { ApiTokensTables } from '../../modules/api-tokens/api-tokens.tables.ts';
import type { AuthTables } from '../../modules/auth/auth.tables.ts';
import type { SsoTables } from '../../modules/sso/sso.tables.ts';
import type { StudioUsageTables } from '../../modules/studio-usage/studio-usage.tables.ts';
import type { OrganizationsTables } from '../../modules/organizations/organizations.tables.ts';
import type { UsersTables } from '../../modules/users/users.tables.ts';
import type { WorkspacesTables } from '../../modules/workspaces/workspaces.tables.ts';
import type { UploadsTables } from '../../modules/uploads/uploads.tables.ts';
import type { VideoLibraryTables } from '../../modules/video-library/video-library.tables.ts';
import type { ClipsTables } from '../../modules/clips/clips.tables.ts';
import type { BackOfficeTables } from '../../modules/back-office/back-office.tables.ts';
import type { AgendaTables } from '../../modules/programme/agenda/agenda.tables.ts';
import type { BoothsTables } from '../../modules/programme/booths/booths.tables.ts';
import type { RoomsTables } from '../../modules/programme/rooms/rooms.tables.ts';
import type { SessionDocumentsTables } from '../../modules/programme/session-documents/session-documents.tables.ts';
import type { PostsTables } from '../../modules/posts/posts.tables.ts';
import type { SurveysTables } from '../../modules/programme/surveys/surveys.tables.ts';
import type { EventRolesTables } from '../../modules/event-roles/event-roles.tables.ts';
import type { EventInvitationsTables } from '../../modules/event-invitations/event-invitations.tables.ts';
import type { MagicLinksTables } from '../../modules/magic-links/magic-links.tables.ts';
import type { RegistrationTables } from '../../modules/registration/registration.tables.ts';
import type { CodeAreasTables } from '../../modules/code-areas/code-areas.tables.ts';
import type { DomainsTables } from '../../modules/domains/domains.tables.ts';
import type { SenderDomainsTables } from '../../modules/sender-domains/sender-domains.tables.ts';
import type { PagesTables } from '../../modules/pages/pages.tables.ts';
import type { EventAppTables } from '../../modules/attendee-site/event-app/event-app.tables.ts';
import type { BrandingTables } from '../../modules/branding/branding.tables.ts';
import type { FillerSlidesTables } from '../../modules/filler-slides/filler-slides.tables.ts';
import type { LiveTables } from '../../modules/live/live.tables.ts';
import type { EmailTemplatesTables } from '../../modules/email/email-templates.tables.ts';
import type { EmailSchedulesTables } from '../../modules/email/email-schedules.tables.ts';
import type { EngagementTables } from '../../modules/engagement/engagement.tables.ts';
import type { AnalyticsTables } from '../../modules/analytics/analytics.tables.ts';
import type { WebhooksTables } from '../../modules/webhooks/webhooks.tables.ts';
import type { SlackTables } from '../../modules/slack/slack.tables.ts';
import type { IntegrationsTables } from '../../modules/integrations/integrations.tables.ts';
import type { JobsTables } from '../jobs/jobs.tables.ts';

/** The whole database as Kysely sees it: each module owns and declares its tables. */
export interface Database
  extends
    UsersTables,
    OrganizationsTables,
    AuthTables,
    SsoTables,
    AccessTables,
    WorkspacesTables,
    ApiTokensTables,
    JobsTables,
    UploadsTables,
    VideoLibraryTables,
    ClipsTables,
    BackOfficeTables,
    AgendaTables,
    RoomsTables,
    BoothsTables,
    SurveysTables,
    SessionDocumentsTables,
    PostsTables,
    EventRolesTables,
    MagicLinksTables,
    EventInvitationsTables,
    RegistrationTables,
    CodeAreasTables,
    DomainsTables,
    PagesTables,
    EventAppTables,
    BrandingTables,
    FillerSlidesTables,
    LiveTables,
    SenderDomainsTables,
    EmailTemplatesTables,
    EmailSchedulesTables,
    EngagementTables,
    AnalyticsTables,
    WebhooksTables,
    SlackTables,
    StudioUsageTables,
    IntegrationsTables {}
