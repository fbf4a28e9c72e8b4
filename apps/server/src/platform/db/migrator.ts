import { Migrator, type Kysely, type Migration } from 'kysely';
import * as identity from './migrations/0001-identity.ts';
import * as signInFlows from './migrations/0002-sign-in-flows.ts';
import * as accessControl from './migrations/0003-access-control.ts';
import * as events from './migrations/0004-events.ts';
import * as videoLibrary from './migrations/0005-video-library.ts';
import * as userProfiles from './migrations/0006-user-profiles.ts';
import * as stageRollVideos from './migrations/0007-stage-roll-videos.ts';
import * as uploadLocks from './migrations/0008-upload-locks.ts';
import * as flagKeys from './migrations/0010-flag-keys.ts';
import * as programme from './migrations/0011-programme.ts';
import * as roomsBooths from './migrations/0012-rooms-booths.ts';
import * as programmeIndexes from './migrations/0013-programme-indexes.ts';
import * as surveys from './migrations/0014-surveys.ts';
import * as templateProgrammes from './migrations/0017-template-programmes.ts';
import * as people from './migrations/0018-people.ts';
import * as registration from './migrations/0019-registration.ts';
import * as registrantLists from './migrations/0021-registrant-lists.ts';
import * as registrationDomains from './migrations/0022-registration-domains.ts';
import * as codeAreas from './migrations/0023-code-areas.ts';
import * as pages from './migrations/0025-pages.ts';
import * as eventApp from './migrations/0026-event-app.ts';
import * as hubCodeAreas from './migrations/0027-hub-code-areas.ts';
import * as registrantSearch from './migrations/0028-registrant-search.ts';
import * as registrationPageField from './migrations/0029-registration-page-field.ts';
import * as branding from './migrations/0030-branding.ts';
import * as fillerSlides from './migrations/0031-filler-slides.ts';
import * as eventAppBranding from './migrations/0032-event-app-branding.ts';
import * as live from './migrations/0033-live.ts';
import * as hostLessFileUrls from './migrations/0034-host-less-file-urls.ts';
import * as registrationSettings from './migrations/0035-registration-settings.ts';
import * as emailTemplates from './migrations/0036-email-templates.ts';
import * as emailSchedules from './migrations/0037-email-schedules.ts';
import * as vanityEmailDomains from './migrations/0038-vanity-email-domains.ts';
import * as emailTracking from './migrations/0039-email-tracking.ts';
import * as engagement from './migrations/0040-engagement.ts';
import * as analytics from './migrations/0041-analytics.ts';
import * as engagementChatGifs from './migrations/0042-engagement-chat-gifs.ts';
import * as engagementRateLimitWindow from './migrations/0043-engagement-rate-limit-window.ts';
import * as webhooks from './migrations/0044-webhooks.ts';
import * as surveyAnswers from './migrations/0045-survey-answers.ts';
import * as emailRegistrantSends from './migrations/0046-email-registrant-sends.ts';
import * as slack from './migrations/0047-slack.ts';
import * as crmIntegrations from './migrations/0048-crm-integrations.ts';
import * as analyticsReports from './migrations/0049-analytics-reports.ts';
import * as videoTranscription from './migrations/0050-video-transcription.ts';
import * as contextCodeAreas from './migrations/0051-context-code-areas.ts';
import * as registrantActivityUrls from './migrations/0052-registrant-activity-urls.ts';
import * as sessionDocuments from './migrations/0053-session-documents.ts';
import * as postsWrittenContent from './migrations/0054-written-content.ts';
import * as slackSummaries from './migrations/0055-slack-summaries.ts';
import * as clips from './migrations/0056-clips.ts';
import * as analyticsRollups from './migrations/0057-analytics-rollups.ts';
import * as integrationTemplates from './migrations/0058-integration-templates.ts';
import * as savedSearches from './migrations/0059-saved-searches.ts';
import * as marketoNoShows from './migrations/0060-marketo-no-shows.ts';
import * as templateWebhooks from './migrations/0061-template-webhooks.ts';
import * as wistiaPushes from './migrations/0062-wistia-pushes.ts';
import * as contentProjects from './migrations/0063-content-projects.ts';
import * as contentSpaces from './migrations/0064-content-spaces.ts';
import * as teamCrmConnections from './migrations/0065-team-crm-connections.ts';
import * as seriesWebhooks from './migrations/0066-series-webhooks.ts';
import * as teamMarketingIds from './migrations/0067-team-marketing-ids.ts';
import * as webhookOutbox from './migrations/0068-webhook-outbox.ts';
import * as engagementNodes from './migrations/0069-engagement-nodes.ts';
import * as crmRefusedCredentials from './migrations/0071-crm-refused-credentials.ts';
import * as marketoActivitiesPardotImport from './migrations/0072-marketo-activities-pardot-import.ts';
import * as marketoProfileActivity from './migrations/0073-marketo-profile-activity.ts';
import * as crmPushedStatus from './migrations/0074-crm-pushed-status.ts';
import * as pageVideos from './migrations/0075-page-videos.ts';
import * as roomSeatOptions from './migrations/0076-room-seat-options.ts';
import * as registrantCounts from './migrations/0077-registrant-counts.ts';
import * as slackSalesforceOwners from './migrations/0078-slack-salesforce-owners.ts';
import * as boothDiscussionRooms from './migrations/0079-booth-discussion-rooms.ts';
import * as studioUsage from './migrations/0080-studio-usage.ts';
import * as customRoleNames from './migrations/0081-custom-role-names.ts';
import * as reminderTemplateNames from './migrations/0082-reminder-template-names.ts';
import * as recordingSchedules from './migrations/0083-recording-schedules.ts';

