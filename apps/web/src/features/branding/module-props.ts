import type { BrandingErrors, OrganizationFeatureFlags } from '@studio/domain';
import type { BrandingSubject } from './branding-api.ts';
import type { BrandingDraft } from './branding-draft.ts';

/** What the organisation allows that some modules' controls depend on (002 §3.1, §6). */
export interface BrandingOrganization {
  flags: Pick<OrganizationFeatureFlags, 'useChatVisibility' | 'useNewChatApp' | 'assignQnaToSpeaker'>;
  /** The plan's `boothsTab`. */
  boothsTab: boolean;
}

/** What every module gets from the editor. */
export interface ModuleProps {
  subject: BrandingSubject;
  draft: BrandingDraft;
  /** The module's field errors (`field`, `theme_obj.field`), from the domain's rules. */
  errors: BrandingErrors;
  /** The event starts within the hour (002 §5.4): the locked controls are disabled. */
  locked: boolean;
  organization: BrandingOrganization;
}

/** Where the module's images and fonts are uploaded: the event's folder, else the organisation's. */
export const uploadScope = (subject: BrandingSubject) =>
  subject.kind === 'event' ? `events/${subject.id}` : 'organization';
