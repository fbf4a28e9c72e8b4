import { Anchor, Button, Group, List, Stack, Text } from '@mantine/core';
import {
  formatMessage,
  VIDEO_NAME_MAX_LENGTH,
  videoLibraryMessages,
  type VideoAsset,
  type VideoUsageEntry,
  videoNameFormSchema,
  widgetMessages,
} from '@studio/domain';
import { failureMessage } from '../../api/api-error.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { formatDate } from '../../ui/formats.ts';
import { StudioDialog } from '../../ui/studio-dialog.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { fieldProps, useStudioForm } from '../../ui/studio-form.ts';
import { usageHref, usageKind, usageTitle } from './usage-links.ts';
import { useSaveVideoDetails } from './video-library-api.ts';

/**
 * Spec 000 §4/§5 rename: required after trimming, at most 255 characters; Save disabled while
 * blank or saving; Enter submits; the dialog closes when it is done.
 */
export function RenameVideoDialog({ video, onClose }: { video: VideoAsset; onClose: () => void }) {
  const form = useStudioForm<{ name: string }>(videoNameFormSchema, { initialValues: { name: video.name } });
  const save = useSaveVideoDetails({
    onSaved: onClose,
    onFailure: (failure) => form.setFieldError('name', failureMessage(failure)),
  });
  const saving = save.isPending;

  return (
    <StudioDialog opened onClose={onClose} title="Rename Video" size="small">
      <form
        noValidate
        onSubmit={form.onSubmit(({ name }) => {
          if (!saving) save.mutate({ video, name });
        })}
      >
        <Stack>
          <TextField
            label="Video name"
            {...fieldProps(form, 'name')}
            maxLength={VIDEO_NAME_MAX_LENGTH}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving}>
              {widgetMessages.cancel}
            </Button>
            <Button type="submit" disabled={form.getValues().name.trim() === '' || saving} loading={saving}>
              {widgetMessages.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </StudioDialog>
  );
}

/** Spec 000 §8 delete confirmation: the standard one ('Are you sure?') or the clip's. */
export function DeleteVideoDialog({
  video,
  kind,
  deleting,
  onConfirm,
  onCancel,
}: {
  video: VideoAsset;
  kind: 'standard' | 'clip';
  deleting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  if (kind === 'standard') {
    return (
      <ConfirmDialog
        opened
        message={formatMessage(videoLibraryMessages.deleteConfirmBody, { name: video.name })}
        confirmLabel="Delete"
        confirming={deleting}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />
    );
  }
  return (
    <StudioDialog
      opened
      onClose={onCancel}
      title={videoLibraryMessages.deleteClipTitle}
      size="small"
      footer={
        <>
          <Button variant="default" onClick={onCancel} disabled={deleting}>
            {widgetMessages.cancel}
          </Button>
          <Button color="red" onClick={onConfirm} loading={deleting}>
            Delete
          </Button>
        </>
      }
    >
      <Text>{videoLibraryMessages.deleteClipBody}</Text>
    </StudioDialog>
  );
}

/** The destinations a video is used in, each with a Visit link (DELETED when gone). */
export function UsageList({ entries }: { entries: readonly VideoUsageEntry[] }) {
  return (
    <List spacing="xs" listStyleType="none" aria-label="Destinations">
      {entries.map((entry, index) => {
        const href = usageHref(entry);
        return (
          <List.Item key={`${entry.entity_id ?? 'deleted'}-${index}`}>
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={0}>
                <Text size="sm" fw={500}>
                  {usageTitle(entry)}
                </Text>
                <Text size="xs" c="dimmed">
                  {usageKind(entry)}
                  {entry.entity_created_date ? ` · ${formatDate(entry.entity_created_date)}` : ''}
                </Text>
              </Stack>
              {href && (
                <Anchor href={href} target="_blank" rel="noopener" size="sm">
                  Visit
                </Anchor>
              )}
            </Group>
          </List.Item>
        );
      })}
    </List>
  );
}

/** Spec 000 §2/§8 'Video in use': the destinations that keep the video from being removed. */
export function VideoInUseDialog({
  entries,
  onClose,
}: {
  entries: readonly VideoUsageEntry[];
  onClose: () => void;
}) {
  return (
    <StudioDialog
      opened
      onClose={onClose}
      title="Video in use"
      size="medium"
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <Text>{videoLibraryMessages.videoInUse}</Text>
      <UsageList entries={entries} />
    </StudioDialog>
  );
}
