import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { WORKSPACE_NAME_MAX, apiErrorSchema, type Workspace } from '@studio/domain';
import { useState, type FormEvent } from 'react';
import { ApiRequestError, failureMessage } from '../../api/api-error.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useDeleteTeam, useSaveTeam } from './teams-api.ts';

const nameProblemFromServer = (error: unknown) =>
  error instanceof ApiRequestError ? apiErrorSchema.safeParse(error.body).data?.errors?.name?.[0] : undefined;

/** Create a team, or rename `team`. */
export function TeamNameDialog({ team, onClose }: { team?: Workspace; onClose: () => void }) {
  const [name, setName] = useState(team?.name ?? '');
  const [problem, setProblem] = useState<string>();
  const save = useSaveTeam(team, {
    onSaved: onClose,
    onRefused: (error) => setProblem(nameProblemFromServer(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    setProblem(trimmed ? undefined : 'This field is required.');
    if (trimmed) save.mutate(trimmed);
  };

  return (
    <Modal opened onClose={onClose} title={team ? `Rename ${team.name}` : 'Create team'} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextField
            label="Team name"
            maxLength={WORKSPACE_NAME_MAX}
            value={name}
            error={problem}
            onChange={setName}
            data-autofocus
          />
          {save.isError && !problem && (
            <Alert color="red" role="alert">
              {failureMessage(save.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {team ? 'Rename' : 'Create'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function DeleteTeamDialog({ team, onClose }: { team: Workspace; onClose: () => void }) {
  const remove = useDeleteTeam(team.id, onClose);
  return (
    <ConfirmDialog
      opened
      message={`The team ${team.name} will be deleted. Its members stay in the organization.`}
      confirmLabel="Delete"
      confirming={remove.isPending}
      onConfirm={() => remove.mutate()}
      onCancel={onClose}
    />
  );
}
