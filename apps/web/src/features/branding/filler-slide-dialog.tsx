import { Anchor, Badge, Button, Group, Image, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import {
  fillerImageProblem,
  fillerSlideMessages,
  fillerSlideStatus,
  FILLER_SLIDE_IMAGE,
  FILLER_SLIDE_PAGE_SIZE,
  PICKER_SEARCH_DEBOUNCE_MS,
  validateVideoName,
  type FillerSlide,
} from '@studio/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { studioApi } from '../../api/studio-api.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { readImageSize } from '../../ui/file-uploader-rules.ts';
import { FileUploader, type FileCheck } from '../../ui/file-uploader.tsx';
import { pageCount } from '../../ui/list-pagination.tsx';
import { ListSearchInput, ServerListBody } from '../../ui/server-list.tsx';
import {
  useCreateFillerSlide,
  useDeleteFillerSlide,
  useFillerSlides,
  useFillerSlideUpdates,
  useRenameFillerSlide,
} from './filler-slides-api.ts';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Spec 002 §5.6, the same rule as the server's: 16:9, at most 2400×2400 and 1,048,576,000 bytes. */
const checkImage: FileCheck<undefined> = async (file) => {
  const size = await readImageSize(file).catch(() => ({ width: 0, height: 0 }));
  const problem = fillerImageProblem({ size: file.size, ...size });
  return problem ? { ok: false, message: problem } : { ok: true, value: undefined };
};

export interface FillerSlideDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The event's or template's slide, or null. */
  selectedId: string | null;
  /** The team new slides belong to (the event's or template's), or null. */
  workspaceId: string | null;
  /** Saves the choice (null: removed); true when saved. */
  onSelect: (slideId: string | null) => Promise<boolean>;
}

/** Spec 002 §2.2 'Select Filler Slide': upload, preview, download, rename, delete, pick and remove. */
export function FillerSlideDialog({
  opened,
  onClose,
  selectedId,
  workspaceId,
  onSelect,
}: FillerSlideDialogProps) {
  const create = useCreateFillerSlide();
  useFillerSlideUpdates();
  const [deleting, setDeleting] = useState<FillerSlide | null>(null);
  const remove = useDeleteFillerSlide(() => setDeleting(null));

  return (
    <Modal opened={opened} onClose={onClose} title={fillerSlideMessages.dialogTitle} size="lg">
      <Stack>
        <Text size="sm" c="dimmed">
          {fillerSlideMessages.moduleHelp}
        </Text>
        <FileUploader
          chooseLabel="Upload Image"
          config={{
            allowedFileTypes: IMAGE_TYPES,
            maxFileSize: FILLER_SLIDE_IMAGE.maxBytes,
            rename: 'random-id',
          }}
          signed={{ api: studioApi, scope: 'organization', preset: 'fillerSlide' }}
          check={checkImage}
          onUploaded={async ({ file, uploadURL }) => {
            await create.mutateAsync({
              fileName: file.name.replace(/\.[^.]+$/, '').slice(0, 255) || file.name,
              contentUrl: uploadURL,
              workspaceId,
            });
          }}
        />
        <SlideLibrary selectedId={selectedId} onSelect={onSelect} onDelete={setDeleting} />
      </Stack>
      <ConfirmDialog
        opened={deleting !== null}
        message={fillerSlideMessages.deleteBody(deleting?.file_name ?? '')}
        confirmLabel={remove.isPending ? fillerSlideMessages.deleting : 'Delete'}
        confirming={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </Modal>
  );
}

/**
 * The library's slides, newest first, a page at a time and searched by name (002 §7.1): loading,
 * failed and empty states of their own. Opened afresh each time (the dialog mounts it when open).
 */
function SlideLibrary({
  selectedId,
  onSelect,
  onDelete,
}: Pick<FillerSlideDialogProps, 'selectedId' | 'onSelect'> & { onDelete: (slide: FillerSlide) => void }) {
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), PICKER_SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const slides = useFillerSlides({ page, search });
  // A page emptied by a delete (or a shorter search) shows the last page there still is.
  const lastPage = slides.data ? pageCount(slides.data.count, FILLER_SLIDE_PAGE_SIZE) : page;
  if (page > lastPage) setPage(lastPage);
  return (
    <Stack gap="sm">
      <ListSearchInput
        ariaLabel={fillerSlideMessages.searchPlaceholder}
        placeholder={fillerSlideMessages.searchPlaceholder}
        value={searchText}
        onChange={(text) => {
          setSearchText(text);
          setPage(1);
        }}
      />
      <ServerListBody
        list={slides}
        failure={fillerSlideMessages.loadFailed}
        loadingLabel={fillerSlideMessages.loadingSlides}
        filtering={search !== ''}
        noMatch={fillerSlideMessages.noSlidesMatching}
        emptyState={fillerSlideMessages.noSlides}
        pageSize={FILLER_SLIDE_PAGE_SIZE}
        page={page}
        onPage={setPage}
      >
        {slides.data?.results.map((slide) => (
          <SlideRow
            key={slide.id}
            slide={slide}
            selected={slide.id === selectedId}
            onSelect={onSelect}
            onDelete={() => onDelete(slide)}
          />
        ))}
      </ServerListBody>
    </Stack>
  );
}

