import { ActionIcon, Group, Menu, Text, Tooltip, type FloatingPosition } from '@mantine/core';
import { rowActions, videoLibraryMessages, type VideoAsset } from '@studio/domain';
import { IconDots, IconDownload, IconPencil, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNarrowScreen } from './narrow-screen.ts';
import { TAP_ICON_SIZE } from './tap-target.ts';
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
  color?: string | undefined;
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

interface RowAction {
  label: string;
  disabledReason: string | null;
  onClick: () => void;
  color?: string;
  icon: ReactNode;
}

/**
 * Spec 000 §5 "Actions on rows": preview, download, rename, delete (and the SEO/GEO download)
 * with the domain's visibility rules and disabled reasons. READY_TO_PUBLISH rows have none. On a
 * phone they fold into one menu named for the video ("Actions for Keynote"), a disabled one with
 * its reason under it, so the row's title keeps the width.
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
  const narrow = useNarrowScreen();
  if (isReadyToPublish(video)) return null;
  const actions = rowActions({ ...video, hlsUrl: video.urls.hls, mp4Url: video.urls.mp4 }, context);
  const notReady = videoLibraryMessages.notReadyReason;
  const shown: RowAction[] = [];
  if (onPreview)
    shown.push({
      label: 'Preview',
      disabledReason: actions.preview ? null : notReady,
      onClick: () => onPreview(video),
      icon: <IconPlayerPlay size={16} aria-hidden />,
    });
  if (onDownload)
    shown.push({
      label: 'Download',
      disabledReason: actions.download ? null : notReady,
      onClick: () => onDownload(video),
      icon: <IconDownload size={16} aria-hidden />,
    });
  if (onRename && actions.rename.visible)
    shown.push({
      label: 'Rename',
      disabledReason: actions.rename.disabledReason,
      onClick: () => onRename(video),
      icon: <IconPencil size={16} aria-hidden />,
    });
  if (onDelete && actions.delete.visible)
    shown.push({
      label: 'Delete',
      color: 'red',
      disabledReason: actions.delete.disabledReason,
      onClick: () => onDelete(video),
      icon: <IconTrash size={16} aria-hidden />,
    });
  const seoItem = onSeoExport && (
    <Menu.Item onClick={() => onSeoExport(video)}>Download SEO/GEO assets</Menu.Item>
  );

  if (narrow)
    return (
      <Group wrap="nowrap" justify="flex-end">
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size={TAP_ICON_SIZE}
              aria-label={`Actions for ${video.name}`}
              onClick={(event) => event.stopPropagation()}
            >
              <IconDots size={16} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown
            aria-label={`Actions for ${video.name}`}
            onClick={(event) => event.stopPropagation()}
          >
            {shown.map((action) => (
              <Menu.Item
                key={action.label}
                color={action.color}
                leftSection={action.icon}
                disabled={action.disabledReason !== null}
                onClick={action.onClick}
              >
                {action.label}
                {action.disabledReason && (
                  <Text size="xs" c="dimmed">
                    {action.disabledReason}
                  </Text>
                )}
              </Menu.Item>
            ))}
            {seoItem}
          </Menu.Dropdown>
        </Menu>
      </Group>
    );

  return (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      {shown.map((action) => (
        <ActionButton
          key={action.label}
          label={action.label}
          color={action.color}
          disabledReason={action.disabledReason}
          onClick={action.onClick}
          tooltipPosition={tooltipPosition}
        >
          {action.icon}
        </ActionButton>
      ))}
      {seoItem && (
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
          <Menu.Dropdown onClick={(event) => event.stopPropagation()}>{seoItem}</Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
