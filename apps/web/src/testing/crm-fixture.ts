import { CRM_TYPES, type CrmConnection, type EventCrmSettings } from '@studio/domain';

/** A CRM connection as the API lists it: not signed in, nothing stored; the fields given win. */
export const crmConnection = (
  crmType: CrmConnection['crm_type'],
  fields: Partial<CrmConnection> = {},
): CrmConnection => ({
  crm_type: crmType,
  is_authenticated: false,
  token_expired: true,
  needs_reauthentication: false,
  authenticated_at: null,
  account_id: null,
  base_url: null,
  region: null,
  workspace_id: null,
  stored_credentials: [],
  eloqua_form_id: null,
  base_marketo_program_id: null,
  marketo_activity_type_ids: null,
  ...fields,
});

/** What a connection signed in on 2026-11-25 says of its sign-in. */
export const SIGNED_IN = {
  is_authenticated: true,
  token_expired: false,
  authenticated_at: '2026-11-25T10:00:00Z',
} as const satisfies Partial<CrmConnection>;

/** An event's CRM settings as the API answers them: every CRM on, no campaign nor portal chosen. */
export const enabledEventCrmSettings = (): EventCrmSettings[] =>
  CRM_TYPES.map((crmType) => ({
    crm_type: crmType,
    is_enabled: true,
    salesforce_campaign_id: null,
    salesforce_campaign_name: null,
    campaign_member_status: null,
    hubspot_portal_id: null,
  }));
