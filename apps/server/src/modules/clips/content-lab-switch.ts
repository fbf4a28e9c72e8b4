import { CONTENT_LAB_DISABLED, contentLabSwitchMessages } from '@studio/domain';
import { HttpError } from '../../platform/http/errors.ts';
import { guard, type AreaSwitch } from '../../platform/http/guard.ts';
import { videoRights } from '../video-library/video-rights.ts';

/**
 * Content Lab as an area its organisation switches on and off (`content_lab_enabled`): the one
 * descriptor every Content Lab route's guard names (clips, saved searches, projects, posts). A
 * standalone Content Lab user's personal space is always on.
 */
export function contentLabArea(contentLabEnabled: (organizationId: string) => Promise<boolean>) {
  const area: AreaSwitch = {
    isOn: async (caller) => caller.inContentSpace === true || contentLabEnabled(caller.organizationId),
    off: () => new HttpError(403, CONTENT_LAB_DISABLED, contentLabSwitchMessages.disabled),
  };
  return {
    area,
    /** The resource kit's rights: the video library's (video:read to read, video:update to change). */
    rights: videoRights,
    readers: guard({ permission: videoRights.read, area }),
    editors: guard({ permission: videoRights.change, area }),
  };
}

export type ContentLabArea = ReturnType<typeof contentLabArea>;
