import { z } from 'zod';

/**
 * Spec 001 §9, 000 §3 and 002 §3.7: the organisation feature flags, once. Keys are the spec's own
 * names where it gives one (enableDuplicateEventViaWorkflow, showVideoLibraryClipPublish,
 * Use_CL_Uploads_In_VL, isAiSummaryGenerationEnabled, isRecordingStudioPricingEnabled,
 * useHLSGuard, useChatVisibility, useNewChatApp, assignQnaToSpeaker, useLogrocketTrack),
 * camelCase `is…Enabled` otherwise. Every flag defaults to false except the
 * content-lab test recording-studio date, which defaults to null.
 */
export const ORGANIZATION_FLAGS = [
  { key: 'isJotFormIntegrationEnabled', label: 'JotForm integration', default: false },
  { key: 'disableCrossEventDashboard', label: 'Disable cross-event dashboard', default: false },
  { key: 'disableRoiDashboard', label: 'Disable ROI dashboard', default: false },
  { key: 'isGoogleAnalyticsEnabled', label: 'Google Analytics', default: false },
  { key: 'useLogrocketTrack', label: 'Session-replay tracking', default: false },
  { key: 'isWebinarEventsEnabled', label: 'Webinar events', default: false },
  { key: 'isPptAnimationsEnabled', label: 'PPT animations', default: false },
  { key: 'isNoTierCustomReportingEnabled', label: 'Custom reporting without a tier', default: false },
  { key: 'isSlackChannelVerifyEnabled', label: 'Slack channel verification', default: false },
  { key: 'notUseRegistrantCounts', label: 'Do not use registrant counts', default: false },
  { key: 'isRevenueRoutingToolEnabled', label: 'Revenue-routing tool', default: false },
  { key: 'isWebinarAiIntegrationEnabled', label: 'Webinar AI integration', default: false },
  { key: 'assignQnaToSpeaker', label: 'Assign Q&A to speaker', default: false },
  { key: 'isCustomSpeakerRolesEnabled', label: 'Custom speaker roles', default: false },
  { key: 'isLocalRecordingsEnabled', label: 'Local recordings', default: false },
  {
    key: 'isVideoLibraryTranscriptDownloadEnabled',
    label: 'Video library transcript download',
    default: false,
  },
  /** Spec 000 §4: non-English transcription restricted per account (MULTI_LANGUAGE_SUPPORT_RESTRICTED). */
  { key: 'isMultiLanguageSupportRestricted', label: 'Non-English transcription restricted', default: false },
  { key: 'showVideoLibraryClipPublish', label: 'Video library clip publish', default: false },
  { key: 'isOneClickRegisterEnabled', label: 'One-click register', default: false },
  { key: 'isRecordingStudioPricingEnabled', label: 'Recording studio pricing', default: false },
  { key: 'useHLSGuard', label: 'HLS guard', default: false },
  { key: 'isFormLevelFieldMappingEnabled', label: 'Form-level field mapping', default: false },
  {
    key: 'contentLabTestRecordingStudioDate',
    label: 'Content Lab test recording-studio date',
    default: null,
  },
  { key: 'Use_CL_Uploads_In_VL', label: 'Content Lab uploads in the video library', default: false },
  { key: 'isCustomEmailScheduleEnabled', label: 'Custom email schedule', default: false },
  { key: 'useEventLocaleForDateTime', label: 'Event locale for date/time formatting', default: false },
  { key: 'isTeamLevelIntegrationEnabled', label: 'Team-level integration', default: false },
  { key: 'isCustomRolesEnabled', label: 'Custom roles', default: false },
  { key: 'isNewAutomationApiEnabled', label: 'New automation API', default: false },
  { key: 'isIntegrationInstanceSupportEnabled', label: 'Integration instance support', default: false },
  { key: 'enableDuplicateEventViaWorkflow', label: 'Duplicate event via workflow', default: false },
  { key: 'isCrmInstanceSupportEnabled', label: 'CRM instance support', default: false },
  { key: 'isLiveRunOfShowEnabled', label: 'Live run of show', default: false },
  { key: 'isAiPageRevampEnabled', label: 'AI page revamp', default: false },
  { key: 'is1080VideoQualityEnabled', label: '1080p video quality', default: false },
  { key: 'isRecordingStudioTeleprompterEnabled', label: 'Recording-studio teleprompter', default: false },
  { key: 'isLiveEventTeleprompterEnabled', label: 'Live event teleprompter', default: false },
  { key: 'isAiInsightReportEnabled', label: 'AI insight report', default: false },
  { key: 'isGlobalSsoEnabled', label: 'Global SSO', default: false },
  { key: 'isRecordingStudioDeleteSpeakerEnabled', label: 'Recording-studio delete speaker', default: false },
  { key: 'isCustomRolesManageUsersUiV2Enabled', label: 'Custom roles: manage users UI v2', default: false },
  { key: 'isIndividualUploadProgressEnabled', label: 'Individual upload progress', default: false },
  { key: 'useNewChatApp', label: 'New chat app', default: false },
  { key: 'isAiSummaryGenerationEnabled', label: 'AI summary generation', default: false },
  { key: 'useChatVisibility', label: 'Chat visibility', default: false },
] as const;

