import { ActionIcon, Button, Checkbox, Group, Loader, Stack, Text, Title } from '@mantine/core';
import {
  clipMessages,
  contentLabClipsPath,
  savedSearchClipsPath,
  savedSearchMessages,
  type Clip,
  type ClipSearchFilters,
  type SavedSearch,
} from '@studio/domain';
import { IconPencil } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { ContentLabNotFound } from './content-lab-not-found.tsx';
import { HrefLink } from '../../ui/href-link.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { TextField } from '../../ui/text-field.tsx';
import {
  useClipSearch,
  useDeleteSavedSearch,
  useRenameSavedSearch,
  useSaveSearch,
  useSavedSearch,
  useSavedSearchClips,
  useSavedSearches,
  type ClipSearch,
} from './clips-api.ts';
import { ClipsTable } from './clips-table.tsx';
import { NameForm } from './name-form.tsx';
import { DeleteIconButton } from '../../ui/delete-icon-button.tsx';

const NAME_MAX = 255;

/** A clip opens on its video's clips page in its project (here when its video is gone). */
const clipHref = (clip: Clip, fallback: string) =>
  clip.video_asset && clip.project ? contentLabClipsPath(clip.project, clip.video_asset, clip.id) : fallback;

/** The filters as the organiser ticks them: a ticked box narrows, an unticked one leaves all. */
function FilterBoxes({
  filters,
  onChange,
}: {
  filters: ClipSearchFilters;
  onChange: (filters: ClipSearchFilters) => void;
}) {
  const toggle = (key: 'vertical' | 'shared', on: boolean) => {
    const { [key]: _dropped, ...rest } = filters;
    onChange(on ? { ...rest, [key]: true } : rest);
  };
  return (
    <Group gap="md">
      <Checkbox
        label={savedSearchMessages.verticalOnly}
        checked={filters.vertical === true}
        onChange={(event) => toggle('vertical', event.currentTarget.checked)}
      />
      <Checkbox
        label={savedSearchMessages.sharedOnly}
        checked={filters.shared === true}
        onChange={(event) => toggle('shared', event.currentTarget.checked)}
      />
    </Group>
  );
}

/** /content: search the organisation's clips, save the search, and open the saved ones. */
export function ClipSearchPanel() {
  const [search, setSearch] = useState<ClipSearch>({ query: '', filters: {} });
  const [naming, setNaming] = useState(false);
  const searching = search.query.trim() !== '' || Object.keys(search.filters).length > 0;
  const results = useClipSearch({ ...search, query: search.query.trim() });
  const save = useSaveSearch(() => setNaming(false));
  const saved = useSavedSearches();
  return (
    <Stack gap="sm" mt="xl">
      <Title order={2} size="h4">
        {savedSearchMessages.savedSearches}
      </Title>
      {saved.isPending ? (
        <Loader size="sm" aria-label="Loading saved searches" />
      ) : saved.data?.length ? (
        <Group
          gap="md"
          component="ul"
          aria-label={savedSearchMessages.savedSearches}
          style={{ listStyle: 'none', padding: 0 }}
        >
          {saved.data.map((entry) => (
            <li key={entry.id}>
              <HrefLink href={savedSearchClipsPath(entry.id)}>{entry.name}</HrefLink>
            </li>
          ))}
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {savedSearchMessages.noSavedSearches}
        </Text>
      )}
      <Group align="flex-end" gap="md">
        <TextField
          aria-label={savedSearchMessages.searchPlaceholder}
          placeholder={savedSearchMessages.searchPlaceholder}
          flex="1 1 20rem"
          value={search.query}
          onChange={(query) => setSearch({ ...search, query })}
          maxLength={NAME_MAX}
        />
        <FilterBoxes filters={search.filters} onChange={(filters) => setSearch({ ...search, filters })} />
        {searching && !naming && (
          <Button variant="light" onClick={() => setNaming(true)}>
            {savedSearchMessages.saveSearch}
          </Button>
        )}
      </Group>
      {naming && (
        <NameForm
          label={savedSearchMessages.searchName}
          initial={search.query.trim()}
          submitLabel={savedSearchMessages.saveSearch}
          pending={save.isPending}
          onSubmit={(name) => save.mutate({ name, query: search.query.trim(), filters: search.filters })}
          onCancel={() => setNaming(false)}
        />
      )}
      {/* The empty search matches every clip: a first visit sees them all. */}
      <ClipsTable
        clips={results}
        emptyState={searching ? savedSearchMessages.noMatches : clipMessages.noClips}
        hrefOf={(clip) => clipHref(clip, '/content')}
      />
    </Stack>
  );
}

/** What a saved search asks, in words. */
function criteriaOf(search: SavedSearch): string {
  const parts = [search.query ? `“${search.query}”` : 'All clips'];
  if (search.filters.vertical) parts.push(savedSearchMessages.verticalOnly.toLowerCase());
  if (search.filters.shared) parts.push(savedSearchMessages.sharedOnly.toLowerCase());
  return parts.join(' · ');
}

/** /content/search/{savedSearchId}/clips: the clips a saved search finds now; rename or delete it. */
export function SavedSearchPage({ savedSearchId }: { savedSearchId: string }) {
  const navigate = useNavigate();
  const search = useSavedSearch(savedSearchId);
  const clips = useSavedSearchClips(savedSearchId);
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const rename = useRenameSavedSearch(() => setRenaming(false));
  const remove = useDeleteSavedSearch(() => void navigate({ href: '/content' }));
  const here = savedSearchClipsPath(savedSearchId);
  if (search.isPending) return <Loader aria-label="Loading saved search" />;
  if (!search.data) return <ContentLabNotFound title="Saved search not found" />;
  return (
    <Stack>
      <PageHeader
        title={search.data.name}
        description={
          <>
            {criteriaOf(search.data)} ·{' '}
            <HrefLink href="/content" size="sm">
              All videos
            </HrefLink>
          </>
        }
        actions={
          <Group gap="xs">
            <ActionIcon
              variant="subtle"
              aria-label={`${savedSearchMessages.rename} ${search.data.name}`}
              onClick={() => setRenaming(true)}
            >
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
            <DeleteIconButton
              label={`${savedSearchMessages.delete} ${search.data.name}`}
              onClick={() => setDeleting(true)}
            />
          </Group>
        }
      />
      {renaming && (
        <NameForm
          label={savedSearchMessages.searchName}
          initial={search.data.name}
          submitLabel={savedSearchMessages.rename}
          pending={rename.isPending}
          onSubmit={(name) => rename.mutate({ id: savedSearchId, name })}
          onCancel={() => setRenaming(false)}
        />
      )}
      <ClipsTable
        clips={clips}
        emptyState={savedSearchMessages.noMatches}
        hrefOf={(clip) => clipHref(clip, here)}
      />
      <ConfirmDialog
        opened={deleting}
        message={`The saved search ${search.data.name} will be deleted. Its clips stay.`}
        confirmLabel={savedSearchMessages.delete}
        confirming={remove.isPending}
        onConfirm={() => remove.mutate(savedSearchId)}
        onCancel={() => setDeleting(false)}
      />
    </Stack>
  );
}
