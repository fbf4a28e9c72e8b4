import { Group, Modal, Radio, Stack, Text } from '@mantine/core';
import {
  ORGANIZATION_ROLE_NAMES,
  USER_COMPANY_MAX,
  USER_TITLE_MAX,
  accessMessages,
  inviteUserFormSchema,
  userMessages,
  type OrganizationUser,
  type Role,
  type UpdateUserRequest,
} from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { MultiSelectField } from '../../ui/multi-select-field.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { fieldProps, onFormFields, serverFieldErrors, useStudioForm } from '../../ui/studio-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import { rolesQuery } from './organization-api.ts';
import { teamsQuery } from './teams-api.ts';
import { useInviteUser, useRemoveUser, useUpdateUser } from './users-api.ts';
import { FormActions } from '../../ui/form-actions.tsx';
import { ErrorAlert } from '../../ui/error-alert.tsx';

const NAME_MAX = 150;
/** Every team of the organisation, for the team choice (one request). */
const ALL_TEAMS = 1000;

/** The roles a member can hold (GET roles, event staff roles left out), as select options. */
export function useOrganizationRoleOptions(organizationId: string) {
  const roles = useQuery(rolesQuery(organizationId));
  const options = (roles.data ?? [])
    .filter((role: Role) => (ORGANIZATION_ROLE_NAMES as readonly string[]).includes(role.name))
    .map((role) => ({ value: role.name, label: role.display_name }));
  return { options, loading: roles.isPending, failed: roles.isError };
}

function useTeamOptions(organizationId: string, enabled: boolean) {
  const teams = useQuery({
    ...teamsQuery({ organizationId, search: '', page: 1, pageSize: ALL_TEAMS }),
    enabled,
  });
  return (teams.data?.results ?? []).map((team) => ({ value: team.id, label: team.name }));
}

type SignInWay = 'temporary_password' | 'magic_link';

interface InviteForm {
  email: string;
  first_name: string;
  last_name: string;
  title: string;
  company: string;
  role: string | null;
  workspaces: string[];
  way: SignInWay;
}

const emptyInvite: InviteForm = {
  email: '',
  first_name: '',
  last_name: '',
  title: '',
  company: '',
  role: null,
  workspaces: [],
  way: 'temporary_password',
};

interface InviteUserDialogProps {
  organizationId: string;
  /** Teams (workspaces) are on for the organisation: the team choice is offered. */
  workspacesEnabled: boolean;
  onClose: () => void;
}

/**
 * Settings → Users → Invite user: the fields of spec 001 §7 "POST create user" the studio asks
 * for, the role, the teams and how the person first signs in (a temporary password, or a
 * magic link), both sent by email.
 */
export function InviteUserDialog({ organizationId, workspacesEnabled, onClose }: InviteUserDialogProps) {
  const roles = useOrganizationRoleOptions(organizationId);
  const teams = useTeamOptions(organizationId, workspacesEnabled);
  const form = useStudioForm<InviteForm>(inviteUserFormSchema, { initialValues: emptyInvite });
  const invite = useInviteUser({ onInvited: onClose, onRefused: onFormFields(form) });
  const submit = form.onSubmit(({ way, workspaces, ...values }) =>
    invite.mutate({
      ...values,
      organization: organizationId,
      ...(workspacesEnabled ? { workspaces } : {}),
      is_magic: way === 'magic_link',
    }),
  );
  const otherFailure = invite.isError && Object.keys(form.errors).length === 0;

  return (
    <Modal opened onClose={onClose} title="Invite user" size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextField type="email" label="Email" withAsterisk {...fieldProps(form, 'email')} data-autofocus />
          <Group grow align="flex-start">
            <TextField
              label="First name"
              withAsterisk
              maxLength={NAME_MAX}
              {...fieldProps(form, 'first_name')}
            />
            <TextField
              label="Last name"
              withAsterisk
              maxLength={NAME_MAX}
              {...fieldProps(form, 'last_name')}
            />
          </Group>
          <Group grow align="flex-start">
            <TextField label="Title" maxLength={USER_TITLE_MAX} {...fieldProps(form, 'title')} />
            <TextField label="Company" maxLength={USER_COMPANY_MAX} {...fieldProps(form, 'company')} />
          </Group>
          <SelectField
            label="Role"
            withAsterisk
            placeholder={roles.loading ? 'Loading roles...' : 'Choose a role'}
            options={roles.options}
            {...form.getInputProps('role')}
            error={form.errors.role ?? (roles.failed ? accessMessages.rolesFetchFailed : undefined)}
          />
          {workspacesEnabled && (
            <MultiSelectField
              label="Teams"
              placeholder="Choose teams"
              options={teams}
              {...fieldProps(form, 'workspaces')}
            />
          )}
          <Radio.Group label="How they sign in" {...form.getInputProps('way')}>
            <Stack gap="xs" mt="xs">
              <Radio
                value="temporary_password"
                label="Temporary password"
                description="We email a temporary password; they choose their own at first sign-in."
              />
              <Radio
                value="magic_link"
                label="Send a magic link"
                description="We email a link that signs them in once, within 72 hours."
              />
            </Stack>
          </Radio.Group>
          {otherFailure && <ErrorAlert error={invite.error} />}
          <FormActions onCancel={onClose} saving={invite.isPending} label="Invite" />
        </Stack>
      </form>
    </Modal>
  );
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item) => b.includes(item));

