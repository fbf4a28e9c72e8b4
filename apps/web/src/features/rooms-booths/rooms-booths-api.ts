import {
  boothPageSchema,
  boothSchema,
  roomPageSchema,
  roomSchema,
  ROOMS_PAGE_SIZE,
  sponsorUserSchema,
  type Booth,
  type CreateBooth,
  type CreateRoom,
  type CreateSponsorUser,
  type Reorder,
  type Room,
  type UpdateBooth,
  type UpdateRoom,
} from '@studio/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ResponseSchema } from '../../api/api-client.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';

const ROOMS_KEY = queryKeys.rooms.all[0];
const BOOTHS_KEY = queryKeys.booths.all[0];
const idPath = (base: string, id: string) => `/event/${base}/${encodeURIComponent(id)}/`;

export const fetchRooms = (eventId: string) =>
  studioApi.request({
    method: 'GET',
    path: `/event/rooms/?event=${encodeURIComponent(eventId)}&limit=${ROOMS_PAGE_SIZE}`,
    schema: roomPageSchema,
  });
export const roomsQuery = (eventId: string) =>
  queryOptions({ queryKey: [ROOMS_KEY, eventId], queryFn: () => fetchRooms(eventId) });
export const useRooms = (eventId: string, enabled = true) => useQuery({ ...roomsQuery(eventId), enabled });

export const fetchBooths = (eventId: string) =>
  studioApi.request({
    method: 'GET',
    path: `/event/booths/?event=${encodeURIComponent(eventId)}&limit=${ROOMS_PAGE_SIZE}`,
    schema: boothPageSchema,
  });
export const boothsQuery = (eventId: string) =>
  queryOptions({ queryKey: [BOOTHS_KEY, eventId], queryFn: () => fetchBooths(eventId) });
export const useBooths = (eventId: string, enabled = true) => useQuery({ ...boothsQuery(eventId), enabled });

type Area = 'rooms' | 'booths';

/** Saves one of the event's rooms or booths: a PATCH of the one with `id`, else a POST of a new one. */
const saveIn =
  <T, V extends object>(area: Area, schema: ResponseSchema<T>, eventId: string) =>
  ({ id, values }: { id?: string | undefined; values: V }) =>
    id
      ? studioApi.request({ method: 'PATCH', path: idPath(area, id), body: values, schema })
      : studioApi.request({
          method: 'POST',
          path: `/event/${area}/`,
          body: { ...values, event: eventId },
          schema,
        });

const deleteIn = (area: Area) => (item: { id: string }) =>
  studioApi.request({ method: 'DELETE', path: idPath(area, item.id) });

export type RoomValues = Omit<CreateRoom, 'event'>;

export const useSaveRoom = (eventId: string, onSaved: () => unknown, onFailure: (error: unknown) => void) =>
  useStudioMutation({
    mutationFn: saveIn<Room, RoomValues | UpdateRoom>('rooms', roomSchema, eventId),
    successToast: (_room, { id }) => (id ? 'Room updated successfully.' : 'Room created successfully.'),
    onFailure,
    invalidates: [queryKeys.rooms.all],
    onSuccess: onSaved,
  });

export const useDeleteRoom = (onDeleted: () => unknown) =>
  useStudioMutation({
    mutationFn: deleteIn('rooms'),
    successToast: 'Room deleted successfully.',
    invalidates: [queryKeys.rooms.all],
    onSuccess: onDeleted,
  });

/** The ranks a reordered list is saved with: 0…n−1 in its new order. */
export const ranksOf = (ordered: { id: string }[]): Reorder => ({
  object_list: ordered.map((item, rank) => ({ pk: item.id, rank })),
});

const reorder =
  <T extends z.ZodType>(area: Area, schema: T) =>
  (request: Reorder) =>
    studioApi.request({
      method: 'POST',
      path: `/event/${area}/reorder/`,
      body: request,
      schema: z.array(schema),
    });

export const useReorderRooms = () =>
  useStudioMutation({ mutationFn: reorder('rooms', roomSchema), invalidates: [queryKeys.rooms.all] });

export const useReorderBooths = () =>
  useStudioMutation({ mutationFn: reorder('booths', boothSchema), invalidates: [queryKeys.booths.all] });

export type BoothValues = Omit<CreateBooth, 'event'>;

export const useSaveBooth = (
  eventId: string,
  onSaved: (booth: Booth) => unknown,
  onFailure: (error: unknown) => void,
) =>
  useStudioMutation({
    mutationFn: saveIn<Booth, BoothValues | UpdateBooth>('booths', boothSchema, eventId),
    successToast: (_booth, { id }) => (id ? 'Booth updated successfully.' : 'Booth created successfully.'),
    onFailure,
    invalidates: [queryKeys.booths.all],
    onSuccess: onSaved,
  });

export const useDeleteBooth = (onDeleted: () => unknown) =>
  useStudioMutation({
    mutationFn: deleteIn('booths'),
    successToast: 'Booth deleted successfully.',
    invalidates: [queryKeys.booths.all],
    onSuccess: onDeleted,
  });

export const useCreateSponsor = (onCreated: () => unknown, onFailure: (error: unknown) => void) =>
  useStudioMutation({
    mutationFn: (request: CreateSponsorUser) =>
      studioApi.request({
        method: 'POST',
        path: '/core/user/sponsor/',
        body: request,
        schema: sponsorUserSchema,
      }),
    successToast: 'Sponsor invited: a sign-in link is on its way.',
    onFailure,
    invalidates: [queryKeys.booths.all],
    onSuccess: onCreated,
  });
