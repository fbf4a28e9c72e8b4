import type { VideoAsset } from '@studio/domain';
import { vi } from 'vitest';
import { renderWithData } from '../testing/render-widget.tsx';
import {
  SelectVideosDialog,
  type SelectVideosDialogProps,
  type VideoLibrarySource,
} from './select-videos-dialog.tsx';

/** A video library of `videos` (pages of them as asked), its actions mocked; `extra` wins. */
export function librarySource(
  videos: VideoAsset[],
  extra: Partial<VideoLibrarySource> = {},
): VideoLibrarySource {
  return {
    key: ['videos', 'org-1'],
    list: vi.fn(({ offset, limit }: { offset: number; limit: number }) =>
      Promise.resolve({ count: videos.length, results: videos.slice(offset, offset + limit) }),
    ),
    sourceLabel: (value) => value,
    showSource: true,
    workspaces: null,
    onPreview: vi.fn(),
    onDownload: vi.fn(),
    onRename: vi.fn(),
    onDelete: vi.fn(),
    onUpload: vi.fn(),
    ...extra,
  };
}

/** The Select Videos dialog, open on `source` as a table unless `props` say otherwise. */
export function openSelectVideos(source: VideoLibrarySource, props: Partial<SelectVideosDialogProps> = {}) {
  return renderWithData(
    <SelectVideosDialog
      opened
      onClose={() => undefined}
      source={source}
      variant="table"
      onSave={() => undefined}
      {...props}
    />,
  );
}
