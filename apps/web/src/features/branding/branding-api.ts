import { eventSchema, templateSchema, type BrandingPatch } from '@studio/domain';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { studioApi } from '../../api/studio-api.ts';
import { useRouteParam } from '../../ui/use-route-param.ts';

/** What the branding editor shows and changes, whether it edits an event or a template. */
export interface BrandingSubject {
  title: string;
  /** The team whose videos the pickers offer (spec 000 §6); null: organisation level. */
  workspaceId: string | null;
  stageRollVideoId: string | null;
  fillerSlideId: string | null;
}

type BrandingTarget = { kind: 'event' | 'template'; id: string };

const BRANDING_KEY = 'branding';

const pathOf = ({ kind, id }: BrandingTarget) =>
  kind === 'event'
    ? `/event/${encodeURIComponent(id)}/`
    : `/event/studio-templates/${encodeURIComponent(id)}/`;

/** GET or PATCH (002 §7.2) of the event or template, read as what branding needs of it. */
async function request(target: BrandingTarget, patch?: BrandingPatch): Promise<BrandingSubject> {
  const call = {
    path: pathOf(target),
    ...(patch ? { method: 'PATCH' as const, body: patch } : { method: 'GET' as const }),
  };
  const answer =
    target.kind === 'event'
      ? await studioApi.request({ ...call, schema: eventSchema })
      : await studioApi.request({ ...call, schema: templateSchema });
  return {
    title: answer.title,
    workspaceId: answer.workspace?.id ?? null,
    stageRollVideoId: answer.stage_roll_video_asset,
    fillerSlideId: answer.filler_slide,
  };
}

const brandingQuery = (target: BrandingTarget) =>
  queryOptions({
    queryKey: [BRANDING_KEY, target.kind, target.id],
    queryFn: () => request(target),
    retry: false,
  });

/** The event (`$eventId`) or template (`$templateId`) of the branding route on screen, and its save. */
export function useBrandingSubject() {
  const eventId = useRouteParam('eventId');
  const templateId = useRouteParam('templateId');
  const target: BrandingTarget = eventId
    ? { kind: 'event', id: eventId }
    : { kind: 'template', id: templateId };
  const queryClient = useQueryClient();
  const subject = useQuery(brandingQuery(target));

  async function save(patch: BrandingPatch): Promise<void> {
    queryClient.setQueryData(brandingQuery(target).queryKey, await request(target, patch));
  }

  return { subject: subject.data, isPending: subject.isPending, isError: subject.isError, save };
}