function SlideRow({
  slide,
  selected,
  onSelect,
  onDelete,
}: {
  slide: FillerSlide;
  selected: boolean;
  onSelect: (slideId: string | null) => Promise<boolean>;
  onDelete: () => void;
}) {
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(slide.file_name);
  const [nameError, setNameError] = useState<string | null>(null);
  const rename = useRenameFillerSlide(() => setRenaming(false));
  const processed = slide.broadcast_filler_state === 'GENERATED';

  function save() {
    const checked = validateVideoName(name);
    if (!checked.ok) return setNameError(checked.message);
    rename.mutate({ id: slide.id, fileName: checked.name });
  }

  return (
    <Paper withBorder p="sm" aria-label={slide.file_name}>
      <Group wrap="nowrap" align="flex-start">
        <Image src={slide.image_url} alt="" w={128} h={72} fit="cover" radius="sm" />
        <Stack gap={4} style={{ flex: 1 }}>
          {renaming ? (
            <Group gap="xs" align="flex-start">
              <TextInput
                aria-label="Name"
                value={name}
                error={nameError}
                onChange={(event) => {
                  setName(event.currentTarget.value);
                  setNameError(null);
                }}
              />
              <Button variant="default" onClick={() => setRenaming(false)}>
                Cancel
              </Button>
              <Button onClick={save} loading={rename.isPending}>
                Save
              </Button>
            </Group>
          ) : (
            <Text fw={500}>{slide.file_name}</Text>
          )}
          <Badge variant="light" color={processed ? 'green' : 'gray'}>
            {fillerSlideStatus(slide.broadcast_filler_state)}
          </Badge>
          <Group gap="xs">
            {!renaming && (
              <Button
                size="xs"
                variant="subtle"
                onClick={() => {
                  setName(slide.file_name);
                  setRenaming(true);
                }}
              >
                Rename
              </Button>
            )}
            <Anchor size="xs" href={slide.video_url ?? slide.image_url} target="_blank" rel="noreferrer">
              Preview
            </Anchor>
            {slide.video_url && (
              <Anchor size="xs" href={slide.video_url} download>
                Download
              </Anchor>
            )}
            <Button size="xs" variant="subtle" color="red" onClick={onDelete}>
              Delete
            </Button>
            {selected ? (
              <Button size="xs" variant="light" onClick={() => void onSelect(null)}>
                Remove
              </Button>
            ) : (
              <Button size="xs" disabled={!processed} onClick={() => void onSelect(slide.id)}>
                Select
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
