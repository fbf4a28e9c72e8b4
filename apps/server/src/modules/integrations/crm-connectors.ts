import type { CrmCredentials, CrmType, IntegrationType } from '@studio/domain';
import type { CrmConfig } from '../../config.ts';
import type { OutboundPolicy } from '../../platform/outbound-request.ts';
import type { Connector } from './vendors/connector.ts';
import { EloquaClient } from './vendors/eloqua.ts';
import { HubSpotClient } from './vendors/hubspot.ts';
import { MarketoClient } from './vendors/marketo.ts';
import { PardotClient } from './vendors/pardot.ts';
import { SalesforceClient } from './vendors/salesforce.ts';
import type { RetryPolicy } from './vendors/vendor-http.ts';
import { WistiaClient } from './vendors/wistia.ts';

/** Where each vendor answers (config.ts: SALESFORCE_LOGIN_URL … WISTIA_UPLOAD_URL). */
export type CrmBaseUrls = CrmConfig;

export const DEFAULT_CRM_BASE_URLS: CrmBaseUrls = {
  salesforceLoginUrl: 'https://login.salesforce.com',
  hubspotApiBaseUrl: 'https://api.hubapi.com',
  pardotBaseUrl: 'https://pi.pardot.com',
  eloquaLoginUrl: 'https://login.eloqua.com',
  wistiaBaseUrl: 'https://api.wistia.com',
  wistiaUploadUrl: 'https://upload.wistia.com',
};

/** A session kept from the last authentication (Salesforce's token and instance URL). */
export interface CrmSession {
  token: string;
  baseUrl: string;
}

/** What an authentication keeps: the token to seal (if the vendor has a lasting one) and the account. */
export interface Authentication {
  token: string | null;
  accountId: string | null;
  baseUrl: string | null;
}

type CredentialsOf<T extends IntegrationType> = CrmCredentials & { crm_type: T };

/** The client of a vendor for stored credentials. */
export function createCrmConnectors(urls: CrmBaseUrls, outbound: OutboundPolicy, retry?: RetryPolicy) {
  function connectorOf(credentials: CredentialsOf<'salesforce'>, session?: CrmSession): SalesforceClient;
  function connectorOf(credentials: CredentialsOf<CrmType>, session?: CrmSession): Connector;
  function connectorOf(credentials: CredentialsOf<CrmType>, session?: CrmSession): Connector {
    return credentials.crm_type === 'salesforce'
      ? new SalesforceClient(credentials, { loginUrl: urls.salesforceLoginUrl, outbound, session })
      : new HubSpotClient(credentials, { baseUrl: urls.hubspotApiBaseUrl, outbound });
  }

  const marketoBaseUrl = (credentials: CredentialsOf<'marketo'>) =>
    credentials.base_url ?? urls.marketoBaseUrl;

  const clients = {
    marketo: (credentials: CredentialsOf<'marketo'>) =>
      new MarketoClient(
        { clientId: credentials.client_id, clientSecret: credentials.client_secret },
        { baseUrl: marketoBaseUrl(credentials), outbound, retry },
      ),
    pardot: (credentials: CredentialsOf<'pardot'>) =>
      new PardotClient(
        {
          clientId: credentials.client_id,
          clientSecret: credentials.client_secret,
          refreshToken: credentials.refresh_token,
          businessUnitId: credentials.business_unit_id,
        },
        { baseUrl: urls.pardotBaseUrl, loginUrl: urls.salesforceLoginUrl, outbound, retry },
      ),
    eloqua: (credentials: CredentialsOf<'eloqua'>) =>
      new EloquaClient(
        { company: credentials.company, username: credentials.username, password: credentials.password },
        { baseUrl: urls.eloquaLoginUrl, outbound, retry },
      ),
    wistia: (credentials: CredentialsOf<'wistia'>) =>
      new WistiaClient(credentials.api_token, {
        baseUrl: urls.wistiaBaseUrl,
        uploadUrl: urls.wistiaUploadUrl,
        outbound,
        retry,
      }),
  };

  /** Checks the credentials with the vendor; a refusal is a VendorError of kind 'authentication'. */
  async function authenticate(credentials: CrmCredentials): Promise<Authentication> {
    switch (credentials.crm_type) {
      case 'salesforce':
      case 'hubspot':
        return connectorOf(credentials).authenticate();
      case 'marketo': {
        await clients.marketo(credentials).authenticate();
        const baseUrl = marketoBaseUrl(credentials) ?? null;
        // The REST endpoint's host starts with the instance's Munchkin id.
        return { token: null, accountId: baseUrl && new URL(baseUrl).hostname.split('.')[0]!, baseUrl };
      }
      case 'pardot':
        await clients.pardot(credentials).authenticate();
        return { token: null, accountId: credentials.business_unit_id, baseUrl: urls.pardotBaseUrl };
      case 'eloqua': {
        const site = await clients.eloqua(credentials).authenticate();
        return { token: null, accountId: String(site.siteId), baseUrl: site.baseUrl };
      }
      case 'wistia':
        await clients.wistia(credentials).authenticate();
        return { token: null, accountId: null, baseUrl: urls.wistiaBaseUrl };
    }
  }

  return { connectorOf, authenticate, marketoBaseUrl, ...clients };
}

export type CrmConnectors = ReturnType<typeof createCrmConnectors>;
