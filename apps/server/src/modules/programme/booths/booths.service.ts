import {
  EVENT_ROLES,
  isPictureAddress,
  roomsBoothsMessages,
  type Booth,
  type BoothResource,
  type CreateBooth,
  type CreateBoothResource,
  type CreateSponsorUser,
  type DiscussionGroup,
  type DiscussionGroupsInput,
  type Reorder,
  type SponsorBoothUpdate,
  type SponsorUser,
  sponsorBoothPath,
  usageSubtypeOf,
  type UpdateBooth,
  type UpdateBoothResource,
  type VideoUsageEntry,
} from '@studio/domain';
import type { Executor } from '../../../platform/db/executor.ts';
import type { Caller } from '../../../platform/http/caller.ts';
import { fieldError, notFound } from '../../../platform/http/errors.ts';
import { hasPermission } from '../../../platform/http/guard.ts';
import type { Counted, PageRequest } from '../../../platform/http/pagination.ts';
import { roomsAndBoothsEventOf, roomsAndBoothsParts } from '../rooms-booths-event.ts';
import { createEventParts } from '../../back-office/event-parts.ts';
import type { EventCopyStep } from '../../back-office/event-copy.ts';
import { isUuid } from '../../../platform/db/uuid.ts';
import type { Scope } from '../../back-office/event-scope.ts';
import type { EventCore, ProgrammeEvent } from '../../back-office/events/event-core.service.ts';
import { requirePlanFeature } from '../../back-office/plan-gates.ts';
import type { LibraryVideos } from '../../back-office/stage-roll-videos.ts';
import type { EventGuest } from '../../auth/sign-in-flows.service.ts';
import type { EventRolesService } from '../../event-roles/event-roles.service.ts';
import type { VideoUsageProvider } from '../../video-library/usage.ts';
import type { RoomsService } from '../rooms/rooms.service.ts';
import {
  createBoothsRepository,
  type BoothChanges,
  type BoothRecord,
  type BoothResourceRecord,
} from './booths.repository.ts';

export interface BoothsDeps {
  db: Executor;
  events: EventCore;
  eventRoles: EventRolesService;
  videos: LibraryVideos;
  /** The sign-in area: creates the person when new and emails a link that opens `landingPath`. */
  inviteGuest: (guest: EventGuest, landingPath: string, tx: Executor) => Promise<{ id: string }>;
  /** The rooms area: a booth's discussion rooms are rooms, read and saved through it. */
  boothRooms: RoomsService['boothRooms'];
}

/** A booth an organiser may change, with its event. */
export interface OrganiserBooth {
  booth: BoothRecord;
  event: ProgrammeEvent;
}
/** A booth resource whoever may edit its booth may change, with the booth's event. */
export type EditableResource = BoothResourceRecord & { event_id: string };

type HeroFields = Pick<UpdateBooth, 'hero_asset_type' | 'hero_asset'>;

/**
 * An event's booths (002 §3.11) and their resources. Organisers read with `event:read` and change
 * with `event:update` (creating needs the plan's `boothsTab`); the booth's sponsor (its `owner`,
 * holding SPONSOR in the event) edits that booth and its resources, nothing else.
 */
