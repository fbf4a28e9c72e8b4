import { Checkbox, Modal, Radio, Group, SimpleGrid, Stack } from '@mantine/core';
import {
  CUSTOM_ROLE_NAME_MAX,
  EVENT_APP_PERMISSIONS,
  createCustomRoleSchema,
  permissionLabel,
  type CreateCustomRole,
  type CustomRoleGroup,
  type Role,
} from '@studio/domain';
import { ErrorAlert } from '../../ui/error-alert.tsx';
import { FormActions } from '../../ui/form-actions.tsx';
import { fieldProps, onFormFields, useStudioForm } from '../../ui/studio-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import { useSaveCustomRole } from './custom-roles-api.ts';

/** Who a role group's roles are for, as the dialog offers the choice. */
const groupLabels: Record<CustomRoleGroup, string> = {
  'Speaker Roles': 'Speakers',
  'Staff Roles': 'Staff (producers and coordinators)',
};

/**
 * Create a custom role in one of `groups`, or edit `role` (its name and permissions; its group
 * stays, since the people holding it were given it there). Permissions in words, never codes.
 */
export function CustomRoleDialog({
  role,
  groups,
  onClose,
}: {
  role?: Role;
  groups: readonly CustomRoleGroup[];
  onClose: () => void;
}) {
  const form = useStudioForm<CreateCustomRole>(createCustomRoleSchema, {
    initialValues: {
      display_name: role?.display_name ?? '',
      realm: 'event_app',
      role_group: (role?.role_group as CustomRoleGroup | null) ?? groups[0] ?? 'Speaker Roles',
      permission_list: (role?.permission_list ?? []) as CreateCustomRole['permission_list'],
    },
  });
  const save = useSaveCustomRole(role, { onSaved: onClose, onRefused: onFormFields(form) });
  const submit = form.onSubmit((values) => save.mutate(createCustomRoleSchema.parse(values)));
  const fieldErrorShown = Object.keys(form.errors).length > 0;
  const offered = role ? [role.role_group as CustomRoleGroup] : groups;

  return (
    <Modal
      opened
      onClose={onClose}
      title={role ? `Edit ${role.display_name}` : 'Create role'}
      centered
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextField
            label="Role name"
            maxLength={CUSTOM_ROLE_NAME_MAX}
            {...fieldProps(form, 'display_name')}
            data-autofocus
          />
          <Radio.Group
            label="For"
            description={role ? 'A role stays with the people it was made for.' : undefined}
            {...form.getInputProps('role_group')}
          >
            <Group mt="xs">
              {offered.map((group) => (
                <Radio key={group} value={group} label={groupLabels[group]} disabled={role !== undefined} />
              ))}
            </Group>
          </Radio.Group>
          <Checkbox.Group label="Permissions" withAsterisk {...form.getInputProps('permission_list')}>
            <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs" spacing="xs">
              {EVENT_APP_PERMISSIONS.map((permission) => (
                <Checkbox key={permission} value={permission} label={permissionLabel(permission)} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          {!fieldErrorShown && <ErrorAlert error={save.error} />}
          <FormActions onCancel={onClose} saving={save.isPending} label={role ? 'Save' : 'Create'} />
        </Stack>
      </form>
    </Modal>
  );
}
