import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Grid,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  editErrorCode,
  editErrorMessages,
  editInContentLabEligibility,
  formatVideoDuration,
  isHlsPlaybackAvailable,
  rowActions,
  VIDEO_NAME_MAX_LENGTH,
  videoDetailsFormSchema,
  videoLibraryMessages,
  type VideoAsset,
} from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { workspaceOptionsQuery } from '../../api/entity-options.ts';
import { ApiRequestError, failureMessage, isNotFound } from '../../api/api-error.ts';
import { NotFound } from '../../ui/empty-state.tsx';
import { Avatar } from '../../ui/avatar.tsx';
import { formatDateTime } from '../../ui/formats.ts';
import { HlsPlayer } from '../../ui/hls-player.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { fieldProps, useStudioForm } from '../../ui/studio-form.ts';
import { creatorLabel, statusCell, warningMessages } from '../../ui/video-table-rules.ts';
import { useRouteParam } from '../../ui/use-route-param.ts';
import { useLibrarySettings, type LibrarySettings } from './use-library-settings.ts';
import { useVideoActions } from './use-video-actions.tsx';
import { useVideoStatusUpdates } from './use-video-status-updates.ts';
import { UsageList } from './video-dialogs.tsx';
import { downloadSeoAssets, downloadVideoMp4 } from './video-files.ts';

import { useEditLink, useSaveVideoDetails, useVideoAsset, useVideoUsage } from './video-library-api.ts';
import { LIBRARY_PATH } from './videos-page.tsx';
import { ChaptersEditor } from './chapters-editor.tsx';
import { TranscriptPanel } from './transcript-panel.tsx';
import { ErrorAlert } from '../../ui/error-alert.tsx';
import { AccessGate } from '../../ui/no-access.tsx';

/** Why editing in Content Lab is unavailable, from the domain's eligibility rule (spec 000 §4, §8). */
export function editDisabledReason(video: VideoAsset, isEuRegion: boolean): string | null {
  const eligibility = editInContentLabEligibility(video, { isEuRegion });
  if (eligibility.eligible) return null;
  if (eligibility.reason === 'EU_REGION') return videoLibraryMessages.contentLabDisabledReason;
  if (eligibility.reason === 'NOT_READY') return videoLibraryMessages.notReadyReason;
  return editErrorMessages[eligibility.reason] ?? videoLibraryMessages.contentLabDisabledReason;
}

/**
 * "Edit in Content Lab": an eligible video's edit link is looked up (spec 000 §4: loading, the url
 * found, or an error code whose §8 message is the tooltip).
 */
function EditInContentLabButton({
  video,
  disabledReason,
}: {
  video: VideoAsset;
  disabledReason: string | null;
}) {
  const link = useEditLink(video, disabledReason === null);
  const reason =
    disabledReason ??
    (link.error instanceof ApiRequestError
      ? (editErrorMessages[editErrorCode(link.error.code)] ?? videoLibraryMessages.contentLabDisabledReason)
      : link.error
        ? failureMessage(link.error)
        : null);
  return (
    <Tooltip label={reason ?? 'Edit in Content Lab'} disabled={!reason}>
      <span>
        <Button
          variant="default"
          component="a"
          href={link.data?.url ?? '/content/'}
          loading={reason === null && link.isPending}
          disabled={reason !== null || !link.data}
        >
          Edit in Content Lab
        </Button>
      </span>
    </Tooltip>
  );
}

