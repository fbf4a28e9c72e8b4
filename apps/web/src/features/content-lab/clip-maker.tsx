import {
  Button,
  Group,
  NumberInput,
  Paper,
  RangeSlider,
  ScrollArea,
  Slider,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  chapterTime,
  CLIP_MIN_SECONDS,
  clipMessages,
  clipRangeIssues,
  type Clip,
  type TranscriptItem,
  type VideoAsset,
} from '@studio/domain';
import { useState, type MouseEvent } from 'react';
import { useVideoTranscript } from '../../api/video-transcript.ts';
import { useCreateClip } from './clips-api.ts';

interface Range {
  start: number;
  end: number;
}

const round = (seconds: number) => Math.round(seconds * 10) / 10;

/** The range's two ends, each typed in seconds under the timeline. */
const BOUNDS = [
  { key: 'start', label: 'Start (seconds)', path: 'start_time' },
  { key: 'end', label: 'End (seconds)', path: 'end_time' },
] as const satisfies readonly { key: keyof Range; label: string; path: string }[];

/** Clicking a phrase selects it; shift-clicking another extends the range to it (either way). */
function selectPhrase(range: Range | null, item: TranscriptItem, extend: boolean): Range {
  if (!extend || !range) return { start: item.start_time, end: item.end_time };
  return { start: Math.min(range.start, item.start_time), end: Math.max(range.end, item.end_time) };
}

/**
 * Issue 37 §3: a clip is made by selecting a range on the transcript (a phrase, shift-click to
 * extend) or on the timeline (the slider or the start and end in seconds), optionally vertical
 * (9:16) with the crop placed across the picture.
 */
export function ClipMaker({ video, onCreated }: { video: VideoAsset; onCreated: (clip: Clip) => void }) {
  const duration = video.duration ?? 0;
  const transcript = useVideoTranscript(video.id);
  const [range, setRange] = useState<Range | null>(null);
  const [name, setName] = useState('');
  const [vertical, setVertical] = useState(false);
  const [cropX, setCropX] = useState(0.5);
  const create = useCreateClip(video.id, (clip) => {
    setRange(null);
    setName('');
    onCreated(clip);
  });
  const selected = range ?? { start: 0, end: Math.min(duration, 30) };
  // The server's rule: a range outside the video is said on its field, never clamped to it.
  const issues = clipRangeIssues({ start_time: selected.start, end_time: selected.end }, video.duration);
  const issueOf = (path: 'start_time' | 'end_time') => issues.find((issue) => issue.path === path)?.message;
  const items = transcript.data?.items ?? [];
  const inRange = (item: TranscriptItem) =>
    range !== null && item.start_time >= range.start && item.end_time <= range.end;

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Make a clip
        </Title>
        <Text size="sm" c="dimmed">
          {clipMessages.makeFirstClip}
        </Text>
        {items.length > 0 && (
          <ScrollArea.Autosize mah={220} type="auto">
            <Stack gap={2} role="list" aria-label="Transcript">
              {items.map((item, index) => (
                <div key={index} role="listitem">
                  <UnstyledButton
                    aria-pressed={inRange(item)}
                    bg={inRange(item) ? 'blue.0' : undefined}
                    px="xs"
                    onClick={(event: MouseEvent) => setRange(selectPhrase(range, item, event.shiftKey))}
                  >
                    <Text size="sm" span c="dimmed">
                      {chapterTime(item.start_time)}{' '}
                    </Text>
                    <Text size="sm" span>
                      {item.alternatives[0]?.content}
                    </Text>
                  </UnstyledButton>
                </div>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
        <RangeSlider
          aria-label="Timeline"
          thumbFromLabel="Clip start"
          thumbToLabel="Clip end"
          min={0}
          max={Math.max(duration, 1)}
          step={0.1}
          minRange={CLIP_MIN_SECONDS}
          label={(value) => chapterTime(value)}
          value={[selected.start, selected.end]}
          onChange={([start, end]) => setRange({ start, end })}
        />
        <Group grow>
          {BOUNDS.map(({ key, label, path }) => (
            <NumberInput
              key={key}
              label={label}
              min={0}
              max={duration}
              clampBehavior="none"
              decimalScale={1}
              error={issueOf(path)}
              value={selected[key]}
              onChange={(value) => setRange({ ...selected, [key]: round(Number(value) || 0) })}
            />
          ))}
        </Group>
        <TextInput
          label="Clip name"
          placeholder={`${video.name} (clip)`}
          maxLength={255}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Switch
          label="Vertical (9:16)"
          checked={vertical}
          onChange={(event) => setVertical(event.currentTarget.checked)}
        />
        {vertical && (
          <Stack gap={4}>
            <Text size="sm">Crop position</Text>
            <Slider
              aria-label="Crop position"
              min={0}
              max={1}
              step={0.05}
              value={cropX}
              onChange={setCropX}
              label={(value) => `${Math.round(value * 100)}%`}
            />
          </Stack>
        )}
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {issues.length === 0 &&
              `${chapterTime(selected.start)} – ${chapterTime(selected.end)} (${round(selected.end - selected.start)} s)`}
          </Text>
          <Button
            loading={create.isPending}
            disabled={issues.length > 0}
            onClick={() =>
              create.mutate({
                video_asset: video.id,
                start_time: selected.start,
                end_time: selected.end,
                ...(name.trim() ? { name: name.trim() } : {}),
                vertical,
                crop_x: cropX,
              })
            }
          >
            Make clip
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
