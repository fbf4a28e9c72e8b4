import type { WorkspaceKind } from './routes.ts';
import { workspaceHome } from './workspaces.ts';

/** The workspace an event opens in by its type: a recording's page, a webinar's own area, else an event's. */
export const eventWorkspace = (eventType: string): WorkspaceKind =>
  eventType === 'Recording' ? 'recording' : eventType === 'Webinar' ? 'webinar' : 'event';

/** Where an event opens in the studio: a recording's page, a webinar's details, else its dashboard. */
export const eventHref = (event: { id: string; event_type: string }): string =>
  workspaceHome(eventWorkspace(event.event_type), event.id);

/** Where a template opens: its dashboard. */
export const templateHref = (id: string): string => workspaceHome('template', id);
