import { slackOwnerReasons, type SlackSalesforceOwnerType } from '@studio/domain';
import type { SalesforceOwners } from '../integrations/salesforce-owners.ts';
import { SlackRefused, type SlackWebApi } from './slack-web-api.ts';

/** Salesforce did not answer the owner lookup: a passing failure, retried as Slack's 5xx are. */
export class SalesforceOwnerUnavailable extends Error {}

/** Where a message to an owner goes: the owner's Slack user id, or nobody and why. */
export type OwnerRoute = { to: 'owner'; slackUserId: string } | { to: 'nobody'; reason: string };

export interface OwnerRouteDeps {
  slack: Pick<SlackWebApi, 'userByEmail'>;
  /** The integrations (CRM) module's read port: the registrant's owner in Salesforce. */
  owners: Pick<SalesforceOwners, 'ownerOf'>;
  /** Whether the organisation's plan has 'Slack plus Salesforce' now (it may have changed since the notification was saved). */
  planAllows: (organizationId: string) => Promise<boolean>;
}

/**
 * 'Slack plus Salesforce': the registrant's Salesforce owner of the type (through the CRM module),
 * then the Slack member with that owner's email (users.lookupByEmail). Salesforce or Slack not
 * answering throws (SalesforceOwnerUnavailable, SlackRateLimited, SlackUnavailable) to be retried.
 */
export function createOwnerRoute(deps: OwnerRouteDeps) {
  return async function ownerRoute(
    message: { organization_id: string; event_id: string; registrant_email: string },
    ownerType: SlackSalesforceOwnerType,
    token: string,
  ): Promise<OwnerRoute> {
    const nobody = (reason: string): OwnerRoute => ({ to: 'nobody', reason });
    if (!(await deps.planAllows(message.organization_id))) return nobody(slackOwnerReasons.planDisallows);
    const owner = await deps.owners.ownerOf(
      message.organization_id,
      message.event_id,
      message.registrant_email,
      ownerType,
    );
    if (!owner.found) {
      if (owner.passing) throw new SalesforceOwnerUnavailable(owner.reason);
      return nobody(owner.reason);
    }
    try {
      return { to: 'owner', slackUserId: (await deps.slack.userByEmail(token, owner.email)).id };
    } catch (error) {
      if (!(error instanceof SlackRefused)) throw error;
      return nobody(
        error.error === 'users_not_found'
          ? slackOwnerReasons.notInSlack(owner.email)
          : slackOwnerReasons.slackRefused(error.error),
      );
    }
  };
}

export type OwnerRouteOf = ReturnType<typeof createOwnerRoute>;
