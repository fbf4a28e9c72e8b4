import {
  accessMessages,
  roleSchema,
  type CreateCustomRole,
  type Role,
  type UpdateCustomRole,
} from '@studio/domain';
import { queryKeys } from '../../api/query-keys.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';

/** POST /api/core/roles/: an organisation's custom event_app role. */
export const createCustomRole = (role: CreateCustomRole) =>
  studioApi.request({ method: 'POST', path: '/core/roles/', body: role, schema: roleSchema });

/** PATCH /api/core/roles/{id}/: its name and permissions (its group stays). */
export const updateCustomRole = (id: string, changes: UpdateCustomRole) =>
  studioApi.request({ method: 'PATCH', path: `/core/roles/${id}/`, body: changes, schema: roleSchema });

/** DELETE /api/core/roles/{id}/: refused (409) while someone holds it. */
export const deleteCustomRole = (id: string) =>
  studioApi.request({ method: 'DELETE', path: `/core/roles/${id}/` });

/** The roles lists of settings and the speaker and staff role pickers of events. */
const ROLE_QUERIES = [queryKeys.roles.all, queryKeys.eventAppRoles.all];

// Mutation hooks: a refused form keeps the server's field errors (`onRefused`), without a toast.

export const useSaveCustomRole = (
  role: Role | undefined,
  handlers: { onSaved: () => unknown; onRefused: (error: unknown) => void },
) =>
  useStudioMutation({
    mutationFn: (values: CreateCustomRole) =>
      role
        ? updateCustomRole(role.id, {
            display_name: values.display_name,
            permission_list: values.permission_list,
          })
        : createCustomRole(values),
    successToast: role ? accessMessages.customRoleSaved : accessMessages.customRoleCreated,
    invalidates: ROLE_QUERIES,
    onSuccess: handlers.onSaved,
    onFailure: handlers.onRefused,
  });

/** Deletes a custom role; a refusal (someone holds it) toasts the server's message, which says how many. */
export const useDeleteCustomRole = (onDeleted: () => unknown) =>
  useStudioMutation({
    mutationFn: (role: Role) => deleteCustomRole(role.id),
    successToast: accessMessages.customRoleDeleted,
    invalidates: ROLE_QUERIES,
    onSuccess: onDeleted,
  });
