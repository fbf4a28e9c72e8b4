import {
  Alert,
  Button,
  Card,
  FileButton,
  Group,
  Loader,
  Menu,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  chapterTime,
  plural,
  speakerLabelName,
  type TranscriptAnswer,
  type TranscriptItem,
  type VideoAsset,
  videoLibraryMessages,
} from '@studio/domain';
import { useState } from 'react';
import { failureMessage } from '../../api/api-error.ts';
import {
  downloadTranscript,
  useSaveTranscript,
  useTranscribe,
  useUploadTranscript,
} from './transcript-api.ts';
import { useVideoTranscript } from '../../api/video-transcript.ts';
import { useNarrowScreen } from '../../ui/narrow-screen.ts';

const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'auto', label: 'Detect the language' },
  { value: 'es', label: 'Spanish' },
  { value: 'fr', label: 'French' },
  { value: 'de', label: 'German' },
];

/** Rows shown at once; "Show more" adds as many. */
const PAGE = 100;

/** Every speaker label of the items, with the name its items carry (first one found). */
export function speakersOf(items: readonly TranscriptItem[]): { label: string; name: string }[] {
  const speakers = new Map<string, string>();
  for (const item of items)
    if (item.speaker_label && !speakers.has(item.speaker_label))
      speakers.set(item.speaker_label, item.speaker_name ?? '');
  return [...speakers].map(([label, name]) => ({ label, name }));
}

/** Names every item of a speaker label. */
export function nameSpeaker(items: readonly TranscriptItem[], label: string, name: string): TranscriptItem[] {
  return items.map((item) => (item.speaker_label === label ? { ...item, speaker_name: name || null } : item));
}

/** A new transcript (engine, upload) replaces what the editor holds; its own saves do not. */
const revisionOf = (answer: TranscriptAnswer) =>
  `${answer.transcription.status}-${answer.transcription.source === 'EDITED' ? 'EDITED' : `${answer.transcription.source}-${answer.items.length}-${answer.items.at(-1)?.end_time}`}`;

function TranscriptionState({ transcript }: { transcript: TranscriptAnswer }) {
  const { status, progress, message, engine, source } = transcript.transcription;
  if (status === 'QUEUED') return <Text size="sm">Waiting for the speech-to-text engine…</Text>;
  if (status === 'PROCESSING')
    return (
      <Stack gap={4}>
        <Text size="sm">Transcribing with {engine ?? 'the local engine'}…</Text>
        <Progress value={(progress ?? 0) * 100} aria-label="Transcription progress" />
      </Stack>
    );
  if (status === 'ERROR')
    return (
      <Alert color="red" role="alert" title="Transcription failed">
        {message}
      </Alert>
    );
  // A run that ended with no lines (a video with no speech) says so; status null: never run.
  if (transcript.items.length === 0 && status === 'COMPLETE' && source === 'ENGINE')
    return (
      <Text c="dimmed" size="sm">
        {videoLibraryMessages.transcriptionFoundNoSpeech}
      </Text>
    );
  if (transcript.items.length === 0)
    return (
      <Text c="dimmed" size="sm">
        No transcript yet. Transcribe the video or upload a WebVTT or SRT file.
      </Text>
    );
  const origin =
    source === 'UPLOAD' ? 'uploaded' : source === 'EDITED' ? 'edited' : `by ${engine ?? 'the engine'}`;
  return (
    <Text size="sm" c="dimmed">
      {plural(transcript.items.length, 'line')}, {origin}.
    </Text>
  );
}

/** A line's speaker name (its label's name as the placeholder). */
function SpeakerInput({
  item,
  canChange,
  onChange,
}: {
  item: TranscriptItem;
  canChange: boolean;
  onChange: (change: Partial<TranscriptItem>) => void;
}) {
  return (
    <TextInput
      size="xs"
      flex={1}
      aria-label={`Speaker at ${chapterTime(Math.floor(item.start_time))}`}
      value={item.speaker_name ?? ''}
      placeholder={item.speaker_label ? speakerLabelName(item.speaker_label) : ''}
      maxLength={200}
      readOnly={!canChange}
      onChange={(event) => onChange({ speaker_name: event.currentTarget.value || null })}
    />
  );
}

/** A line's text: one row in the table, as tall as it needs when stacked (`grow`). */
function LineText({
  item,
  canChange,
  onChange,
  grow = false,
}: {
  item: TranscriptItem;
  canChange: boolean;
  onChange: (change: Partial<TranscriptItem>) => void;
  grow?: boolean;
}) {
  return (
    <Textarea
      size="xs"
      {...(grow ? { autosize: true, minRows: 1 } : { rows: 1 })}
      readOnly={!canChange}
      aria-label={`Text at ${chapterTime(Math.floor(item.start_time))}`}
      value={item.alternatives[0]?.content ?? ''}
      onChange={(event) => onChange({ alternatives: [{ content: event.currentTarget.value }] })}
    />
  );
}

