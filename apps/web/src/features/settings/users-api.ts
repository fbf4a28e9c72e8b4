import {
  USERS_PAGE_SIZE,
  messages,
  userMessages,
  currentUserSchema,
  organizationUserDetailSchema,
  pageSchema,
  organizationUserSchema,
  type CreateUserRequest,
  type CurrentUser,
  type UpdateProfileRequest,
  type UpdateUserRequest,
} from '@studio/domain';
import { keepPreviousData, queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { setPassword } from '../../api/identity.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { currentUserQuery } from '../../api/identity.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';
import { startSession } from '../../session/start-session.ts';
import { pageQuery } from '../../ui/list-page.ts';

const userPageSchema = pageSchema(organizationUserSchema);

export interface UsersListQuery {
  organizationId: string;
  search: string;
  /** A role name, 'none' for people without one, '' for everyone. */
  role: string;
  page: number;
  pageSize?: number;
}

/** GET /api/core/users/: the organisation's people, by first name, 20 a page (spec 001 §9). */
export const usersQuery = ({
  organizationId,
  search,
  role,
  page,
  pageSize = USERS_PAGE_SIZE,
}: UsersListQuery) =>
  queryOptions({
    queryKey: [...queryKeys.users.all, organizationId, { search, role, page, pageSize }],
    queryFn: () => {
      const query = pageQuery(page, pageSize, {
        organization: organizationId,
        workspaces: 'all',
        ordering: 'first_name',
        search: search.trim() || undefined,
        role: role || undefined,
      });
      return studioApi.request({ method: 'GET', path: `/core/users/?${query}`, schema: userPageSchema });
    },
    placeholderData: keepPreviousData,
  });

/** POST /api/core/user/: creates the person and emails them a temporary password or a magic link. */
export const createUser = (body: CreateUserRequest) =>
  studioApi.request({ method: 'POST', path: '/core/user/', body, schema: organizationUserDetailSchema });

export const updateUser = (id: string, body: UpdateUserRequest) =>
  studioApi.request({
    method: 'PATCH',
    path: `/core/user/${id}/`,
    body,
    schema: organizationUserDetailSchema,
  });

export const removeUser = (id: string) => studioApi.request({ method: 'DELETE', path: `/core/user/${id}/` });

/** PATCH /api/core/user/me/: the cache takes the answer as the signed-in user. */
export async function updateProfile(queryClient: QueryClient, body: UpdateProfileRequest) {
  const user = await studioApi.request({
    method: 'PATCH',
    path: '/core/user/me/',
    body,
    schema: currentUserSchema,
  });
  queryClient.setQueryData(currentUserQuery.queryKey, user);
  return user;
}

// Mutation hooks: a person's change shows in the users list, the team pickers and, when it is
// the caller, their own profile.
const PEOPLE_QUERIES = [queryKeys.users.all, queryKeys.workspaces.all, queryKeys.currentUser];

/** Invites a person; the server's field errors go to the form (`onRefused`). */
export const useInviteUser = (handlers: { onInvited: () => unknown; onRefused: (error: unknown) => void }) =>
  useStudioMutation({
    mutationFn: createUser,
    successToast: userMessages.userInvited,
    invalidates: PEOPLE_QUERIES,
    onSuccess: handlers.onInvited,
    onFailure: handlers.onRefused,
  });

/** Changes a member; the form shows the server's field errors from the mutation's error. */
export const useUpdateUser = (id: string, onSaved: () => unknown) =>
  useStudioMutation({
    mutationFn: (changes: UpdateUserRequest) => updateUser(id, changes),
    successToast: userMessages.userUpdated,
    invalidates: PEOPLE_QUERIES,
    onSuccess: onSaved,
    onFailure: () => undefined,
  });

export const useRemoveUser = (id: string, onRemoved: () => unknown) =>
  useStudioMutation({
    mutationFn: () => removeUser(id),
    successToast: userMessages.userRemoved,
    invalidates: PEOPLE_QUERIES,
    onSuccess: onRemoved,
  });

/** The signed-in person's own profile; the server's field errors go to the form (`onRefused`). */
export const useUpdateProfile = (handlers: {
  onSaved: (user: CurrentUser) => unknown;
  onRefused: (error: unknown) => void;
}) => {
  const queryClient = useQueryClient();
  return useStudioMutation({
    mutationFn: (changes: UpdateProfileRequest) => updateProfile(queryClient, changes),
    successToast: userMessages.profileSaved,
    invalidates: [queryKeys.users.all],
    onSuccess: handlers.onSaved,
    onFailure: handlers.onRefused,
  });
};

/**
 * The signed-in person's new password: the server ends every other session and this one goes on
 * with the new tokens; a refusal stays in the mutation's error for the form.
 */
export const useChangePassword = (onChanged: () => unknown) => {
  const queryClient = useQueryClient();
  return useStudioMutation({
    mutationFn: setPassword,
    successToast: messages.passwordUpdated,
    onSuccess: (response) => {
      startSession(queryClient, response);
      return onChanged();
    },
    onFailure: () => undefined,
  });
};
