import { FILLER_SLIDE_ERRORS, type FillerSlideError } from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import { fieldError } from '../../platform/http/errors.ts';
import { checkedStageRollVideo, type LibraryVideos } from './stage-roll-videos.ts';

/** What events and templates ask the filler-slides module before they take a filler slide. */
export interface FillerSlideStates {
  /** The slide's state when it belongs to the organisation; undefined otherwise. */
  stateOf(organizationId: string, slideId: string): Promise<string | undefined>;
}

const refused = (code: FillerSlideError) => fieldError('filler_slide', FILLER_SLIDE_ERRORS[code], code);

/**
 * Like the buffer video: a filler slide is one of the organisation's, already made into a video.
 * Answers the column's new value: undefined leaves it, null removes it.
 */
export async function checkedFillerSlide(
  slides: () => FillerSlideStates,
  organizationId: string,
  requested: string | null | undefined,
): Promise<string | null | undefined> {
  if (!requested) return requested;
  const state = await slides().stateOf(organizationId, requested);
  if (state === undefined) throw refused('FILLER_SLIDE_DOESNOT_BELONG_TO_ORGANIZATION');
  if (state !== 'GENERATED') throw refused('UNPROCESSED_FILLER_SLIDE');
  return requested;
}

/** The filler-slides module's "is this slide used" (it refuses to delete a slide an event or template shows). */
export function createFillerSlideUsers(db: Executor) {
  return {
    async inUse(organizationId: string, slideId: string): Promise<boolean> {
      const used = await db
        .selectFrom('events')
        .select('id')
        .where('organization_id', '=', organizationId)
        .where('filler_slide_id', '=', slideId)
        .unionAll(
          db
            .selectFrom('studio_templates')
            .select('id')
            .where('organization_id', '=', organizationId)
            .where('filler_slide_id', '=', slideId),
        )
        .limit(1)
        .execute();
      return used.length > 0;
    },
  };
}
export type FillerSlideUsers = ReturnType<typeof createFillerSlideUsers>;

/**
 * The stage media a PATCH of an event or template names: its buffer video and its filler slide,
 * each checked as above (undefined leaves the column, null removes it).
 */
export async function checkedStageMedia(
  deps: { videos: LibraryVideos; fillerSlides: () => FillerSlideStates },
  organizationId: string,
  request: { stage_roll_video_asset?: string | null | undefined; filler_slide?: string | null | undefined },
) {
  const stageRollVideoId = await checkedStageRollVideo(
    deps.videos,
    organizationId,
    request.stage_roll_video_asset,
  );
  return {
    stageRollVideoId,
    fillerSlideId: await checkedFillerSlide(deps.fillerSlides, organizationId, request.filler_slide),
  };
}
