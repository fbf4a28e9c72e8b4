import type { HubPage } from '@studio/domain';

/** A hub page of the organisation as the API answers it, listing no events. */
export const partnerHub: HubPage = {
  id: 'hub-1',
  organization: 'org-1',
  name: 'Partner hub',
  workspace: null,
  events: [],
  created_at: '2031-01-01T00:00:00Z',
  updated_at: '2031-01-01T00:00:00Z',
};