export function createBoothsService(deps: BoothsDeps) {
  const { db, events, eventRoles, videos, inviteGuest, boothRooms } = deps;
  const booths = createBoothsRepository(db);
  const parts = createEventParts({
    db,
    table: 'booths',
    ranked: true,
    groupedBy: 'booth_type',
    ...roomsAndBoothsParts(events),
  });

  /** The booth, for an organiser who may change its event; 404 when they do not see it. */
  async function organiserBooth(caller: Caller, id: string): Promise<OrganiserBooth & { scope: Scope }> {
    const { part: booth, scope, event } = await parts.partOf(caller, id, 'event:update');
    return { booth, scope, event };
  }

  /** The booth, for its own sponsor only; anyone else is told it does not exist. */
  async function sponsorBooth(caller: Caller, id: string): Promise<BoothRecord> {
    const booth = await parts.table.find(id);
    const own =
      booth?.owner_id === caller.userId &&
      (await eventRoles.holds(booth.event_id, caller.userId, EVENT_ROLES.SPONSOR));
    if (!own) throw notFound();
    return booth;
  }

  /** Organisers with `event:update` act as such; everyone else only on a booth they sponsor. */
  const editableBooth = async (caller: Caller, id: string) =>
    hasPermission(caller, 'event:update')
      ? (await organiserBooth(caller, id)).booth
      : sponsorBooth(caller, id);

  /** The hero columns: an uploaded image URL, or one of the organisation's processed videos. */
  async function heroColumns(
    organizationId: string | null,
    request: HeroFields,
    current: BoothRecord | undefined,
  ): Promise<Pick<BoothChanges, 'hero_asset_type' | 'hero_image_url' | 'hero_video_asset_id'>> {
    if (request.hero_asset_type === undefined && request.hero_asset === undefined) return {};
    const type =
      request.hero_asset_type === undefined ? (current?.hero_asset_type ?? null) : request.hero_asset_type;
    const asset = request.hero_asset ?? null;
    if (!asset) return { hero_asset_type: type, hero_image_url: null, hero_video_asset_id: null };
    if (type === 'hero_asset_image') {
      if (!isPictureAddress(asset)) throw fieldError('hero_asset', roomsBoothsMessages.heroImageMustBeUrl);
      return { hero_asset_type: type, hero_image_url: asset, hero_video_asset_id: null };
    }
    if (type !== 'hero_asset_video')
      throw fieldError('hero_asset_type', roomsBoothsMessages.heroAssetRequiresType);
    // A sponsor has no library: only the organisers pick a hero video.
    const status = organizationId && isUuid(asset) ? await videos.statusOf(organizationId, asset) : undefined;
    if (status === undefined) throw fieldError('hero_asset', roomsBoothsMessages.heroVideoNotFound);
    if (status !== 'COMPLETE') throw fieldError('hero_asset', roomsBoothsMessages.heroVideoUnprocessed);
    return { hero_asset_type: type, hero_image_url: null, hero_video_asset_id: asset };
  }

  async function checkOwner(eventId: string, owner: string | null | undefined) {
    if (owner && !(await eventRoles.holds(eventId, owner, EVENT_ROLES.SPONSOR)))
      throw fieldError('owner', roomsBoothsMessages.ownerNotSponsor);
  }

  async function toBooths(records: BoothRecord[]): Promise<Booth[]> {
    const ids = records.map((booth) => booth.id);
    const [resources, rooms] = await Promise.all([booths.resourcesOf(ids), boothRooms.of(ids)]);
    return records.map((booth) => toBooth(booth, resources, rooms.get(booth.id) ?? []));
  }
  const one = async (record: BoothRecord) => (await toBooths([record]))[0] as Booth;

  /**
   * The booth changed and its discussion rooms saved as listed (when listed), in one transaction;
   * a new owner runs its rooms too. Answers the booth as it now is.
   */
  async function saveBooth(
    booth: BoothRecord,
    changes: BoothChanges,
    rooms: DiscussionGroupsInput | undefined,
  ): Promise<Booth> {
    const updated = await db.transaction().execute(async (tx) => {
      const row = await parts.table.update(booth.id, changes, tx);
      if (!row) throw notFound();
      if (changes.owner_id !== undefined) await boothRooms.setOwner(row.id, row.owner_id, tx);
      if (rooms) await boothRooms.save(row, rooms, tx);
      return row;
    });
    await events.programmeChanged(updated.event_id);
    return one(updated);
  }

  /** The resource and its booth's event, for whoever may edit the booth. */
  async function editableResource(caller: Caller, id: string): Promise<EditableResource> {
    const resource = isUuid(id) ? await booths.findResource(id) : undefined;
    if (!resource) throw notFound();
    const booth = await editableBooth(caller, resource.booth_id);
    return { ...resource, event_id: booth.event_id };
  }

  return {
    /** Event duplication's step (issue 14): the booths, their resources and discussion rooms go with the copy. */
    copyStep: {
      async copy({ sourceEventId, targetEventId, newIds, tx }) {
        for (const [from, to] of await booths.copy(sourceEventId, targetEventId, newIds, tx))
          await boothRooms.copy(from, { id: to, event_id: targetEventId }, tx);
      },
      clear: (eventId, tx) => parts.table.clear(eventId, tx),
    } satisfies EventCopyStep,

    /** For the sponsor routes' guard: the booth, for its own sponsor (404 for anyone else). */
    sponsorBooth,

    /** For the resource routes' guard: the resource, when the caller may edit its booth. */
    editableResource,

    /** For the guard: the booth and its event, for an organiser who may change them. */
    organiserBooth,

    async list(caller: Caller, eventId: string, page: PageRequest): Promise<Counted<Booth>> {
      const { count, rows } = await parts.list(caller, eventId, page);
      return { count, results: await toBooths(rows) };
    },

    /** For the event app (no caller): the event's booths by rank, with their resources. */
    ofEvent: async (eventId: string): Promise<Booth[]> => toBooths(await parts.table.all(eventId)),

    async create(caller: Caller, request: CreateBooth): Promise<Booth> {
      const created = await parts.create(caller, request.event, async ({ scope, event }) => {
        requirePlanFeature(scope, 'boothsTab');
        await checkOwner(event.id, request.owner);
        return {
          event_id: event.id,
          name: request.name,
          description: request.description ?? '',
          booth_type: request.booth_type ?? 'primary',
          poster: request.poster ?? null,
          owner_id: request.owner ?? null,
          hero_asset_type: null,
          ...(await heroColumns(event.organizationId, request, undefined)),
        };
      });
      const rooms = request.discussion_group_objects;
      if (!rooms?.length) return one(created);
      // A new booth has no rooms yet: every listed one is new (an id names none of its rooms).
      return saveBooth(
        created,
        {},
        rooms.map(({ name }) => ({ name })),
      );
    },

    /** The booth the guard loaded (`organiserBooth`), changed. */
    async update({ booth, event }: OrganiserBooth, request: UpdateBooth): Promise<Booth> {
      await checkOwner(event.id, request.owner);
      const {
        hero_asset_type: _type,
        hero_asset: _asset,
        owner,
        discussion_group_objects,
        ...fields
      } = request;
      return saveBooth(
        booth,
        {
          ...fields,
          ...(owner === undefined ? {} : { owner_id: owner }),
          ...(await heroColumns(event.organizationId, request, booth)),
        },
        discussion_group_objects,
      );
    },

    delete: (caller: Caller, id: string) => parts.delete(caller, id),

    /** Every booth of one type (the first pk's) once, with its new rank, in one transaction. */
    reorder: async (caller: Caller, request: Reorder): Promise<Booth[]> =>
      toBooths(await parts.reorder(caller, request)),

    /**
     * POST /api/core/user/sponsor/: the person (created when new) becomes SPONSOR of the event and
     * the owner of the booth, and is emailed a sign-in link to the booth's sponsor page.
     */
    async createSponsor(caller: Caller, request: CreateSponsorUser): Promise<SponsorUser> {
      const { event } = await roomsAndBoothsEventOf(events, caller, request.event, 'event:update');
      const booth = await parts.table.find(request.booth);
      if (!booth || booth.event_id !== event.id)
        throw fieldError('booth', roomsBoothsMessages.boothNotInEvent);
      const { user } = request;
      const sponsor = await db.transaction().execute(async (tx) => {
        const person = await inviteGuest(
          { ...user, last_name: user.last_name ?? '' },
          sponsorBoothPath(event.id, booth.id),
          tx,
        );
        await eventRoles.grant(event.id, person.id, EVENT_ROLES.SPONSOR, tx);
        await parts.table.update(booth.id, { owner_id: person.id }, tx);
        await boothRooms.setOwner(booth.id, person.id, tx);
        return person;
      });
      return {
        id: sponsor.id,
        email: user.email.trim().toLowerCase(),
        first_name: user.first_name,
        last_name: user.last_name ?? '',
        event: event.id,
        booth: booth.id,
        role: EVENT_ROLES.SPONSOR,
      };
    },

    sponsorGet: async (caller: Caller, id: string) => one(await sponsorBooth(caller, id)),

    /** The sponsor's booth the guard loaded (`sponsorBooth`), changed. */
    async sponsorUpdate(booth: BoothRecord, request: SponsorBoothUpdate): Promise<Booth> {
      const { hero_asset_type: _type, hero_asset: _asset, discussion_group_objects, ...fields } = request;
      return saveBooth(
        booth,
        { ...fields, ...(await heroColumns(null, request, booth)) },
        discussion_group_objects,
      );
    },

    async createResource(caller: Caller, request: CreateBoothResource): Promise<BoothResource> {
      const booth = await editableBooth(caller, request.booth);
      const { booth: _booth, ...fields } = request;
      const created = await booths.insertResource({ ...fields, booth_id: booth.id });
      await events.programmeChanged(booth.event_id);
      return toResource(created);
    },

    /** The resource the guard loaded (`editableResource`), changed. */
    async updateResource(resource: EditableResource, request: UpdateBoothResource): Promise<BoothResource> {
      const updated = await booths.updateResource(resource.id, request);
      if (!updated) throw notFound();
      await events.programmeChanged(resource.event_id);
      return toResource(updated);
    },

    async deleteResource(caller: Caller, id: string): Promise<void> {
      const resource = await editableResource(caller, id);
      await booths.deleteResource(resource.id);
      await events.programmeChanged(resource.event_id);
    },

    /** The library's "where is this video used" for booth heroes (entity type BOOTH). */
    videoUsage: {
      async usagesOf(organizationId: string, assetIds: readonly string[]) {
        const rows = await booths.heroVideosIn(assetIds);
        const ofOrganisation = new Map(
          (
            await events.programmeEventsByIds(
              organizationId,
              rows.map((row) => row.event_id),
            )
          ).map((event) => [event.id, event]),
        );
        const usages = new Map<string, VideoUsageEntry[]>();
        for (const row of rows) {
          const event = ofOrganisation.get(row.event_id);
          if (!event || !row.hero_video_asset_id) continue;
          const entry: VideoUsageEntry = {
            entity_id: event.id,
            entity_title: `${event.title} — ${row.name}`,
            entity_subtype: usageSubtypeOf(event.event_type),
            entity_type: 'BOOTH',
            entity_created_date: event.created_at.toISOString(),
          };
          usages.set(row.hero_video_asset_id, [...(usages.get(row.hero_video_asset_id) ?? []), entry]);
        }
        return usages;
      },

      assetsUsedBy: (eventIds: readonly string[]) => booths.heroVideosOfEvents(eventIds),
    } satisfies VideoUsageProvider,
  };
}

export type BoothsService = ReturnType<typeof createBoothsService>;

function toResource(resource: BoothResourceRecord): BoothResource {
  return {
    id: resource.id,
    booth: resource.booth_id,
    kind: resource.kind as BoothResource['kind'],
    title: resource.title,
    url: resource.url,
  };
}

function toBooth(booth: BoothRecord, resources: BoothResourceRecord[], rooms: DiscussionGroup[]): Booth {
  return {
    id: booth.id,
    event: booth.event_id,
    name: booth.name,
    description: booth.description,
    booth_type: booth.booth_type as Booth['booth_type'],
    rank: booth.rank,
    hero_asset_type: booth.hero_asset_type as Booth['hero_asset_type'],
    hero_asset:
      booth.hero_asset_type === 'hero_asset_video' ? booth.hero_video_asset_id : booth.hero_image_url,
    poster: booth.poster,
    discussion_group_objects: rooms,
    owner: booth.owner_id,
    resources: resources.filter((resource) => resource.booth_id === booth.id).map(toResource),
  };
}
