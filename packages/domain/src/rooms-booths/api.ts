import { z } from 'zod';
import { pageSchema } from '../api.ts';
import { isFileContentPath } from '../files/file-urls.ts';
import { pageQuery, requiredText } from '../events/query.ts';
import {
  BOOTH_DISCUSSION_ROOMS_MAX,
  BOOTH_NAME_MAX_LENGTH,
  BOOTH_RESOURCE_KINDS,
  BOOTH_TYPES,
  HERO_ASSET_TYPES,
  ROOM_NAME_MAX_LENGTH,
  ROOMS_BOOTHS_DESCRIPTION_MAX_LENGTH,
  SEAT_OPTIONS_MAX,
  SEAT_OPTIONS_MIN,
} from './constants.ts';

const description = z.string().max(ROOMS_BOOTHS_DESCRIPTION_MAX_LENGTH);
const url = z.url().max(2000);
/** A booth's picture (hero image, poster): a web address or an uploaded file's content path. */
export const isPictureAddress = (value: string): boolean =>
  z.url().safeParse(value).success || isFileContentPath(value);
const pictureUrl = z.string().max(2000).refine(isPictureAddress, { message: 'Invalid URL' });

/** `?event=` of the rooms and booths lists. */
export const eventObjectsQuerySchema = z.object({ ...pageQuery, event: z.string().max(100) });

/**
 * A room (001 §3 "Room"): `is_booth` when it is one of a booth's discussion rooms (made through the
 * booth's `discussion_group_objects`), `owner` the user who runs it (a booth room's: the booth's sponsor).
 */
export const roomSchema = z.object({
  id: z.string(),
  event: z.string(),
  name: z.string(),
  description: z.string(),
  capacity: z.number().int().nullable(),
  rank: z.number().int(),
  is_breakout: z.boolean(),
  is_booth: z.boolean(),
  owner: z.string().nullable(),
});
export type Room = z.infer<typeof roomSchema>;
export const roomPageSchema = pageSchema(roomSchema);

const roomFields = {
  name: requiredText(ROOM_NAME_MAX_LENGTH),
  description: description.optional(),
  /** The room's seats, one of its seat options (002 §9); null: no limit. */
  capacity: z.number().int().min(SEAT_OPTIONS_MIN).max(SEAT_OPTIONS_MAX).nullable().optional(),
  is_breakout: z.boolean().optional(),
  owner: z.uuid().nullable().optional(),
};
export const createRoomSchema = z.object({ event: z.string().max(100), ...roomFields });
export type CreateRoom = z.infer<typeof createRoomSchema>;
export const updateRoomSchema = z.object(roomFields).partial();
export type UpdateRoom = z.infer<typeof updateRoomSchema>;

/** POST …/reorder/: every object of the event (or of the booth group) once, with its new rank. */
export const reorderSchema = z.object({
  object_list: z
    .array(z.object({ pk: z.string().max(100), rank: z.number().int().min(0).max(100_000) }))
    .min(1)
    .max(1000),
});
export type Reorder = z.infer<typeof reorderSchema>;

export const boothTypeSchema = z.enum(BOOTH_TYPES);
export const heroAssetTypeSchema = z.enum(HERO_ASSET_TYPES);

export const boothResourceSchema = z.object({
  id: z.string(),
  booth: z.string(),
  kind: z.enum(BOOTH_RESOURCE_KINDS),
  title: z.string(),
  url: z.string(),
});
export type BoothResource = z.infer<typeof boothResourceSchema>;

/** One of a booth's discussion rooms (a room with `is_booth`), in the booth's order. */
export const discussionGroupSchema = z.object({ id: z.string(), name: z.string(), rank: z.number().int() });
export type DiscussionGroup = z.infer<typeof discussionGroupSchema>;

/**
 * A booth's discussion rooms as the booth is saved, in their order: an entry with an `id` keeps
 * that room (renamed), one without is a new room, a room left out is deleted.
 */
export const discussionGroupsInputSchema = z
  .array(
    z.object({
      id: z.string().max(100).optional(),
      name: requiredText(ROOM_NAME_MAX_LENGTH),
    }),
  )
  .max(BOOTH_DISCUSSION_ROOMS_MAX);
export type DiscussionGroupsInput = z.infer<typeof discussionGroupsInputSchema>;

/**
 * A booth (002 §3.11): `hero_asset` is an image URL (hero_asset_image) or a library video id
 * (hero_asset_video); `owner` is the sponsor user who may edit it.
 */
export const boothSchema = z.object({
  id: z.string(),
  event: z.string(),
  name: z.string(),
  description: z.string(),
  booth_type: boothTypeSchema,
  rank: z.number().int(),
  hero_asset_type: heroAssetTypeSchema.nullable(),
  hero_asset: z.string().nullable(),
  poster: z.string().nullable(),
  discussion_group_objects: z.array(discussionGroupSchema),
  owner: z.string().nullable(),
  resources: z.array(boothResourceSchema),
});
export type Booth = z.infer<typeof boothSchema>;
export const boothPageSchema = pageSchema(boothSchema);

/** What the sponsor may change on their booth. */
const sponsorFields = {
  name: requiredText(BOOTH_NAME_MAX_LENGTH),
  description: description.optional(),
  hero_asset_type: heroAssetTypeSchema.nullable().optional(),
  hero_asset: z.string().max(2000).nullable().optional(),
  poster: pictureUrl.nullable().optional(),
  discussion_group_objects: discussionGroupsInputSchema.optional(),
};
const boothFields = {
  ...sponsorFields,
  booth_type: boothTypeSchema.optional(),
  owner: z.uuid().nullable().optional(),
};
export const createBoothSchema = z.object({ event: z.string().max(100), ...boothFields });
export type CreateBooth = z.infer<typeof createBoothSchema>;
export const updateBoothSchema = z.object(boothFields).partial();
export type UpdateBooth = z.infer<typeof updateBoothSchema>;
export const sponsorBoothUpdateSchema = z.object(sponsorFields).partial();
export type SponsorBoothUpdate = z.infer<typeof sponsorBoothUpdateSchema>;

const resourceFields = {
  kind: z.enum(BOOTH_RESOURCE_KINDS),
  title: requiredText(200),
  url,
};
export const createBoothResourceSchema = z.object({ booth: z.string().max(100), ...resourceFields });
export type CreateBoothResource = z.infer<typeof createBoothResourceSchema>;
export const updateBoothResourceSchema = z.object(resourceFields).partial();
export type UpdateBoothResource = z.infer<typeof updateBoothResourceSchema>;

/** POST /api/core/user/sponsor/ (001 §7): the person, and the booth they will run. */
export const createSponsorUserSchema = z.object({
  event: z.string().max(100),
  booth: z.string().max(100),
  user: z.object({
    email: z.email().max(254),
    first_name: requiredText(100),
    last_name: z.string().trim().max(100).optional(),
    company: z.string().trim().max(200).optional(),
  }),
});
export type CreateSponsorUser = z.infer<typeof createSponsorUserSchema>;
export const sponsorUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  event: z.string(),
  booth: z.string(),
  role: z.number().int(),
});
export type SponsorUser = z.infer<typeof sponsorUserSchema>;