export type OrganizationFlagKey = (typeof ORGANIZATION_FLAGS)[number]['key'];

/** The flags whose value is a date (ISO string) or null rather than a boolean. */
type DateFlagKey = Extract<(typeof ORGANIZATION_FLAGS)[number], { default: null }>['key'];
export type OrganizationFeatureFlags = {
  [K in OrganizationFlagKey]: K extends DateFlagKey ? string | null : boolean;
};

/** Flags the organisation record also carries as a top-level field (one stored value each). */
export const FLAGS_STORED_ON_ORGANIZATION = ['useHLSGuard'] as const satisfies readonly OrganizationFlagKey[];

const dateFlagValue = z.union([z.iso.date(), z.iso.datetime({ offset: true })]).nullable();

const flagValueSchema = (flag: (typeof ORGANIZATION_FLAGS)[number]) =>
  flag.default === null ? dateFlagValue : z.boolean();

const flagShape = Object.fromEntries(ORGANIZATION_FLAGS.map((flag) => [flag.key, flagValueSchema(flag)])) as {
  [K in OrganizationFlagKey]: K extends DateFlagKey ? typeof dateFlagValue : z.ZodBoolean;
};

/** Every flag, resolved (the answer's `feature_flags`). */
export const organizationFeatureFlagsSchema = z.object(flagShape);

/** A partial change of flags: only known keys, each with its type; an unknown key is refused. */
export const organizationFeatureFlagsPatchSchema = z.strictObject(flagShape).partial();
export type OrganizationFeatureFlagsPatch = z.infer<typeof organizationFeatureFlagsPatchSchema>;

/** Each flag's default, overridden by the organisation's stored values; stored unknown keys are ignored. */
export function resolveFeatureFlags(overrides: Readonly<Record<string, unknown>>): OrganizationFeatureFlags {
  const resolved: Record<string, unknown> = {};
  for (const flag of ORGANIZATION_FLAGS) {
    const stored = overrides[flag.key];
    resolved[flag.key] =
      flagValueSchema(flag).safeParse(stored).success && stored !== undefined ? stored : flag.default;
  }
  return resolved as OrganizationFeatureFlags;
}

/** Spec 001 §9: flags read before sign-in (instance-wide, not per organisation). */
export const UNAUTHENTICATED_FLAGS = [
  { key: 'Use_CL_Signup_Video', label: 'Content Lab sign-up video', default: false },
  { key: 'Use_CL_Remotion', label: 'Content Lab Remotion rendering', default: false },
] as const;
export type UnauthenticatedFlagKey = (typeof UNAUTHENTICATED_FLAGS)[number]['key'];

export const unauthenticatedFlagsSchema = z.object(
  Object.fromEntries(UNAUTHENTICATED_FLAGS.map((flag) => [flag.key, z.boolean()])) as Record<
    UnauthenticatedFlagKey,
    z.ZodBoolean
  >,
);
export type UnauthenticatedFlags = z.infer<typeof unauthenticatedFlagsSchema>;

export function resolveUnauthenticatedFlags(
  overrides: Readonly<Record<string, unknown>>,
): UnauthenticatedFlags {
  const resolved: Record<string, boolean> = {};
  for (const flag of UNAUTHENTICATED_FLAGS) {
    const stored = overrides[flag.key];
    resolved[flag.key] = typeof stored === 'boolean' ? stored : flag.default;
  }
  return resolved as UnauthenticatedFlags;
}

/** Spec 001 §6: team-level integration needs workspaces enabled plus its flag. */
export const isTeamLevelIntegrationOn = (organization: {
  isWorkspaceEnabled: boolean;
  featureFlags: Pick<OrganizationFeatureFlags, 'isTeamLevelIntegrationEnabled'>;
}): boolean => organization.isWorkspaceEnabled && organization.featureFlags.isTeamLevelIntegrationEnabled;
