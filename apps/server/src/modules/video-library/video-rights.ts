import { guard } from '../../platform/http/guard.ts';

/** The rights of the video library and Content Lab: video:read to read, video:update to change. */
export const videoRights = { read: 'video:read', change: 'video:update' } as const;

/** Route hooks: 401 anonymous, 403 without the right — before the request is validated. */
export const videoReaders = guard({ permission: videoRights.read });
export const videoEditors = guard({ permission: videoRights.change });
