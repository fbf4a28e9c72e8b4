import { Button, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_INPUT_DEBOUNCE_MS } from '@studio/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../ui/error-alert.tsx';
import { SelectField, type SelectOption } from '../../ui/select-field.tsx';
import { StudioDialog } from '../../ui/studio-dialog.tsx';
import {
  marketoFoldersQuery,
  useCloneMarketoProgram,
  useConnections,
  useMarketoMemberStatuses,
} from './crm-api.ts';
import { wholeNumber } from './id-form.tsx';

/** "Clone program": a new program in Marketo, cloned from a base program into a folder, becomes the event's. */
export function CloneMarketoProgram({ eventId }: { eventId: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Clone program
      </Button>
      {opened && <CloneMarketoProgramDialog eventId={eventId} onClose={() => setOpened(false)} />}
    </>
  );
}

/**
 * Spec 001 §7's clone body: the base program (the event's connection's, unless another is typed),
 * the new program's name and its campaign folder, found by name at Marketo.
 */
function CloneMarketoProgramDialog({ eventId, onClose }: { eventId: string; onClose: () => void }) {
  const connections = useConnections({ event: eventId });
  const connectionBase = connections.data?.find((one) => one.crm_type === 'marketo')?.base_marketo_program_id;
  const [typedBase, setTypedBase] = useState<string | null>(null);
  const baseText = typedBase ?? connectionBase ?? '';
  const [name, setName] = useState('');
  const [folder, setFolder] = useState<SelectOption | null>(null);
  const folders = useFolderSearch(eventId, folder);
  const clone = useCloneMarketoProgram(eventId, onClose);
  const baseProgramId = wholeNumber(baseText);
  const ready = baseProgramId !== null && name.trim() !== '' && folder !== null;
  const submit = () => {
    if (!ready) return;
    clone.mutate({
      base_program_id: baseProgramId,
      program_name: name.trim(),
      campaign_folder_id: Number(folder.value),
    });
  };
  return (
    <StudioDialog
      opened
      onClose={onClose}
      title="Clone Marketo program"
      action={{
        onConfirm: submit,
        label: 'Clone program',
        pending: clone.isPending,
        disabled: !ready,
        cancelDisabled: clone.isPending,
      }}
    >
      <TextInput
        label="Base program id"
        description="The program the event's program is cloned from."
        required
        inputMode="numeric"
        value={baseText}
        onChange={(event) => setTypedBase(event.currentTarget.value)}
      />
      <TextInput
        label="Program name"
        required
        maxLength={255}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
      />
      <SelectField
        label="Campaign folder"
        placeholder="Search folders by name"
        required
        options={folders.options}
        value={folder?.value ?? null}
        onChange={(value, option) => setFolder(value ? option : null)}
        searchValue={folders.search}
        onSearchChange={folders.setSearch}
        filter={({ options }) => options}
      />
      <ErrorAlert error={folders.error} />
    </StudioDialog>
  );
}

/**
 * The folder search box: Marketo is asked once the typing pauses, and never for a blank text; the
 * folder picked stays offered whatever is searched next.
 */
function useFolderSearch(eventId: string, picked: SelectOption | null) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_INPUT_DEBOUNCE_MS);
  const found = useQuery({
    ...marketoFoldersQuery(debounced, { event: eventId }),
    placeholderData: keepPreviousData,
  });
  const options = (found.data?.folders ?? []).map((folder) => ({
    value: String(folder.id),
    label: folder.name,
  }));
  if (picked && !options.some((option) => option.value === picked.value)) options.unshift(picked);
  return { search, setSearch, options, error: found.error };
}

/** The member statuses of the event's Marketo program (its channel's progression), under the program. */
export function MarketoMemberStatuses({ eventId, programId }: { eventId: string; programId: string }) {
  const statuses = useMarketoMemberStatuses(eventId, programId);
  if (statuses.isError) return <ErrorAlert error={statuses.error} />;
  if (!statuses.data?.statuses.length) return null;
  return (
    <Text size="sm" aria-label="Program member statuses">
      Member statuses:{' '}
      {statuses.data.statuses
        .map((status) => (status.success ? `${status.name} (success)` : status.name))
        .join(', ')}
    </Text>
  );
}
