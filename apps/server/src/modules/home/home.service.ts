import {
  eventListQuerySchema,
  eventTimeStatus,
  HOME_LIST_SIZE,
  LIVE_LEAD_MS,
  userListQuerySchema,
  videoAssetListQuerySchema,
  workspaceListQuerySchema,
  type Home,
  type EventMinimal,
  type HomeEvent,
} from '@studio/domain';
import type { Caller } from '../../platform/http/caller.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { requireOrganization } from '../../platform/http/access-rules.ts';
import type { EventCore } from '../back-office/events/event-core.service.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import type { OrganizationUsersService } from '../users/organization-users.service.ts';
import type { VideoLibraryService } from '../video-library/video-library.service.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';

/** The services the home reads; it owns no table. */
export interface HomeDeps {
  events: Pick<EventCore, 'list' | 'brandingSet'>;
  videos: Pick<VideoLibraryService, 'list'>;
  members: Pick<OrganizationUsersService, 'list'>;
  workspaces: Pick<WorkspacesService, 'list'>;
  organizations: Pick<OrganizationsService, 'get'>;
}

/** What the caller may not read (a 403 of the owning service) shows as nothing, not as a failure. */
async function unlessForbidden<T>(read: Promise<T>, otherwise: T): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof HttpError && error.status === 403) return otherwise;
    throw error;
  }
}

const firstPage = (limit: number) => () => ({ limit, offset: 0 });

function toHomeEvent(event: EventMinimal, now: Date): HomeEvent {
  const { id, title, event_type, start_time, end_time, timezone } = event;
  return { id, title, event_type, start_time, end_time, timezone, status: eventTimeStatus(event, now) };
}

export function createHomeService(deps: HomeDeps) {
  return {
    /** GET /api/core/home/: the organisation home, each part scoped by the service that owns it. */
    async home(caller: Caller, now: Date = new Date()): Promise<Home> {
      const member = requireOrganization(caller);
      const liveFrom = new Date(now.getTime() + LIVE_LEAD_MS).toISOString();
      // Webinars and conferences (recordings are never live): live ones have started (less the
      // lead) and not ended; upcoming ones have not ended (001 §2.5, the events list's default
      // filter), so a live event is also upcoming. Minimal rows: no registrant counts.
      const events = (query: Record<string, string>) =>
        unlessForbidden(
          deps.events.list(
            caller,
            eventListQuerySchema.parse({ event_type: 'All', ordering: 'start_time', min: 'true', ...query }),
            firstPage(HOME_LIST_SIZE),
          ),
          null,
        );
      const count = <T>(read: Promise<{ count: number } & T>) =>
        unlessForbidden(
          read.then((page) => page.count),
          null,
        );
      const organization = await deps.organizations.get(caller, member.organizationId);
      const [live, upcoming, anyEvent, videos, members, teams, branding] = await Promise.all([
        events({ end_time_gte: now.toISOString(), start_time_lte: liveFrom }),
        events({ end_time_gte: now.toISOString() }),
        count(deps.events.list(caller, eventListQuerySchema.parse({ min: 'true' }), firstPage(1))),
        unlessForbidden(
          deps.videos.list(caller, videoAssetListQuerySchema.parse({}), { limit: HOME_LIST_SIZE, offset: 0 }),
          null,
        ),
        count(deps.members.list(caller, userListQuerySchema.parse({}), { limit: 1, offset: 0 })),
        organization.is_workspace_enabled
          ? count(deps.workspaces.list(caller, workspaceListQuerySchema.parse({}), { limit: 1, offset: 0 }))
          : Promise.resolve(null),
        unlessForbidden(deps.events.brandingSet(caller), false),
      ]);
      const asEvents = (page: typeof live) => (page?.results ?? []).map((event) => toHomeEvent(event, now));
      return {
        organization: {
          id: organization.id,
          name: organization.name,
          is_workspace_enabled: organization.is_workspace_enabled,
        },
        live_events: asEvents(live).filter((event) => event.status === 'LIVE'),
        upcoming_events: asEvents(upcoming),
        recent_videos: (videos?.results ?? []).map((video) => ({
          id: video.id,
          name: video.name,
          status: video.status,
          created_at: video.created_at,
          thumbnail: video.thumbnail,
        })),
        counts: {
          upcoming_events: upcoming?.count ?? null,
          videos: videos?.count ?? null,
          members,
          teams,
        },
        getting_started: {
          first_event: (anyEvent ?? 0) > 0,
          first_video: (videos?.count ?? 0) > 0,
          teammate: (members ?? 0) > 1,
          branding,
        },
      };
    },
  };
}

export type HomeService = ReturnType<typeof createHomeService>;
