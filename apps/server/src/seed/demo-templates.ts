import { isScheduled, type HubPage, type StudioTemplate } from '@studio/domain';
import { DEMO_EVENTS } from './demo-content.ts';
import type { StudioClient } from './studio-client.ts';

/**
 * The demo's template and hub page (spec 001 §7): the summit saved as a template, its programme,
 * registration form and branding with it, and one public page listing the events still to come
 * (a recording has no audience to invite).
 */
export const DEMO_TEMPLATE_TITLE = 'Conference template';
export const DEMO_HUB_PAGE = {
  name: 'Upcoming at Northwind',
  events: DEMO_EVENTS.filter((event) => event.startsIn > 0 && isScheduled(event.event_type)).map(
    (event) => event.title,
  ),
};

export async function addDemoTemplateAndHubPage(
  api: StudioClient,
  organization: string,
  events: ReadonlyMap<string, string>,
  conference: string,
): Promise<string> {
  const template = await api.post<StudioTemplate>('/api/event/studio-templates/create_from_event/', {
    event: events.get(conference),
    title: DEMO_TEMPLATE_TITLE,
  });
  const hubPage = await api.post<HubPage>('/api/event/hub-pages/', {
    name: DEMO_HUB_PAGE.name,
    organization,
    events: DEMO_HUB_PAGE.events.map((title) => events.get(title)!),
  });
  return `the template "${template.title}" (from "${conference}") and the hub page "${hubPage.name}" of ${hubPage.events.length} events`;
}
