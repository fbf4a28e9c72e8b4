import { workspaceHome } from './workspaces.ts';

/** Where an event opens in the studio: a recording's page, a webinar's own area, else its dashboard. */
export const eventHref = (event: { id: string; event_type: string }): string =>
  workspaceHome(
    event.event_type === 'Recording' ? 'recording' : event.event_type === 'Webinar' ? 'webinar' : 'event',
    event.id,
  );

/** Where a template opens: its dashboard. */
export const templateHref = (id: string): string => workspaceHome('template', id);
