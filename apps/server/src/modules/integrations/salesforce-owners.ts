import { slackOwnerReasons, type SlackSalesforceOwnerType } from '@studio/domain';
import { HttpError } from '../../platform/http/errors.ts';
import type { IntegrationsService } from './integrations.service.ts';
import type { SalesforceClient } from './vendors/salesforce.ts';
import { VendorError } from './vendors/vendor-http.ts';

/**
 * A registrant's Salesforce owner: the user to tell, or why there is none. `passing`: Salesforce
 * did not answer (5xx, 429, no answer), worth asking again later.
 */
export type SalesforceOwnerLookup =
  { found: true; email: string; name: string } | { found: false; reason: string; passing: boolean };

type Integrations = Pick<IntegrationsService, 'usedConnection' | 'connectorOf' | 'refusedOnPush'>;

/**
 * The CRM module's read port for 'Slack plus Salesforce' (the Slack module calls it, never the
 * integrations tables): whether an event's Salesforce connection is usable, and a registrant's
 * owner of a type, through the connection the event uses (the team's or the organisation's).
 */
export function createSalesforceOwners(integrations: Integrations) {
  return {
    /** Whether the event has an authenticated Salesforce connection whose credentials were not refused. */
    async isConnected(organizationId: string, eventId: string): Promise<boolean> {
      const row = await integrations.usedConnection(organizationId, 'salesforce', { eventId });
      return Boolean(row?.authenticated_at) && !row?.refused_at;
    },

    async ownerOf(
      organizationId: string,
      eventId: string,
      email: string,
      ownerType: SlackSalesforceOwnerType,
    ): Promise<SalesforceOwnerLookup> {
      try {
        const client = (await integrations.connectorOf(organizationId, 'salesforce', {
          eventId,
        })) as SalesforceClient;
        const owner = await client.ownerOf(ownerType, email);
        if (owner.found) return owner;
        const reason =
          owner.missing === 'no_record'
            ? slackOwnerReasons.noRecord(owner.objectType)
            : owner.missing === 'no_account'
              ? slackOwnerReasons.noAccount
              : slackOwnerReasons.noUser;
        return { found: false, reason, passing: false };
      } catch (error) {
        if (error instanceof HttpError)
          // Not connected, needs re-authentication (409), its credentials refused (400) or down (502).
          return error.status >= 500
            ? { found: false, reason: slackOwnerReasons.salesforceUnavailable, passing: true }
            : { found: false, reason: error.message, passing: false };
        if (!(error instanceof VendorError)) throw error;
        if (error.kind === 'authentication')
          await integrations.refusedOnPush(organizationId, 'salesforce', eventId);
        const passing = error.kind === 'unavailable' || error.kind === 'rate_limited';
        // A VendorError's message names Salesforce and never a credential.
        return {
          found: false,
          reason: passing ? slackOwnerReasons.salesforceUnavailable : error.message,
          passing,
        };
      }
    },
  };
}

export type SalesforceOwners = ReturnType<typeof createSalesforceOwners>;
