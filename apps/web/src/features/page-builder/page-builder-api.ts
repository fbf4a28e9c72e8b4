import {
  pageApiPath,
  pageMessages,
  storedPageSchema,
  type PageDocument,
  type PageKind,
  type PageOwnerType,
} from '@studio/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';

/** A page of an event, series, template or hub page, by kind. */
export interface PageAddress {
  ownerType: PageOwnerType;
  ownerId: string;
  kind: PageKind;
}

const PAGES_KEY = 'built-pages';
// studioApi paths start after `/api`.
const pathOf = ({ ownerType, ownerId, kind }: PageAddress) =>
  pageApiPath(ownerType, encodeURIComponent(ownerId), kind).replace(/^\/api/, '');

export const fetchBuiltPage = (address: PageAddress) =>
  studioApi.request({ method: 'GET', path: pathOf(address), schema: storedPageSchema });

export const builtPageQuery = (address: PageAddress) =>
  queryOptions({
    queryKey: [PAGES_KEY, address.ownerType, address.ownerId, address.kind],
    queryFn: () => fetchBuiltPage(address),
    retry: false,
  });

export const useBuiltPage = (address: PageAddress) => useQuery(builtPageQuery(address));

export const saveBuiltPage = (address: PageAddress, page: PageDocument) =>
  studioApi.request({
    method: 'PUT',
    path: pathOf(address),
    body: { builder_raw_json: page },
    schema: storedPageSchema,
  });

export const useSaveBuiltPage = (address: PageAddress) =>
  useStudioMutation({
    mutationFn: (page: PageDocument) => saveBuiltPage(address, page),
    invalidates: [[PAGES_KEY, address.ownerType, address.ownerId]],
    successToast: pageMessages.pageSaved,
  });
