import type { CrmCredentials } from '@studio/domain';
import type { OutboundPolicy } from '../../platform/outbound-request.ts';
import type { Connector } from './vendors/connector.ts';
import { HubSpotClient } from './vendors/hubspot.ts';
import { SalesforceClient } from './vendors/salesforce.ts';

/** Where each CRM answers: SALESFORCE_LOGIN_URL and HUBSPOT_API_BASE_URL, the vendors' defaults otherwise. */
export interface CrmBaseUrls {
  salesforceLoginUrl: string;
  hubspotApiBaseUrl: string;
}

export const DEFAULT_CRM_BASE_URLS: CrmBaseUrls = {
  salesforceLoginUrl: 'https://login.salesforce.com',
  hubspotApiBaseUrl: 'https://api.hubapi.com',
};

/** A session kept from the last authentication (Salesforce's token and instance URL). */
export interface CrmSession {
  token: string;
  baseUrl: string;
}

/** The client of a CRM for stored credentials. */
export function createCrmConnectors(urls: CrmBaseUrls, outbound: OutboundPolicy) {
  function connectorOf(
    credentials: CrmCredentials & { crm_type: 'salesforce' },
    session?: CrmSession,
  ): SalesforceClient;
  function connectorOf(credentials: CrmCredentials, session?: CrmSession): Connector;
  function connectorOf(credentials: CrmCredentials, session?: CrmSession): Connector {
    return credentials.crm_type === 'salesforce'
      ? new SalesforceClient(credentials, { loginUrl: urls.salesforceLoginUrl, outbound, session })
      : new HubSpotClient(credentials, { baseUrl: urls.hubspotApiBaseUrl, outbound });
  }
  return { connectorOf };
}

export type CrmConnectors = ReturnType<typeof createCrmConnectors>;
