import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { chapterTime, parseChapterTime, type VideoAsset } from '@studio/domain';
import { useMemo, useState } from 'react';
import { SortableList } from '../../ui/sortable-list.tsx';
import { useSaveChapters } from './transcript-api.ts';
import { DeleteIconButton } from '../../ui/delete-icon-button.tsx';

interface ChapterRow {
  id: string;
  title: string;
  start: string;
}

let nextRowId = 0;
const rowOf = (title: string, start: string): ChapterRow => ({
  id: `chapter-${(nextRowId += 1)}`,
  title,
  start,
});

/**
 * Dragging a chapter moves its title to another place in the timeline: the start times stay in
 * order where they are, the titles take the new order.
 */
export function reorderTitles(rows: readonly ChapterRow[], ordered: readonly ChapterRow[]): ChapterRow[] {
  return ordered.map((row, index) => ({ ...row, start: rows[index]!.start }));
}

/** What the rows would save, or the first problem with them. */
export function chaptersOf(rows: readonly ChapterRow[]): { title: string; start_time: number }[] | string {
  const chapters = [];
  for (const row of rows) {
    const start = parseChapterTime(row.start);
    if (row.title.trim() === '') return 'Every chapter needs a title.';
    if (start === undefined) return `“${row.start}” is not a time (m:ss or h:mm:ss).`;
    chapters.push({ title: row.title.trim(), start_time: start });
  }
  if (new Set(chapters.map((chapter) => chapter.start_time)).size !== chapters.length)
    return 'Two chapters cannot start at the same time.';
  return chapters;
}

/** The video's saved chapters in time order, as their rows show them: title and start. */
const savedChapters = (video: VideoAsset) =>
  [...video.metadata.chapters]
    .sort((a, b) => a.start_time - b.start_time)
    .map((chapter) => [chapter.title, chapterTime(chapter.start_time)] as const);

/** The saved chapters as read, for a member who may not change videos. */
function ChaptersList({ video }: { video: VideoAsset }) {
  const chapters = savedChapters(video);
  if (chapters.length === 0)
    return (
      <Text c="dimmed" size="sm">
        No chapters.
      </Text>
    );
  return (
    <Stack gap={4} component="ol" aria-label="Chapters" p={0} m={0} style={{ listStyle: 'none' }}>
      {chapters.map(([title, start]) => (
        <Text component="li" size="sm" key={`${start}-${title}`}>
          {start} {title}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * Spec 000 §3 metadata.chapters on the video page: add, edit, reorder, remove, save — or, without
 * `canChange` (video:update, which saving them needs), the chapters as they are.
 */
export function ChaptersEditor({ video, canChange }: { video: VideoAsset; canChange: boolean }) {
  if (!canChange)
    return (
      <Card withBorder>
        <Title order={2} size="h4" mb="xs">
          Chapters
        </Title>
        <ChaptersList video={video} />
      </Card>
    );
  return <ChaptersForm video={video} />;
}

function ChaptersForm({ video }: { video: VideoAsset }) {
  const [rows, setRows] = useState<ChapterRow[]>(() =>
    savedChapters(video).map(([title, start]) => rowOf(title, start)),
  );
  // Save is offered once the chapters differ from the video's (as a code area's save, 001 §2).
  const saved = useMemo(() => JSON.stringify(savedChapters(video)), [video]);
  const changed = JSON.stringify(rows.map((row) => [row.title, row.start])) !== saved;
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveChapters(video.id);
  const change = (id: string, field: 'title' | 'start', value: string) =>
    setRows((current) => current.map((row) => (row.id === id ? { ...row, [field]: value } : row)));

  const add = () => {
    const last = rows.at(-1);
    const after = last ? (parseChapterTime(last.start) ?? 0) + 60 : 0;
    const start = video.duration !== null ? Math.min(after, Math.floor(video.duration)) : after;
    setRows([...rows, rowOf('', chapterTime(start))]);
  };

  const submit = () => {
    const chapters = chaptersOf(rows);
    setProblem(typeof chapters === 'string' ? chapters : null);
    if (typeof chapters !== 'string') save.mutate(chapters);
  };

  return (
    <Card withBorder>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          Chapters
        </Title>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={add}>
            Add chapter
          </Button>
          <Button size="xs" onClick={submit} loading={save.isPending} disabled={!changed}>
            Save chapters
          </Button>
        </Group>
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          No chapters. Add one for each part of the video; players and the SEO/GEO export list them.
        </Text>
      ) : (
        <SortableList
          items={rows}
          label="Chapters"
          labelOf={(row) => row.title || 'chapter'}
          onReorder={(ordered) => setRows(reorderTitles(rows, ordered))}
          compact
          renderItem={(row) => (
            <Stack gap={4} style={{ flex: 1 }}>
              <Group gap="xs" wrap="nowrap" align="flex-end">
                <TextInput
                  label="Start"
                  size="xs"
                  w={90}
                  value={row.start}
                  onChange={(event) => change(row.id, 'start', event.currentTarget.value)}
                />
                <TextInput
                  label="Title"
                  size="xs"
                  style={{ flex: 1 }}
                  maxLength={200}
                  value={row.title}
                  onChange={(event) => change(row.id, 'title', event.currentTarget.value)}
                />
                <DeleteIconButton
                  label={`Remove chapter ${row.title || row.start}`}
                  onClick={() => setRows(rows.filter((other) => other.id !== row.id))}
                />
              </Group>
            </Stack>
          )}
        />
      )}
      {problem && (
        <Text c="red" size="sm" mt="xs" role="alert">
          {problem}
        </Text>
      )}
    </Card>
  );
}
