import {
  planAllows,
  wistiaNotOffered,
  wistiaProjectRefused,
  type BrandingAnswer,
  type BrandingRequest,
  type EventType,
  type HostType,
  type PageDocument,
  type TemplateSettings,
} from '@studio/domain';
import type { Executor } from '../../../platform/db/executor.ts';
import { fieldError } from '../../../platform/http/errors.ts';
import { sanitizeRichText } from '../../../platform/http/rich-text.ts';
import type { Scope } from '../event-scope.ts';
import type { StoredBranding } from './event-reads.ts';
import type { EventChanges } from './events.repository.ts';

// What the studio's event use cases need from other areas (each provides its link), and the
// columns they write from what those areas check.

/** What events need from series (provided by the series module, wired in compose). */
export interface SeriesLink {
  /** The series if the scope sees it, else 400 on `series`. */
  seriesFor(scope: Scope, id: string, tx?: Executor): Promise<{ id: string; is_repeating: boolean }>;
  /** A deleted occurrence is not re-created by later edits of its rule. */
  excludeOccurrence(seriesId: string, key: string, tx: Executor): Promise<void>;
}

/** What events need from templates (provided by the templates module). */
export interface TemplateLink {
  templateFor(
    scope: Scope,
    id: string,
  ): Promise<
    {
      id: string;
      settings: TemplateSettings;
      registration_form_data: { id: string; is_global_form: boolean } | null;
      stage_roll_video_asset_id: string | null;
      filler_slide_id: string | null;
      /** The hidden event holding the template's programme. */
      programme_event_id: string | null;
    } & StoredBranding
  >;
}

/** An event or template as an owner of pages. */
export interface PageOwnerRef {
  ownerType: 'event' | 'template';
  ownerId: string;
}

/** A checked registration page's write (null: the page removed), run in the caller's transaction. */
export type RegistrationPageWrite = (ownerId: string, userId: string | null, tx: Executor) => Promise<void>;

/**
 * What events and templates need from the pages area (provided by it): their `builder_raw_json`
 * is their registration page, which the pages area keeps and copies.
 */
export interface RegistrationPagesLink {
  /**
   * Checks the page as a page PUT does (400 on `builder_raw_json`) — before the caller's
   * transaction, as the check reads the video library — and answers its write.
   */
  checked(
    organizationId: string,
    ownerType: PageOwnerRef['ownerType'],
    page: PageDocument | null,
  ): Promise<RegistrationPageWrite>;
  /** Every page of one owner onto another (templates' pages to and from events and templates). */
  copy(from: PageOwnerRef, to: PageOwnerRef, tx: Executor): Promise<void>;
}

/** What events and templates need from the branding module. */
export interface BrandingLink {
  answer(stored: StoredBranding): BrandingAnswer;
  /** The documents to store after a PATCH (undefined: no branding in it); 400 on a rule or lock. */
  checked(
    stored: StoredBranding,
    request: Readonly<Record<string, unknown>>,
    target: {
      eventType: EventType;
      boothsTab: boolean;
      startTime: Date | null;
      /** Stored values of locked fields kept outside the branding documents (the filler slide). */
      lockedValues?: Readonly<Record<string, unknown>>;
    },
  ): StoredBranding | undefined;
  /** What a new event or template starts from: the organisation's brand kit. */
  startingBranding(organizationId: string, tx?: Executor): Promise<StoredBranding>;
  /** The brand kit as a PATCH onto an event starting then (locked settings left out). */
  kitRequest(organizationId: string, startTime: Date | null): Promise<BrandingRequest>;
}

/** What the events area needs from the code areas: an event's tracking snippet ('' if none). */
export interface TrackingSnippetsLink {
  trackingSnippetOf(event: { id: string; organizationId: string }): Promise<string>;
}

/** The branding columns to write (JSON text), from checked documents. */
export const brandingColumns = (stored: StoredBranding | undefined) =>
  stored && { branding: JSON.stringify(stored.branding), theme_obj: JSON.stringify(stored.theme_obj) };

/** Whether the scope's plan offers the booths tab (no known plan: everything). */
export const boothsTabOffered = (scope: Scope): boolean =>
  !scope.settings.pricing || planAllows(scope.settings.pricing, 'boothsTab');

const json = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value ?? null));

/** The columns of the settings an event shares with templates, from a request or template. */
export function settingsColumns(
  settings: Partial<Omit<TemplateSettings, 'tags' | 'duration_minutes' | 'event_type'>> & {
    registration_form_data?: unknown;
  },
): EventChanges {
  return {
    // Rich text, shown as it is on the event's landing page.
    description: settings.description && sanitizeRichText(settings.description),
    location: settings.location,
    host_type: settings.host_type,
    is_blueprint: settings.is_blueprint,
    registration_form: settings.registration_form,
    marketo_campaign_id: settings.marketo_campaign_id,
    salesforce_campaign_id: settings.salesforce_campaign_id,
    wistia_project_id: settings.wistia_project_id,
    pardot_list: json(settings.pardot_list),
    registration_form_data: json(settings.registration_form_data),
  };
}

/**
 * 400 `WISTIA_NOT_OFFERED` (the integrations' refusal, spec 002 §7.12) for an event's settings
 * that keep a Wistia project while it is In_Person.
 */
export function checkWistiaOffered(settings: {
  host_type: HostType;
  wistia_project_id: string | null | undefined;
}) {
  if (wistiaProjectRefused(settings))
    throw fieldError('wistia_project_id', wistiaNotOffered.message, wistiaNotOffered.code);
}
