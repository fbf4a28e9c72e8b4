/**
 * The one query-key factory. Every cached answer is filed under the entity it shows, so
 * invalidating an entity's root (`queryKeys.tags.all`) refreshes every list, picker and detail
 * that shows it, whichever screen asked.
 */
export const queryKeys = {
  currentUser: ['current-user'] as const,
  /** The events the signed-in person works at (speaker, staff), any organisation. */
  myEvents: ['current-user', 'events'] as const,
  organization: (organizationId: string) => ['organization', organizationId] as const,
  workspaces: {
    all: ['workspaces'] as const,
    /** The caller's own teams (show=mine), for pickers and filters. */
    mine: (organizationId: string) => ['workspaces', organizationId, 'mine'] as const,
  },
  tags: {
    all: ['tags'] as const,
    options: (organizationId: string) => ['tags', organizationId, 'options'] as const,
  },
  series: {
    all: ['series'] as const,
    options: (organizationId: string) => ['series', organizationId, 'options'] as const,
  },
  events: {
    all: ['events'] as const,
    options: (organizationId: string) => ['events', 'options', organizationId] as const,
    /**
     * One event's read (GET /api/event/{id}/?get_metadata=true); every other read of that one
     * event (its summary, registration settings, title) is filed under it, so deleting the event
     * drops them all with this prefix.
     */
    one: (eventId: string) => ['events', 'one', eventId] as const,
  },
  templates: { all: ['templates'] as const },
  hubPages: { all: ['hub-pages'] as const },
  users: { all: ['users'] as const },
  videoAssets: {
    all: ['video-assets'] as const,
    /** An event's recordings of its live sessions (the event's Recordings page), by page. */
    eventRecordings: (eventId: string) => ['video-assets', 'event-recordings', eventId] as const,
    /** A video's transcript and how its transcription goes. */
    transcript: (videoId: string) => ['video-assets', 'transcript', videoId] as const,
  },
  /** Posts drafted from a video's transcript (the webinar details tabs), by video. */
  posts: { all: ['posts'] as const, ofVideo: (videoId: string) => ['posts', videoId] as const },
  apiTokens: { all: ['api-tokens'] as const },
  /** The organisation's custom registration domains. */
  domains: { all: ['domains'] as const },
  /** The organisation's custom email sender (vanity email domain). */
  emailSender: { all: ['email-sender'] as const },
  /** Registration forms: the organisation's global forms and events' own. */
  registrationForms: { all: ['registration-forms'] as const },
  /** An event's programme: its sessions, tracks and agenda blocks. */
  agenda: { all: ['agenda'] as const, of: (eventId: string) => ['agenda', eventId] as const },
  /** Webhooks of an event (or the organisation's, `org`) and each one's delivery log. */
  webhooks: {
    all: ['webhooks'] as const,
    of: (owner: string) => ['webhooks', owner] as const,
    deliveries: (webhookId: string) => ['webhooks', 'deliveries', webhookId] as const,
  },
  /** Slack: the organisation's connection and channels, an event's notifications. */
  slack: {
    all: ['slack'] as const,
    connection: (organizationId: string) => ['slack', 'connection', organizationId] as const,
    channels: (organizationId: string) => ['slack', 'channels', organizationId] as const,
    notifications: (eventId: string) => ['slack', 'notifications', eventId] as const,
    salesforceOwners: (eventId: string) => ['slack', 'salesforce-owners', eventId] as const,
  },
  /** CRM connectors: the organisation's connections, CRM fields, mappings, an event's settings and sync. */
  crm: {
    all: ['crm'] as const,
    connections: ['crm', 'connections'] as const,
    targetFields: (crmType: string, objectType: string) =>
      ['crm', 'target-fields', crmType, objectType] as const,
    sourceFields: (entityType: string, entityId: string) =>
      ['crm', 'source-fields', entityType, entityId] as const,
    mapping: (crmType: string, objectType: string, entityType: string, entityId: string) =>
      ['crm', 'mapping', crmType, objectType, entityType, entityId] as const,
    eventSettings: (eventId: string) => ['crm', 'event-settings', eventId] as const,
    /** A studio template's or a series' integration template. */
    integrationTemplate: (entityType: string, entityId: string) =>
      ['crm', 'integration-template', entityType, entityId] as const,
    marketingSettings: (eventId: string) => ['crm', 'marketing-settings', eventId] as const,
    wistiaProjects: (eventId: string) => ['crm', 'wistia-projects', eventId] as const,
    marketoFolders: ['crm', 'marketo-folders'] as const,
    wistiaRecordings: (eventId: string) => ['crm', 'wistia-recordings', eventId] as const,
    pardotImport: (eventId: string) => ['crm', 'pardot-import', eventId] as const,
    sync: (eventId: string) => ['crm', 'sync', eventId] as const,
  },
  /** An event's RTMP inputs (live inputs), patched in place by their channels' pushes. */
  rtmpInputs: { all: ['rtmp-inputs'] as const, of: (eventId: string) => ['rtmp-inputs', eventId] as const },
  rooms: { all: ['rooms'] as const },
  booths: { all: ['booths'] as const },
  /** An event's surveys: its library and the copies its sessions hold. */
  surveys: { all: ['surveys'] as const, of: (eventId: string) => ['surveys', eventId] as const },
  /** An event's people: speakers, staff, check-in staff, their default role and invitation jobs. */
  people: { all: ['people'] as const, of: (eventId: string) => ['people', eventId] as const },
  /** An event's registrants: the members list, its counts and its attendee links. */
  registrants: { all: ['registrants'] as const, of: (eventId: string) => ['registrants', eventId] as const },
  /** A series' registrants. */
  seriesRegistrants: {
    all: ['series-registrants'] as const,
    of: (seriesId: string) => ['series-registrants', seriesId] as const,
  },
  /** Email templates of an event, event template or series (`{context}:{id}`), and each template. */
  emailTemplates: {
    all: ['email-templates'] as const,
    of: (owner: string) => ['email-templates', owner] as const,
    one: (id: string) => ['email-templates', 'one', id] as const,
  },
  /** The email schedule of an event, event template or series, and an event's delivery log. */
  emailSchedules: {
    all: ['email-schedules'] as const,
    of: (owner: string) => ['email-schedules', owner] as const,
    deliveries: (eventId: string) => ['email-schedules', 'deliveries', eventId] as const,
    tracking: ['email-schedules', 'tracking'] as const,
  },
  /** The organisation's roles (built-in and its own custom roles), all realms. */
  roles: { all: ['roles'] as const, of: (organizationId: string) => ['roles', organizationId] as const },
  /** The event_app roles catalogue (speaker and staff roles), by role group. */
  eventAppRoles: { all: ['event-app-roles'] as const },
  /** An event's engagement queues (chat, questions, polls) for the backstage. */
  engagement: { of: (eventId: string) => ['engagement', eventId] as const },
  /** An event's analytics tabs (by range) and its viewers now. */
  analytics: {
    of: (eventId: string) => ['analytics', eventId] as const,
    report: (eventId: string, tab: string, range: object) => ['analytics', eventId, tab, range] as const,
    viewersNow: (eventId: string) => ['analytics', eventId, 'viewers-now'] as const,
  },
  /** The organisation's reports (cross-event, ROI, saved custom reports) and series' reports. */
  reports: {
    all: ['reports'] as const,
    ofEvents: (kind: string, filter: object) => ['reports', kind, filter] as const,
    savedLists: ['reports', 'saved'] as const,
    saved: (filter: object) => ['reports', 'saved', filter] as const,
    savedReport: (id: string) => ['reports', 'saved-report', id] as const,
    series: (seriesId: string) => ['reports', 'series', seriesId] as const,
  },
};