/** The name and description; read-only to a member who may not change videos. */
function DetailsForm({ video, canChange }: { video: VideoAsset; canChange: boolean }) {
  const form = useStudioForm<{ name: string; description: string }>(videoDetailsFormSchema, {
    initialValues: { name: video.name, description: video.description ?? '' },
  });
  const save = useSaveVideoDetails({
    onFailure: (failure) => form.setFieldError('name', failureMessage(failure)),
  });
  const { name, description } = form.getValues();
  const changed = name !== video.name || description !== (video.description ?? '');

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => save.mutate({ video, ...values }))}
      aria-label="Video details"
    >
      <Stack gap="sm">
        <TextField
          label="Name"
          {...fieldProps(form, 'name')}
          maxLength={VIDEO_NAME_MAX_LENGTH}
          readOnly={!canChange}
        />
        <Textarea
          label="Description"
          {...form.getInputProps('description')}
          rows={3}
          maxLength={5000}
          readOnly={!canChange}
        />
        {canChange && (
          <Group justify="flex-end">
            <Button
              type="submit"
              disabled={!changed || name.trim() === '' || save.isPending}
              loading={save.isPending}
            >
              Save
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

function Facts({ video, settings }: { video: VideoAsset; settings: LibrarySettings }) {
  const status = statusCell(video);
  const workspaces = useQuery({
    ...workspaceOptionsQuery(settings.organizationId),
    enabled: settings.workspacesEnabled && video.workspace !== null,
  });
  const creator = creatorLabel(video);
  const rows: [string, ReactNode][] = [
    [
      'Status',
      status.tooltip ? (
        <Tooltip label={status.tooltip} multiline w={260}>
          <Badge variant="light">{status.label}</Badge>
        </Tooltip>
      ) : (
        <Badge
          variant="light"
          color={status.label === 'Error' ? 'red' : status.label === 'Completed' ? 'teal' : undefined}
          data-testid="video-page-status"
        >
          {status.label}
        </Badge>
      ),
    ],
    ['Duration', formatVideoDuration(video.duration)],
    ['Source', settings.sourceLabel(video.source)],
    ['Created At', formatDateTime(video.created_at)],
    [
      'Created By',
      <Group gap={6} key="creator">
        {creator !== '-' && <Avatar name={creator} size="xs" />}
        {creator}
      </Group>,
    ],
  ];
  if (settings.workspacesEnabled) {
    rows.push([
      'Team Workspace',
      video.workspace
        ? (workspaces.data?.find((entry) => entry.value === video.workspace)?.label ?? '-')
        : '-',
    ]);
  }
  return (
    <Table variant="vertical" withTableBorder aria-label="Video facts">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={140}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Usage({ video }: { video: VideoAsset }) {
  const usage = useVideoUsage(video.id);
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="xs">
        Video in use
      </Title>
      {usage.isPending && <Loader size="sm" aria-label="Loading usage" />}
      {usage.isError && <Text c="red">{videoLibraryMessages.usageFetchFailed}</Text>}
      {usage.data && usage.data.length === 0 && (
        <Text c="dimmed" size="sm">
          This video is not used anywhere yet.
        </Text>
      )}
      {usage.data && usage.data.length > 0 && <UsageList entries={usage.data} />}
    </Card>
  );
}

/** /videos/{id}: the video's edit address — player, details, chapters, warnings, usage, downloads. */
export function VideoPage() {
  return (
    <AccessGate anyOf={['video:read']} what="the Video Library">
      <VideoOfLibrary />
    </AccessGate>
  );
}

/** The page itself; its changes (details, chapters, transcript, Delete) only for those who may change videos. */
function VideoOfLibrary() {
  const videoId = useRouteParam('videoId');
  const settings = useLibrarySettings();
  const navigate = useNavigate();
  const video = useVideoAsset(videoId);
  const { handlers, dialogs, canChange } = useVideoActions(settings, {
    onDeleted: () => void navigate({ href: LIBRARY_PATH }),
  });
  useVideoStatusUpdates(settings.user.id, `${LIBRARY_PATH}/${videoId}`);

  if (video.isPending) {
    return (
      <Center p="xl">
        <Loader aria-label="Loading video" />
      </Center>
    );
  }
  if (isNotFound(video.error))
    return <NotFound title="Video not found" back={{ href: LIBRARY_PATH, label: 'Back to Video Library' }} />;
  if (video.isError) {
    return (
      <Stack>
        <Anchor href={LIBRARY_PATH}>← Video Library</Anchor>
        <ErrorAlert>{failureMessage(video.error)}</ErrorAlert>
      </Stack>
    );
  }
  const asset = video.data;
  const actions = rowActions(
    { ...asset, hlsUrl: asset.urls.hls, mp4Url: asset.urls.mp4 },
    { isSelected: false, legacyMode: settings.legacyMode, assetLibraryVariant: false },
  );
  const playable = isHlsPlaybackAvailable({ ...asset, hlsUrl: asset.urls.hls });
  const status = statusCell(asset);

  return (
    <Stack gap="md">
      <Anchor href={LIBRARY_PATH} size="sm">
        ← Video Library
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Title order={1} size="h2" data-testid="video-page-title">
          {asset.name}
        </Title>
        <Group gap="xs">
          <Button variant="default" onClick={() => void downloadVideoMp4(asset)} disabled={!actions.download}>
            Download MP4
          </Button>
          {settings.seoExport && (
            <Button variant="default" onClick={() => void downloadSeoAssets(asset)}>
              Download SEO/GEO assets
            </Button>
          )}
          {actions.edit && (
            <EditInContentLabButton
              video={asset}
              disabledReason={editDisabledReason(asset, settings.isEuRegion)}
            />
          )}
          {actions.delete.visible && handlers.onDelete && (
            <Tooltip label={actions.delete.disabledReason} disabled={!actions.delete.disabledReason}>
              <span>
                <Button
                  color="red"
                  variant="light"
                  disabled={actions.delete.disabledReason !== null}
                  onClick={() => handlers.onDelete?.(asset)}
                >
                  Delete
                </Button>
              </span>
            </Tooltip>
          )}
        </Group>
      </Group>
      {asset.errors.length > 0 && (
        <Alert color="red" title="Errors" role="alert">
          <Stack gap={2}>
            {asset.errors.map((message) => (
              <Text size="sm" key={message}>
                {message}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      {asset.errors.length === 0 && warningMessages(asset).length > 0 && (
        <Alert color="yellow" title="Warnings">
          <Stack gap={2}>
            {warningMessages(asset).map((message) => (
              <Text size="sm" key={message}>
                {message}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {playable && asset.urls.hls ? (
            <HlsPlayer
              key={asset.urls.hls}
              src={asset.urls.hls}
              guarded={settings.hlsGuard}
              title={asset.name}
              poster={asset.urls.thumbnail}
              captions={asset.urls.captions ?? null}
            />
          ) : (
            <Center h={260} bg="gray.1" style={{ borderRadius: 4 }}>
              <Stack align="center" gap="xs">
                {status.inProgress && <Loader aria-label="Processing" />}
                <Text c="dimmed">
                  {status.inProgress ? status.label : videoLibraryMessages.notReadyReason}
                </Text>
              </Stack>
            </Center>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Facts video={asset} settings={settings} />
            <DetailsForm key={asset.updated_at} video={asset} canChange={canChange} />
          </Stack>
        </Grid.Col>
      </Grid>
      <ChaptersEditor video={asset} canChange={canChange} />
      <TranscriptPanel video={asset} canChange={canChange} />
      <Usage video={asset} />
      {dialogs}
    </Stack>
  );
}
