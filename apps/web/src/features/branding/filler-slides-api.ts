import {
  FILLER_SLIDE_PAGE_SIZE,
  FILLER_SLIDE_UPDATED,
  fillerSlideMessages,
  fillerSlidePageSchema,
  fillerSlideSchema,
  type FillerSlide,
} from '@studio/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, failureMessage } from '../../api/api-error.ts';
import { useReadAgainOnPush } from '../../api/studio-pushes.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';
import { pageQuery } from '../../ui/list-page.ts';

/** Every cached list and slide of the filler slide library sits under this key. */
export const FILLER_SLIDES_KEY = 'filler-slides';
const LIBRARY = '/core/filler-slide-library/';
const one = (id: string) => `${LIBRARY}${encodeURIComponent(id)}/`;

/** A page of the library: 1-based, and the name searched for ('' for all). */
export interface FillerSlideListPage {
  page: number;
  search: string;
}

/**
 * Spec 002 §7.1: GET /core/filler-slide-library/?ordering=-created_at&uploaded=true with paging
 * and the name searched for (the caller's teams' slides).
 */
export const fetchFillerSlides = ({ page, search }: FillerSlideListPage) => {
  const params = pageQuery(page, FILLER_SLIDE_PAGE_SIZE, {
    ordering: '-created_at',
    uploaded: 'true',
    search: search || undefined,
  });
  return studioApi.request({ method: 'GET', path: `${LIBRARY}?${params}`, schema: fillerSlidePageSchema });
};

export const fillerSlidesQuery = (list: FillerSlideListPage) =>
  queryOptions({ queryKey: [FILLER_SLIDES_KEY, 'list', list], queryFn: () => fetchFillerSlides(list) });

/** The page shown keeps the last one's rows while the next loads (no flash of the loading state). */
export const useFillerSlides = (list: FillerSlideListPage) =>
  useQuery({ ...fillerSlidesQuery(list), placeholderData: keepPreviousData });

export const fetchFillerSlide = (id: string) =>
  studioApi.request({ method: 'GET', path: one(id), schema: fillerSlideSchema });

export const fillerSlideQuery = (id: string) =>
  queryOptions({
    queryKey: [FILLER_SLIDES_KEY, 'one', id],
    queryFn: () => fetchFillerSlide(id),
    retry: false,
  });

export const useFillerSlide = (id: string | null) =>
  useQuery({ ...fillerSlideQuery(id ?? ''), enabled: !!id });

/** The key of a general file from its content URL (`{base}/api/{key}`): the create body's image path. */
const keyOf = (contentUrl: string) =>
  new URL(contentUrl, window.location.origin).pathname.replace(/^\/api\//, '');

/** Spec 002 §7.1 create, after the image's upload; a failure shows the server's message or 'File upload failed'. */
export const useCreateFillerSlide = () =>
  useStudioMutation({
    mutationFn: (slide: { fileName: string; contentUrl: string; workspaceId: string | null }) =>
      studioApi.request({
        method: 'POST',
        path: LIBRARY,
        body: {
          file_name: slide.fileName,
          broadcast_filler_image_s3_path: keyOf(slide.contentUrl),
          workspace: slide.workspaceId,
        },
        schema: fillerSlideSchema,
      }),
    invalidates: [[FILLER_SLIDES_KEY]],
    failureToast: (error) =>
      error instanceof ApiRequestError ? error.message : fillerSlideMessages.uploadFailed,
  });

/** Rename by id, body `{file_name}`. */
export const useRenameFillerSlide = (onRenamed: () => void) =>
  useStudioMutation({
    mutationFn: ({ id, fileName }: { id: string; fileName: string }) =>
      studioApi.request({
        method: 'PATCH',
        path: one(id),
        body: { file_name: fileName },
        schema: fillerSlideSchema,
      }),
    successToast: fillerSlideMessages.renamed,
    invalidates: [[FILLER_SLIDES_KEY]],
    onSuccess: onRenamed,
  });

/** Delete by id; on failure the server's message or 'Something went wrong. Please try again.' */
export const useDeleteFillerSlide = (onDeleted: () => void) =>
  useStudioMutation({
    mutationFn: (slide: Pick<FillerSlide, 'id'>) =>
      studioApi.request({ method: 'DELETE', path: one(slide.id) }),
    successToast: fillerSlideMessages.deleted,
    failureToast: failureMessage,
    invalidates: [[FILLER_SLIDES_KEY]],
    onSuccess: onDeleted,
  });

/** Keeps cached slides in step with the server's pushes: 'Processing...' turns 'Processed' without a reload. */
export function useFillerSlideUpdates(): void {
  useReadAgainOnPush(
    '',
    [FILLER_SLIDES_KEY],
    (message) => message.type === FILLER_SLIDE_UPDATED || message.type === 'ready',
  );
}
