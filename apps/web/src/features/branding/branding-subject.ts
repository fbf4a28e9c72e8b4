import type { BrandingPatch } from '@studio/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouteParam } from '../../ui/use-route-param.ts';
import { EVENTS_KEY, eventQuery, updateEvent } from '../events/events-api.ts';
import { TEMPLATES_KEY, templateQuery, updateTemplate } from '../templates/templates-api.ts';

/** What the branding editor shows and changes, whether it edits an event or a template. */
export interface BrandingSubject {
  title: string;
  /** The team whose videos the pickers offer (spec 000 §6); null: organisation level. */
  workspaceId: string | null;
  stageRollVideoId: string | null;
}

/**
 * The event (`$eventId`) or template (`$templateId`) of the branding route on screen, and its
 * PATCH (002 §7.2), which refreshes the cached copies.
 */
export function useBrandingSubject() {
  const eventId = useRouteParam('eventId');
  const templateId = useRouteParam('templateId');
  const queryClient = useQueryClient();
  const event = useQuery({ ...eventQuery(eventId), enabled: Boolean(eventId) });
  const template = useQuery({ ...templateQuery(templateId), enabled: !eventId && Boolean(templateId) });
  const current = eventId ? event : template;
  const subject: BrandingSubject | undefined = current.data && {
    title: current.data.title,
    workspaceId: current.data.workspace?.id ?? null,
    stageRollVideoId: current.data.stage_roll_video_asset,
  };

  async function save(patch: BrandingPatch): Promise<void> {
    if (eventId) {
      await updateEvent(eventId, patch);
      await queryClient.invalidateQueries({ queryKey: [EVENTS_KEY] });
    } else {
      await updateTemplate(templateId, patch);
      await queryClient.invalidateQueries({ queryKey: [TEMPLATES_KEY] });
    }
  }

  return { subject, isPending: current.isPending, isError: current.isError, save };
}
