import type { CrmFieldUpdatePolicy, CrmTargetField } from '@studio/domain';

/**
 * What every CRM client (vendors/salesforce.ts, hubspot.ts) offers the integrations service: the
 * service never speaks a vendor's API itself.
 */
export interface Connector {
  /** Checks the credentials; a refusal is a VendorError of kind 'authentication'. */
  authenticate(): Promise<Authenticated>;
  /** The fields of a CRM object a registration field may be mapped to. */
  targetFields(objectType: string): Promise<CrmTargetField[]>;
  /** Creates or updates each registrant as `objectType`, field by field under its update policy. */
  pushRegistrants(
    objectType: string,
    registrants: readonly CrmRegistrant[],
    options: PushOptions,
  ): Promise<PushResult[]>;
  /** Whether a record of `objectType` holds the email (Salesforce: is the person a Contact already). */
  hasRecord?(objectType: string, email: string): Promise<boolean>;
}

export interface Authenticated {
  /** The access token to keep (sealed) until it expires. */
  token: string;
  /** Salesforce org id or HubSpot portal id. */
  accountId: string;
  /** Where the CRM's REST API answers for this account. */
  baseUrl: string;
}

export interface CrmRegistrant {
  email: string;
  /** CRM field id → the value and whether it may overwrite what the CRM holds. */
  fields: Record<string, { value: string; policy: CrmFieldUpdatePolicy }>;
}

export interface PushOptions {
  /**
   * Salesforce: the campaign each registrant is a member of, with this member status (null: the
   * campaign's default); `createStatus`: the status is added to the campaign when it lacks it.
   */
  campaign?:
    { id: string; memberStatus: string | null; createStatus?: { hasResponded: boolean } } | undefined;
}

export type PushResult = { email: string; recordId: string } | { email: string; error: string };

/** The value a field gets from a push: its new value, or none when the policy keeps the CRM's. */
export function valueToSend(
  field: { value: string; policy: CrmFieldUpdatePolicy },
  existing: unknown,
  isNew: boolean,
): string | undefined {
  if (isNew || field.policy === 'ALWAYS_UPDATE') return field.value;
  if (field.policy === 'UPDATE_IF_EMPTY' && (existing === null || existing === undefined || existing === ''))
    return field.value;
  return undefined;
}
