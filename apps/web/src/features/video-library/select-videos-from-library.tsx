import { lazy, Suspense, useState } from 'react';
import { useWorkspaceChoices } from '../../api/entity-options.ts';
import {
  SelectVideosDialog,
  type SelectVideosDialogProps,
  type VideoLibrarySource,
  type VideoListQuery,
} from '../../ui/select-videos-dialog.tsx';
import { defaultLibrarySearch, videoListParams } from './library-search.ts';
import { useLibrarySettings } from './use-library-settings.ts';
import { useVideoActions } from './use-video-actions.tsx';

import { fetchVideoPage, VIDEO_ASSETS_KEY } from './video-library-api.ts';

const UploadVideoDialog = lazy(() =>
  import('../../ui/upload-video-dialog.tsx').then((module) => ({ default: module.UploadVideoDialog })),
);

/** The library's list call with the dialog's query (spec 000 §7: page size 25, -created_at, search, workspace). */
export function dialogListParams(query: VideoListQuery): URLSearchParams {
  const params = videoListParams(
    {
      ...defaultLibrarySearch,
      search: query.search,
      ordering: query.ordering,
      workspace: query.workspace,
      page: Math.floor(query.offset / query.limit) + 1,
    },
    query.limit,
  );
  params.set('offset', String(query.offset));
  return params;
}

/**
 * The 'Select Videos' dialog on the organisation's library: its videos, their preview, download,
 * rename and delete, and Upload Video (into the restricted workspace when there is one). The
 * variant follows spec 000 §2 (asset library for EU organisations without recording-studio pricing).
 * `restrictToWorkspace` (the event's, series' or template's team, null for none) applies when the
 * organisation has teams on (000 §6); without teams the whole library is offered.
 */
export function SelectVideosFromLibrary({
  restrictToWorkspace,
  ...rest
}: Omit<SelectVideosDialogProps, 'source' | 'variant'>) {
  const settings = useLibrarySettings();
  const props = {
    ...rest,
    ...(settings.workspacesEnabled && restrictToWorkspace !== undefined ? { restrictToWorkspace } : {}),
  };
  const [uploading, setUploading] = useState(false);
  const { handlers, dialogs, canChange } = useVideoActions(settings);
  const workspaces = useWorkspaceChoices(settings.organizationId, settings.workspacesEnabled);
  const source: VideoLibrarySource = {
    key: [VIDEO_ASSETS_KEY, 'dialog', settings.organizationId],
    list: (query) => fetchVideoPage(dialogListParams(query)),
    sourceLabel: settings.sourceLabel,
    showSource: !settings.legacyMode,
    workspaces,
    legacyMode: settings.legacyMode,
    ...(canChange ? { onUpload: () => setUploading(true) } : {}),
    ...handlers,
  };
  return (
    <>
      <SelectVideosDialog
        {...props}
        source={source}
        variant={settings.assetLibraryVariant ? 'asset-library' : 'table'}
      />
      {uploading && (
        <Suspense fallback={null}>
          <UploadVideoDialog
            organizationId={settings.organizationId}
            workspacesEnabled={settings.workspacesEnabled}
            {...(props.restrictToWorkspace !== undefined ? { workspace: props.restrictToWorkspace } : {})}
            onClose={() => setUploading(false)}
          />
        </Suspense>
      )}
      {dialogs}
    </>
  );
}
