import {
  attendeeLinksSchema,
  eventSchema,
  fillBranding,
  templateSchema,
  type BrandingPatch,
  type BrandingRequest,
  type BrandingState,
  type EventType,
} from '@studio/domain';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';

/** A PATCH of branding: its fields and `theme_obj`, or the buffer video. */
export type BrandingSave = BrandingRequest & BrandingPatch;

/** The event (a webinar's or a repeating event's occurrence too), the template, or the brand kit (organisation id). */
export type BrandingTarget = { kind: 'event' | 'template' | 'brandKit'; id: string };

/** What the branding editor shows and changes, whether it edits an event, a template or the brand kit. */
export interface BrandingSubject extends BrandingTarget {
  title: string;
  organizationId: string;
  /** The team whose videos the pickers offer (spec 000 §6); null: organisation level. */
  workspaceId: string | null;
  eventType: EventType;
  /** Only an event has one, and only an event is locked (002 §5.4). */
  startTime: string | null;
  stageRollVideoId: string | null;
  fillerSlideId: string | null;
  /** The saved branding: event-level fields and `theme_obj`, defaults filled. */
  branding: BrandingState;
}

const BRANDING_KEY = 'branding';

const pathOf = ({ kind, id }: BrandingTarget) =>
  kind === 'event'
    ? `/event/${encodeURIComponent(id)}/`
    : kind === 'template'
      ? `/event/studio-templates/${encodeURIComponent(id)}/`
      : `/core/organization/${encodeURIComponent(id)}/brand_kit/`;

// The branding fields and `theme_obj` ride along on the event's and template's own answers.
const withBranding = { theme_obj: z.record(z.string(), z.unknown()).nullish() };
const eventAnswer = eventSchema.extend(withBranding).loose();
const templateAnswer = templateSchema.extend(withBranding).loose();
const brandKitAnswer = z.looseObject({ organization: z.string(), ...withBranding });

const eventSubject = (answer: z.infer<typeof eventAnswer>): BrandingSubject => ({
  kind: 'event',
  id: answer.id,
  title: answer.title,
  organizationId: answer.organization,
  workspaceId: answer.workspace?.id ?? null,
  eventType: answer.event_type,
  startTime: answer.start_time,
  stageRollVideoId: answer.stage_roll_video_asset,
  fillerSlideId: answer.filler_slide,
  branding: fillBranding(answer, answer.theme_obj),
});

/** GET, or PATCH (PUT for the brand kit) of the pending branding (002 §7.2), read as the subject. */
async function request(target: BrandingTarget, patch?: BrandingSave): Promise<BrandingSubject> {
  const method = !patch ? 'GET' : target.kind === 'brandKit' ? 'PUT' : 'PATCH';
  const call = { path: pathOf(target), method, ...(patch ? { body: patch } : {}) } as const;
  if (target.kind === 'event') return eventSubject(await studioApi.request({ ...call, schema: eventAnswer }));
  if (target.kind === 'brandKit') {
    const answer = await studioApi.request({ ...call, schema: brandKitAnswer });
    return {
      ...target,
      title: 'Brand Kit',
      organizationId: answer.organization,
      workspaceId: null,
      eventType: 'Conference',
      startTime: null,
      stageRollVideoId: null,
      fillerSlideId: null,
      branding: fillBranding(answer, answer.theme_obj),
    };
  }
  const answer = await studioApi.request({ ...call, schema: templateAnswer });
  return {
    ...target,
    title: answer.title,
    organizationId: answer.organization,
    workspaceId: answer.workspace?.id ?? null,
    eventType: answer.settings.event_type,
    startTime: null,
    stageRollVideoId: answer.stage_roll_video_asset,
    fillerSlideId: answer.filler_slide,
    branding: fillBranding(answer, answer.theme_obj),
  };
}

const brandingQuery = (target: BrandingTarget) =>
  queryOptions({
    queryKey: [BRANDING_KEY, target.kind, target.id],
    queryFn: () => request(target),
    retry: false,
  });

/** The event or template of the Look and Feel page on screen. */
export const useBrandingSubject = (target: BrandingTarget) => useQuery(brandingQuery(target));

/**
 * PATCH of the pending branding (002 §7.2); the answer replaces the saved subject. Its toasts are
 * the editor's (a refusal's code picks the message), so none here.
 */
export function useSaveBranding(target: BrandingTarget) {
  const queryClient = useQueryClient();
  return useStudioMutation({
    mutationFn: (patch: BrandingSave) => request(target, patch),
    onFailure: () => undefined,
    onSuccess: (subject) => queryClient.setQueryData(brandingQuery(target).queryKey, subject),
  });
}

/** Issue 18 §7: the organisation's brand kit onto the event (the server keeps locked settings). */
export function useApplyBrandKit(target: BrandingTarget) {
  const queryClient = useQueryClient();
  return useStudioMutation({
    mutationFn: async () =>
      eventSubject(
        await studioApi.request({
          method: 'POST',
          path: `/event/${encodeURIComponent(target.id)}/apply_brand_kit/`,
          schema: eventAnswer,
        }),
      ),
    successToast: 'The brand kit was applied.',
    onSuccess: (subject) => queryClient.setQueryData(brandingQuery(target).queryKey, subject),
  });
}

/** The event's registration page (the stage call to action's default link); '' for a template. */
export function useRegistrationUrl(target: BrandingTarget): string {
  const links = useQuery({
    queryKey: [BRANDING_KEY, 'attendee-links', target.id],
    queryFn: () =>
      studioApi.request({
        method: 'GET',
        path: `/event/${encodeURIComponent(target.id)}/attendee_links/`,
        schema: attendeeLinksSchema,
      }),
    enabled: target.kind === 'event',
    staleTime: 60_000,
  });
  return links.data?.register ?? '';
}
