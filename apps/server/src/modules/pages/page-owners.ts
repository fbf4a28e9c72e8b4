import {
  isScheduled,
  type HubPage,
  type PageOwnerType,
  type Series,
  type StudioTemplate,
} from '@studio/domain';
import type { Caller } from '../../platform/http/caller.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { EventCore, ProgrammeEvent } from '../back-office/events/event-core.service.ts';
import type { PageOwner, PageOwners } from './pages.service.ts';

/** What the pages area asks the back office's services about the owners of pages. */
export interface BackOfficeOwners {
  events: Pick<EventCore, 'programmeEventOf' | 'publicEventById' | 'publicSeries'>;
  /** A series (`min` answers only its id and name; the pages area never asks it). */
  series: {
    get(caller: Caller, id: string, options: object): Promise<Series | { id: string; name: string }>;
  };
  templates: { get(caller: Caller, id: string): Promise<StudioTemplate> };
  hubPages: {
    get(caller: Caller, id: string): Promise<HubPage>;
    /** The attendee site's reading (no caller): undefined for an unknown page. */
    publicHubPage(id: string): Promise<HubPage | undefined>;
  };
}

const undated = { start_time: null, end_time: null, timezone: null } as const;

/** An event as the owner of its pages (the attendee site passes the event it already read). */
export const eventPageOwner = (event: ProgrammeEvent): PageOwner => ({
  organizationId: event.organizationId,
  eventType: event.event_type,
  context: {
    title: event.title,
    description: event.description,
    // A recording has no schedule (`isScheduled`): its pages show no dates, zone or countdown.
    ...(isScheduled(event.event_type)
      ? {
          start_time: event.start_time.toISOString(),
          end_time: event.end_time.toISOString(),
          timezone: event.timezone,
        }
      : undated),
    location: event.location,
  },
  repeatingEventId: event.repeatingSeriesId,
});

/** A template as the owner of its pages: undated (a template has no times). */
export const templatePageOwner = (template: StudioTemplate): PageOwner => ({
  organizationId: template.organization,
  eventType: template.settings.event_type,
  context: {
    title: template.title,
    description: template.settings.description,
    ...undated,
    timezone: template.settings.timezone,
    location: template.settings.location,
  },
});

/** A hub page as the owner of its own page: undated. */
const hubPageOwner = (hubPage: HubPage): PageOwner => ({
  organizationId: hubPage.organization,
  eventType: null,
  context: { title: hubPage.name, description: null, ...undated, location: null },
});

/** The owners of pages, each through its own service (read scope for reading, the guard's permission for saving). */
export function createPageOwners(backOffice: BackOfficeOwners): PageOwners {
  const { events } = backOffice;

  /** A series as the owner of its pages: dated from its first event not ended to its last, in the first's zone. */
  async function seriesPageOwner(id: string): Promise<PageOwner | undefined> {
    const series = await events.publicSeries(id);
    if (!series) return undefined;
    const [first] = series.events;
    return {
      organizationId: series.organization_id,
      eventType: null,
      context: {
        title: series.name,
        description: series.description,
        start_time: first?.start_time.toISOString() ?? null,
        end_time: series.events.at(-1)?.end_time.toISOString() ?? null,
        timezone: first?.timezone ?? null,
        location: series.location,
        isSeries: true,
      },
    };
  }

  return {
    async ownerOf(caller, ownerType, id, permission): Promise<PageOwner> {
      switch (ownerType) {
        case 'event':
          return eventPageOwner((await events.programmeEventOf(caller, id, permission)).event);
        case 'series': {
          // The series' own read checks the caller's scope; its page is dated as the attendee's is.
          const series = await backOffice.series.get(caller, id, {});
          if (!('organization' in series)) throw new Error('A series answered without its fields');
          const owner = await seriesPageOwner(id);
          if (!owner) throw notFound();
          return { ...owner, eventType: series.event_type };
        }
        case 'template':
          return templatePageOwner(await backOffice.templates.get(caller, id));
        case 'hub_page':
          return hubPageOwner(await backOffice.hubPages.get(caller, id));
      }
    },

    async publicOwnerOf(ownerType: PageOwnerType, id: string): Promise<PageOwner | undefined> {
      switch (ownerType) {
        case 'event': {
          const event = await events.publicEventById(id);
          return event && eventPageOwner(event);
        }
        case 'series':
          return seriesPageOwner(id);
        case 'hub_page': {
          const hubPage = await backOffice.hubPages.publicHubPage(id);
          return hubPage && hubPageOwner(hubPage);
        }
        // Templates have no public page.
        case 'template':
          return undefined;
      }
    },
  };
}
