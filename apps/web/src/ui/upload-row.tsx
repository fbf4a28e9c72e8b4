import { ActionIcon, Button, Group, Paper, Progress, Stack, Text, Tooltip } from '@mantine/core';

export type UploadPhase = 'checking' | 'rejected' | 'uploading' | 'paused' | 'failed' | 'finishing' | 'done';

export interface UploadEntry {
  key: string;
  name: string;
  size: number;
  phase: UploadPhase;
  /** 0–100. */
  progress: number;
  message?: string;
  uppyId?: string;
}

const phaseLabels: Record<UploadPhase, string> = {
  checking: 'Checking…',
  rejected: 'Not uploaded',
  uploading: 'Uploading',
  paused: 'Paused',
  failed: 'Upload failed',
  finishing: 'Finishing…',
  done: 'Uploaded',
};

/** One file of the uploader: its name, phase, progress, message and actions. */
export function UploadRow({
  entry,
  onPauseResume,
  onRetry,
  onRemove,
}: {
  entry: UploadEntry;
  onPauseResume: (entry: UploadEntry) => void;
  onRetry: (entry: UploadEntry) => void;
  onRemove: (entry: UploadEntry) => void;
}) {
  const failed = entry.phase === 'failed' || entry.phase === 'rejected';
  return (
    <Paper withBorder p="xs" data-phase={entry.phase} aria-label={`Upload of ${entry.name}`} role="group">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" truncate>
              {entry.name}
            </Text>
            <Text size="xs" c={failed ? 'red' : 'dimmed'}>
              {phaseLabels[entry.phase]}
              {(entry.phase === 'uploading' || entry.phase === 'paused') && ` ${Math.round(entry.progress)}%`}
            </Text>
          </Group>
          {!failed && entry.phase !== 'checking' && (
            <Progress
              value={entry.progress}
              size="sm"
              color={entry.phase === 'done' ? 'teal' : undefined}
              animated={entry.phase === 'uploading'}
              aria-label={`${entry.name} progress`}
            />
          )}
          {entry.message && (
            <Text size="xs" c="red" role="alert">
              {entry.message}
            </Text>
          )}
        </Stack>
        <Group gap={4} wrap="nowrap">
          {(entry.phase === 'uploading' || entry.phase === 'paused') && (
            <Button size="compact-xs" variant="default" onClick={() => onPauseResume(entry)}>
              {entry.phase === 'paused' ? 'Resume' : 'Pause'}
            </Button>
          )}
          {entry.phase === 'failed' && (
            <Button size="compact-xs" variant="default" onClick={() => onRetry(entry)}>
              Retry
            </Button>
          )}
          {(failed || entry.phase === 'done') && (
            <Tooltip label="Remove from the list">
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={`Remove ${entry.name}`}
                onClick={() => onRemove(entry)}
              >
                ×
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