function TranscriptEditor({
  videoId,
  transcript,
  canChange,
}: {
  videoId: string;
  transcript: TranscriptAnswer;
  canChange: boolean;
}) {
  const [items, setItems] = useState(transcript.items);
  const [shown, setShown] = useState(PAGE);
  const [changed, setChanged] = useState(false);
  const save = useSaveTranscript(videoId);
  const narrow = useNarrowScreen();
  const update = (next: TranscriptItem[]) => {
    setItems(next);
    setChanged(true);
  };
  const edit = (index: number, change: Partial<TranscriptItem>) =>
    update(items.map((item, at) => (at === index ? { ...item, ...change } : item)));

  return (
    <Stack gap="sm">
      {canChange && speakersOf(items).length > 0 && (
        <Group gap="sm" align="flex-end">
          {speakersOf(items).map((speaker) => (
            <TextInput
              key={speaker.label}
              size="xs"
              label={`Name of ${speakerLabelName(speaker.label)}`}
              value={speaker.name}
              maxLength={200}
              onChange={(event) => update(nameSpeaker(items, speaker.label, event.currentTarget.value))}
            />
          ))}
        </Group>
      )}
      {narrow ? (
        // A phone: each line stacked, its time and speaker on a row and its text the full width below.
        <Stack component="ol" aria-label="Transcript" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.slice(0, shown).map((item, index) => (
            <Stack component="li" key={`${item.start_time}-${index}`} gap={4} className="transcript-line">
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" c="dimmed" miw={40}>
                  {chapterTime(Math.floor(item.start_time))}
                </Text>
                <SpeakerInput item={item} canChange={canChange} onChange={(change) => edit(index, change)} />
              </Group>
              <LineText grow item={item} canChange={canChange} onChange={(change) => edit(index, change)} />
            </Stack>
          ))}
        </Stack>
      ) : (
        <Table aria-label="Transcript" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>Time</Table.Th>
              <Table.Th w={160}>Speaker</Table.Th>
              <Table.Th>Text</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.slice(0, shown).map((item, index) => (
              <Table.Tr key={`${item.start_time}-${index}`}>
                <Table.Td>{chapterTime(Math.floor(item.start_time))}</Table.Td>
                <Table.Td>
                  <SpeakerInput
                    item={item}
                    canChange={canChange}
                    onChange={(change) => edit(index, change)}
                  />
                </Table.Td>
                <Table.Td>
                  <LineText item={item} canChange={canChange} onChange={(change) => edit(index, change)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="space-between">
        {items.length > shown ? (
          <Button variant="subtle" size="xs" onClick={() => setShown(shown + PAGE)}>
            Show more ({items.length - shown} left)
          </Button>
        ) : (
          <span />
        )}
        {canChange && (
          <Button
            size="xs"
            disabled={!changed}
            loading={save.isPending}
            onClick={() => save.mutate(items, { onSuccess: () => setChanged(false) })}
          >
            Save transcript
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** Transcribe in a spoken language, or upload a VTT/SRT: the changes video:update allows. */
function TranscriptChanges({ video, busy }: { video: VideoAsset; busy: boolean }) {
  const [language, setLanguage] = useState('en');
  const transcribe = useTranscribe(video.id);
  const upload = useUploadTranscript(video.id);
  return (
    <>
      <Select
        size="xs"
        w={170}
        aria-label="Spoken language"
        data={LANGUAGES}
        value={language}
        allowDeselect={false}
        onChange={(value) => setLanguage(value ?? 'en')}
      />
      <Button
        size="xs"
        variant="default"
        disabled={busy || video.transcode_status !== 'COMPLETE'}
        loading={transcribe.isPending}
        onClick={() => transcribe.mutate(language)}
      >
        Transcribe
      </Button>
      <FileButton
        accept=".vtt,.srt,text/vtt,application/x-subrip"
        onChange={(file) => file && upload.mutate(file)}
      >
        {(props) => (
          <Button size="xs" variant="default" loading={upload.isPending} {...props}>
            Upload VTT/SRT
          </Button>
        )}
      </FileButton>
    </>
  );
}

/**
 * The video page's transcript: engine state, transcribe, upload VTT/SRT, edit, download; without
 * `canChange` (video:update, which every change needs) only read and downloaded.
 */
export function TranscriptPanel({ video, canChange }: { video: VideoAsset; canChange: boolean }) {
  const transcript = useVideoTranscript(video.id);
  const answer = transcript.data;
  const busy = answer?.transcription.status === 'QUEUED' || answer?.transcription.status === 'PROCESSING';

  return (
    <Card withBorder>
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} size="h4">
          Transcript
        </Title>
        <Group gap="xs">
          {canChange && <TranscriptChanges video={video} busy={busy} />}
          {answer?.downloadable && answer.items.length > 0 && (
            <Menu>
              <Menu.Target>
                <Button size="xs" variant="default">
                  Download transcript
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {(['vtt', 'srt', 'txt'] as const).map((format) => (
                  <Menu.Item key={format} onClick={() => void downloadTranscript(video, format)}>
                    {format.toUpperCase()}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>
      {transcript.isPending && <Loader size="sm" aria-label="Loading transcript" />}
      {transcript.isError && <Text c="red">{failureMessage(transcript.error)}</Text>}
      {answer && (
        <Stack gap="sm">
          <TranscriptionState transcript={answer} />
          {answer.items.length > 0 && (
            <TranscriptEditor
              key={revisionOf(answer)}
              videoId={video.id}
              transcript={answer}
              canChange={canChange}
            />
          )}
        </Stack>
      )}
    </Card>
  );
}
