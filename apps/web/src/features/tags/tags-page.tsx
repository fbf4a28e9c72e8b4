import { Button, Stack, Table } from '@mantine/core';
import {
  createTagRequestSchema,
  eventMessages,
  TAG_NAME_MAX_LENGTH,
  tagAlreadyExistsMessage,
  tagNameKey,
  type Tag,
} from '@studio/domain';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { currentUserQuery } from '../../api/identity.ts';
import { ListStates } from '../../ui/list-states.tsx';
import { ConfirmDeleteDialog } from '../../ui/confirm-dialog.tsx';
import { formatDate } from '../../ui/formats.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { ListSearchInput } from '../../ui/server-list.tsx';
import { StudioDialog } from '../../ui/studio-dialog.tsx';
import { fieldProps, useStudioForm } from '../../ui/studio-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import { showToast, useFailureToast } from '../../ui/toast.ts';
import { useDeleteTag, useSaveTag, useTags } from './tags-api.ts';
import { ACTIONS_COLUMN, ListTable } from '../../ui/list-table.tsx';
import { RowActions } from '../../ui/row-menu.tsx';

const tagNameFormSchema = createTagRequestSchema.pick({ tag_name: true });

/** A name already in the library (trimmed, any case), checked before asking the server. */
export const nameTaken = (tags: readonly Tag[], name: string, exceptId?: string) =>
  tags.some((tag) => tag.id !== exceptId && tagNameKey(tag.tag_name) === tagNameKey(name));

type Editing = { kind: 'create' } | { kind: 'rename'; tag: Tag } | null;

/** /metadata: the organisation's tag library (spec 001 §7 "Tags"). */
export function TagsPage() {
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const organizationId = user.organization ?? '';
  const tags = useTags(organizationId);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const form = useStudioForm(tagNameFormSchema, { initialValues: { tag_name: '' } });
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const library = tags.data?.results ?? [];

  useFailureToast(tags.isError, eventMessages.errorLoadingTags);

  const save = useSaveTag(organizationId, () => setEditing(null));
  const remove = useDeleteTag(() => setDeleting(null));
  const open = (next: Editing) => {
    form.setValues({ tag_name: next?.kind === 'rename' ? next.tag.tag_name : '' });
    form.clearErrors();
    setEditing(next);
  };
  const submit = form.onSubmit(({ tag_name: name }) => {
    if (nameTaken(library, name, editing?.kind === 'rename' ? editing.tag.id : undefined)) {
      showToast(tagAlreadyExistsMessage(name.trim()), 'error');
      return;
    }
    save.mutate({ id: editing?.kind === 'rename' ? editing.tag.id : undefined, name });
  });
  const shown = library.filter((tag) => tagNameKey(tag.tag_name).includes(tagNameKey(search)));
  return (
    <Stack>
      <PageHeader
        title="Tags"
        actions={<Button onClick={() => open({ kind: 'create' })}>Create Tag</Button>}
      />
      <ListSearchInput value={search} onChange={setSearch} placeholder="Search tags" />
      <ListStates
        pending={tags.isPending}
        loadingLabel="Loading tags"
        empty={shown.length === 0}
        emptyState="No tags found"
      >
        <ListTable
          label="Tags"
          minWidth={560}
          columns={['Name', 'Events', 'Series', 'Created', ACTIONS_COLUMN]}
        >
          {shown.map((tag) => (
            <Table.Tr key={tag.id} className="studio-tag-row">
              <Table.Td>{tag.tag_name}</Table.Td>
              <Table.Td>{tag.events_count}</Table.Td>
              <Table.Td>{tag.series_count}</Table.Td>
              <Table.Td>{formatDate(tag.created_at)}</Table.Td>
              <Table.Td>
                <RowActions
                  label={`More actions for ${tag.tag_name}`}
                  actions={[
                    { label: 'Rename', onClick: () => open({ kind: 'rename', tag }) },
                    { label: 'Delete', danger: true, onClick: () => setDeleting(tag) },
                  ]}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </ListStates>
      <StudioDialog
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.kind === 'rename' ? 'Rename Tag' : 'Create Tag'}
        size="small"
        action={{ onConfirm: () => submit(), label: 'Save', pending: save.isPending }}
      >
        <form noValidate onSubmit={submit}>
          <TextField
            label="Tag name"
            required
            {...fieldProps(form, 'tag_name')}
            maxLength={TAG_NAME_MAX_LENGTH}
            data-autofocus
          />
        </form>
      </StudioDialog>
      <ConfirmDeleteDialog
        target={deleting}
        message={`The tag ${deleting?.tag_name ?? ''} will be deleted.`}
        remove={remove}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