/** Append-only: a released migration never changes; add the next file instead. */
const migrations: Record<string, Migration> = {
  '0001-identity': identity,
  '0002-sign-in-flows': signInFlows,
  '0003-access-control': accessControl,
  '0004-events': events,
  '0005-video-library': videoLibrary,
  '0006-user-profiles': userProfiles,
  '0007-stage-roll-videos': stageRollVideos,
  '0008-upload-locks': uploadLocks,
  '0010-flag-keys': flagKeys,
  '0011-programme': programme,
  '0012-rooms-booths': roomsBooths,
  '0013-programme-indexes': programmeIndexes,
  '0014-surveys': surveys,
  '0017-template-programmes': templateProgrammes,
  '0018-people': people,
  '0019-registration': registration,
  '0021-registrant-lists': registrantLists,
  '0022-registration-domains': registrationDomains,
  '0023-code-areas': codeAreas,
  '0025-pages': pages,
  '0026-event-app': eventApp,
  '0027-hub-code-areas': hubCodeAreas,
  '0028-registrant-search': registrantSearch,
  '0029-registration-page-field': registrationPageField,
  '0030-branding': branding,
  '0031-filler-slides': fillerSlides,
  '0032-event-app-branding': eventAppBranding,
  '0033-live': live,
  '0034-host-less-file-urls': hostLessFileUrls,
  '0035-registration-settings': registrationSettings,
  '0036-email-templates': emailTemplates,
  '0037-email-schedules': emailSchedules,
  '0038-vanity-email-domains': vanityEmailDomains,
  '0039-email-tracking': emailTracking,
  '0040-engagement': engagement,
  '0041-analytics': analytics,
  '0042-engagement-chat-gifs': engagementChatGifs,
  '0043-engagement-rate-limit-window': engagementRateLimitWindow,
  '0044-webhooks': webhooks,
  '0045-survey-answers': surveyAnswers,
  '0046-email-registrant-sends': emailRegistrantSends,
  '0047-slack': slack,
  '0048-crm-integrations': crmIntegrations,
  '0049-analytics-reports': analyticsReports,
  '0050-video-transcription': videoTranscription,
  '0051-context-code-areas': contextCodeAreas,
  '0052-registrant-activity-urls': registrantActivityUrls,
  '0053-session-documents': sessionDocuments,
  '0054-written-content': postsWrittenContent,
  '0055-slack-summaries': slackSummaries,
  '0056-clips': clips,
  '0057-analytics-rollups': analyticsRollups,
  '0058-integration-templates': integrationTemplates,
  '0059-saved-searches': savedSearches,
  '0060-marketo-no-shows': marketoNoShows,
  '0061-template-webhooks': templateWebhooks,
  '0062-wistia-pushes': wistiaPushes,
  '0063-content-projects': contentProjects,
  '0064-content-spaces': contentSpaces,
  '0065-team-crm-connections': teamCrmConnections,
  '0066-series-webhooks': seriesWebhooks,
  '0067-team-marketing-ids': teamMarketingIds,
  '0068-webhook-outbox': webhookOutbox,
  '0069-engagement-nodes': engagementNodes,
  '0071-crm-refused-credentials': crmRefusedCredentials,
  '0072-marketo-activities-pardot-import': marketoActivitiesPardotImport,
  '0073-marketo-profile-activity': marketoProfileActivity,
  '0074-crm-pushed-status': crmPushedStatus,
  '0075-page-videos': pageVideos,
  '0076-room-seat-options': roomSeatOptions,
  '0077-registrant-counts': registrantCounts,
  '0078-slack-salesforce-owners': slackSalesforceOwners,
  '0079-booth-discussion-rooms': boothDiscussionRooms,
  '0080-studio-usage': studioUsage,
  '0081-custom-role-names': customRoleNames,
  '0082-reminder-template-names': reminderTemplateNames,
  '0083-recording-schedules': recordingSchedules,
};

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
