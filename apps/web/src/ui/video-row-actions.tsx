import { ActionIcon, Group, Menu, Tooltip, type FloatingPosition } from '@mantine/core';
import { rowActions, videoLibraryMessages, type VideoAsset } from '@studio/domain';
import { IconDots, IconDownload, IconPencil, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { isReadyToPublish } from './video-table-rules.ts';

export interface VideoActionHandlers {
  onPreview?: (video: VideoAsset) => void;
  onDownload?: (video: VideoAsset) => void;
  onRename?: (video: VideoAsset) => void;
  onDelete?: (video: VideoAsset) => void;
  /** Present only when AI summary generation is enabled (spec 000 §6). */
  onSeoExport?: (video: VideoAsset) => void;
}

export interface VideoActionContext {
  isSelected: boolean;
  legacyMode: boolean;
  assetLibraryVariant: boolean;
}

interface VideoRowActionsProps extends VideoActionHandlers {
  video: VideoAsset;
  context: VideoActionContext;
  tooltipPosition?: FloatingPosition;
}

function ActionButton({
  label,
  disabledReason,
  onClick,
  color,
  tooltipPosition,
  children,
}: {
  label: string;
  disabledReason: string | null;
  onClick: () => void;
  color?: string;
  tooltipPosition?: FloatingPosition | undefined;
  children: ReactNode;
}) {
  return (
    <Tooltip label={disabledReason ?? label} position={tooltipPosition} withArrow>
      {/* A span keeps the tooltip working on a disabled button. */}
      <span>
        <ActionIcon
          variant="subtle"
          color={color ?? 'gray'}
          aria-label={label}
          disabled={disabledReason !== null}
          data-disabled-reason={disabledReason ?? undefined}
          onClick={(event) => {
            event.stopPropagation();
            onClick();
          }}
        >
          {children}
        </ActionIcon>
      </span>
    </Tooltip>
  );
}

/**
 * Spec 000 §5 "Actions on rows": preview, download, rename, delete (and the SEO/GEO download)
 * with the domain's visibility rules and disabled reasons. READY_TO_PUBLISH rows have none.
 */
export function VideoRowActions({
  video,
  context,
  tooltipPosition,
  onPreview,
  onDownload,
  onRename,
  onDelete,
  onSeoExport,
}: VideoRowActionsProps) {
  if (isReadyToPublish(video)) return null;
  const actions = rowActions({ ...video, hlsUrl: video.urls.hls, mp4Url: video.urls.mp4 }, context);
  const notReady = videoLibraryMessages.notReadyReason;
  return (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      {onPreview && (
        <ActionButton
          label="Preview"
          disabledReason={actions.preview ? null : notReady}
          onClick={() => onPreview(video)}
          tooltipPosition={tooltipPosition}
        >
          <IconPlayerPlay size={16} aria-hidden />
        </ActionButton>
      )}
      {onDownload && (
        <ActionButton
          label="Download"
          disabledReason={actions.download ? null : notReady}
          onClick={() => onDownload(video)}
          tooltipPosition={tooltipPosition}
        >
          <IconDownload size={16} aria-hidden />
        </ActionButton>
      )}
      {onRename && actions.rename.visible && (
        <ActionButton
          label="Rename"
          disabledReason={actions.rename.disabledReason}
          onClick={() => onRename(video)}
          tooltipPosition={tooltipPosition}
        >
          <IconPencil size={16} aria-hidden />
        </ActionButton>
      )}
      {onDelete && actions.delete.visible && (
        <ActionButton
          label="Delete"
          color="red"
          disabledReason={actions.delete.disabledReason}
          onClick={() => onDelete(video)}
          tooltipPosition={tooltipPosition}
        >
          <IconTrash size={16} aria-hidden />
        </ActionButton>
      )}
      {onSeoExport && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="More actions"
              onClick={(event) => event.stopPropagation()}
            >
              <IconDots size={16} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
            <Menu.Item onClick={() => onSeoExport(video)}>Download SEO/GEO assets</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