interface EditUserDialogProps {
  user: OrganizationUser;
  organizationId: string;
  /** The signed-in admin: their own role is not theirs to change. */
  isMe: boolean;
  workspacesEnabled: boolean;
  onClose: () => void;
}

/** Settings → Users → Edit: a member's role and teams; only what changed is sent. */
export function EditUserDialog({
  user,
  organizationId,
  isMe,
  workspacesEnabled,
  onClose,
}: EditUserDialogProps) {
  const roles = useOrganizationRoleOptions(organizationId);
  const teams = useTeamOptions(organizationId, workspacesEnabled);
  const initialTeams = user.workspaces.map((team) => team.id);
  const [role, setRole] = useState<string | null>(user.role);
  const [workspaces, setWorkspaces] = useState<string[]>(initialTeams);
  const changes: UpdateUserRequest = {
    ...(!isMe && role !== user.role ? { role } : {}),
    ...(workspacesEnabled && !sameSet(workspaces, initialTeams) ? { workspaces } : {}),
  };
  const changed = Object.keys(changes).length > 0;
  const save = useUpdateUser(user.id, onClose);
  const problems = serverFieldErrors(save.error);
  const name = `${user.first_name} ${user.last_name}`.trim() || user.email;
  // The member's role may be one the catalogue no longer offers: keep it visible.
  const roleOptions =
    user.role && !roles.options.some((option) => option.value === user.role)
      ? [...roles.options, { value: user.role, label: user.role_display ?? user.role }]
      : roles.options;

  return (
    <Modal opened onClose={onClose} title={`Edit ${name}`} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (changed) save.mutate(changes);
        }}
        noValidate
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {user.email}
          </Text>
          <SelectField
            label="Role"
            placeholder="No role"
            clearable
            options={roleOptions}
            value={role}
            disabled={isMe}
            description={isMe ? userMessages.cannotChangeOwnRole : undefined}
            error={problems.role ?? (roles.failed ? accessMessages.rolesFetchFailed : undefined)}
            onChange={setRole}
          />
          {workspacesEnabled && (
            <MultiSelectField
              label="Teams"
              options={teams}
              value={workspaces}
              error={problems.workspaces}
              onChange={setWorkspaces}
            />
          )}
          {!problems.role && !problems.workspaces && <ErrorAlert error={save.error} />}
          <FormActions onCancel={onClose} saving={save.isPending} disabled={!changed} />
        </Stack>
      </form>
    </Modal>
  );
}

/** Settings → Users → Remove, after 'Are you sure?'. */
export function RemoveUserDialog({ user, onClose }: { user: OrganizationUser; onClose: () => void }) {
  const remove = useRemoveUser(user.id, onClose);
  const name = `${user.first_name} ${user.last_name}`.trim() || user.email;
  return (
    <ConfirmDialog
      opened
      message={`${name} will be removed from the organization and signed out everywhere.`}
      confirmLabel="Remove"
      confirming={remove.isPending}
      onConfirm={() => remove.mutate()}
      onCancel={onClose}
    />
  );
}
