import {
  bulkEventRolesAnswerSchema,
  defaultSpeakerRoleSchema,
  emailConfigPageSchema,
  fillMergeFields,
  eventRolePageSchema,
  eventRoleSchema,
  EVENT_ROLES,
  organizationUserSchema,
  pageSchema,
  peopleJobSchema,
  peopleMessages,
  roleSchema,
  ROLE_GROUPS,
  SPEAKER_ROLE_LIMIT,
  STAFF_PAGE_SIZE,
  STAFF_ROLE_LIMIT,
  STAFF_ROLE_NAMES,
  staffMemberSchema,
  staffPageSchema,
  STAFF_USER_TYPE,
  bySpeakerRolePriority,
  type BulkEventRoles,
  type CreateEventRole,
  type CreateStaff,
  type EmailConfig,
  type InviteEmailType,
  type OrgUserPatch,
  type ReorderEventRoles,
  type UpdateStaff,
} from '@studio/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';
import { eventQuery } from '../../api/studio-event.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';

const one = (path: string, id: string) => `${path}${encodeURIComponent(id)}/`;
const refreshes = (eventId: string) => [queryKeys.people.of(eventId), queryKeys.agenda.of(eventId)];

// ----- Roles ----------------------------------------------------------------------------------

const rolesOfGroup = async (group: string, limit: number) => {
  const query = new URLSearchParams({ realm: 'event_app', role_group: group, limit: String(limit) });
  return (
    await studioApi.request({
      method: 'GET',
      path: `/core/roles/?${query.toString()}`,
      schema: pageSchema(roleSchema),
    })
  ).results;
};

/** 002 §6: the speaker roles, in their fixed priority (the last is the fallback). */
export const speakerRolesQuery = queryOptions({
  queryKey: [...queryKeys.eventAppRoles.all, ROLE_GROUPS.speaker],
  queryFn: async () => bySpeakerRolePriority(await rolesOfGroup(ROLE_GROUPS.speaker, SPEAKER_ROLE_LIMIT)),
  staleTime: 60_000,
});

/** 000 §1: the staff roles offered are only Producer and Coordinator (custom roles left out). */
export const staffRolesQuery = queryOptions({
  queryKey: [...queryKeys.eventAppRoles.all, ROLE_GROUPS.staff],
  queryFn: async () =>
    (await rolesOfGroup(ROLE_GROUPS.staff, STAFF_ROLE_LIMIT)).filter(
      (role) => !role.is_custom && (STAFF_ROLE_NAMES as readonly string[]).includes(role.name),
    ),
  staleTime: 60_000,
});

/** GET /api/event/{id}/default_speaker_role/ */
export const defaultSpeakerRoleQuery = (eventId: string) =>
  queryOptions({
    queryKey: [...queryKeys.people.of(eventId), 'default-speaker-role'],
    queryFn: () =>
      studioApi.request({
        method: 'GET',
        path: `/event/${encodeURIComponent(eventId)}/default_speaker_role/`,
        schema: defaultSpeakerRoleSchema,
      }),
  });

export const useSetDefaultSpeakerRole = (eventId: string) =>
  useStudioMutation({
    mutationFn: (role: string | null) =>
      studioApi.request({
        method: 'PUT',
        path: `/event/${encodeURIComponent(eventId)}/default_speaker_role/`,
        body: { role },
        schema: defaultSpeakerRoleSchema,
      }),
    successToast: 'Default speaker role saved.',
    invalidates: [queryKeys.people.of(eventId)],
  });

// ----- Speakers -------------------------------------------------------------------------------

/**
 * The ranks a reordered page of speakers is saved with: the rows keep the ranks the page held,
 * handed out in the new order (so the other pages keep their place); ranks that do not tell the
 * rows apart are replaced by the page's positions.
 */
export function reorderedRanks(
  before: readonly { rank: number }[],
  ordered: readonly { id: string }[],
  firstPosition: number,
): ReorderEventRoles['updated_ranks'] {
  const ranks = before.map((row) => row.rank).sort((a, b) => a - b);
  const distinct = new Set(ranks).size === ranks.length;
  return ordered.map((row, index) => ({
    event_role: row.id,
    rank: distinct ? ranks[index]! : firstPosition + index,
  }));
}

/** POST /api/event/event-roles/reorder/: refused → the page puts the previous order back. */
export const useReorderSpeakers = (eventId: string) =>
  useStudioMutation({
    mutationFn: (body: ReorderEventRoles) =>
      studioApi.request({ method: 'POST', path: '/event/event-roles/reorder/', body }),
    failureToast: peopleMessages.reorderFailed,
    invalidates: refreshes(eventId),
  });

/** POST /api/event/event-roles/bulk/ → {count, job}. */
export const useBulkPeople = (
  eventId: string,
  onDone: (answer: { count: number; job: string | null }) => unknown,
) =>
  useStudioMutation({
    mutationFn: (body: BulkEventRoles) =>
      studioApi.request({
        method: 'POST',
        path: '/event/event-roles/bulk/',
        body,
        schema: bulkEventRolesAnswerSchema,
      }),
    successToast: (_answer, { action, role }) =>
      action === 'remove'
        ? role === EVENT_ROLES.ORGANIZER
          ? peopleMessages.staffMembersRemoved
          : peopleMessages.speakersRemoved
        : action === 'resend_invite'
          ? peopleMessages.invitationsQueued
          : peopleMessages.speakerUpdated,
    invalidates: refreshes(eventId),
    onSuccess: onDone,
  });

/** GET /api/event/people-jobs/{id}/: a bulk job's progress (then kept in step by its pushes). */
export const peopleJobQuery = (eventId: string, jobId: string) =>
  queryOptions({
    queryKey: [...queryKeys.people.of(eventId), 'job', jobId],
    queryFn: () =>
      studioApi.request({ method: 'GET', path: one('/event/people-jobs/', jobId), schema: peopleJobSchema }),
  });

/**
 * The member of the organisation an email names (002 §7.6: users by `user__email` and
 * organisation), or null: then the person is sent by their details, and the server finds them by
 * email among everyone or creates them (an event-only person).
 */
export async function findPerson(email: string, organizationId: string) {
  const wanted = email.trim().toLowerCase();
  const query = new URLSearchParams({ user__email: wanted, organization: organizationId });
  const page = await studioApi.request({
    method: 'GET',
    path: `/core/users/?${query.toString()}`,
    schema: pageSchema(organizationUserSchema.pick(personFields)),
  });
  return page.results.find((user) => user.email.toLowerCase() === wanted) ?? null;
}
const personFields = {
  id: true,
  email: true,
  first_name: true,
  last_name: true,
  title: true,
  company: true,
  profile_picture_url: true,
  linkedin_url: true,
  twitter_url: true,
} as const;
export type FoundPerson = NonNullable<Awaited<ReturnType<typeof findPerson>>>;

/** A new speaker (or check-in staff), then the organisation's profile of an existing person. */
export interface SaveSpeaker {
  /** Set when editing. */
  id: string | null;
  create: CreateEventRole;
  update: {
    hidden: boolean;
    broadcasts: string[];
    event_app_role: string | null;
    permission_roles: { role: string; broadcasts: string[] }[];
  };
  /** PATCH /api/core/user/{id}/ with org_user: for an existing person. */
  profile: { userId: string; orgUser: OrgUserPatch } | null;
}

const patchProfile = (profile: NonNullable<SaveSpeaker['profile']>) =>
  studioApi.request({
    method: 'PATCH',
    path: one('/core/user/', profile.userId),
    body: { org_user: profile.orgUser },
  });

export const useSaveSpeaker = (
  eventId: string,
  onSaved: () => unknown,
  onFailure: (error: unknown) => void,
) =>
  useStudioMutation({
    mutationFn: async ({ id, create, update, profile }: SaveSpeaker) => {
      if (id) {
        await studioApi.request({
          method: 'PATCH',
          path: one('/event/event-roles/', id),
          body: update,
          schema: eventRoleSchema,
        });
      } else {
        await studioApi.request({
          method: 'POST',
          path: '/event/event-roles/',
          body: create,
          schema: eventRoleSchema,
        });
      }
      if (profile) await patchProfile(profile);
    },
    successToast: (_answer, { id }) => (id ? peopleMessages.speakerUpdated : peopleMessages.speakerAdded),
    invalidates: refreshes(eventId),
    onFailure,
    onSuccess: onSaved,
  });

// ----- Staff and check-in staff ---------------------------------------------------------------

export const staffQuery = (eventId: string) =>
  queryOptions({
    queryKey: [...queryKeys.people.of(eventId), 'staff'],
    queryFn: () =>
      studioApi.request({
        method: 'GET',
        path: `/event/staff/?${new URLSearchParams({
          event: eventId,
          user_type: STAFF_USER_TYPE,
          ordering: 'created_at',
          limit: String(STAFF_PAGE_SIZE),
        }).toString()}`,
        schema: staffPageSchema,
      }),
  });

export const useSaveStaff = (eventId: string, onSaved: () => unknown, onFailure: (error: unknown) => void) =>
  useStudioMutation({
    mutationFn: ({ id, create, update }: { id: string | null; create: CreateStaff; update: UpdateStaff }) =>
      id
        ? studioApi.request({
            method: 'PATCH',
            path: one('/event/staff/', id),
            body: update,
            schema: staffMemberSchema,
          })
        : studioApi.request({
            method: 'POST',
            path: '/event/staff/',
            body: create,
            schema: staffMemberSchema,
          }),
    successToast: (_answer, { id }) => (id ? peopleMessages.staffUpdated : peopleMessages.staffAdded),
    invalidates: refreshes(eventId),
    onFailure,
    onSuccess: onSaved,
  });

export const useRemoveStaff = (eventId: string, onDone: () => unknown) =>
  useStudioMutation({
    mutationFn: (id: string) => studioApi.request({ method: 'DELETE', path: one('/event/staff/', id) }),
    successToast: peopleMessages.staffRemoved,
    invalidates: refreshes(eventId),
    onSuccess: onDone,
  });

export const checkInStaffQuery = (eventId: string) =>
  queryOptions({
    queryKey: [...queryKeys.people.of(eventId), 'check-in-staff'],
    queryFn: () =>
      studioApi.request({
        method: 'GET',
        path: `/event/event-roles/?${new URLSearchParams({
          event: eventId,
          role: String(EVENT_ROLES.CHECK_IN_STAFF),
          ordering: 'created_at',
          limit: String(STAFF_PAGE_SIZE),
        }).toString()}`,
        schema: eventRolePageSchema,
      }),
  });

export const useAddCheckInStaff = (
  eventId: string,
  onSaved: () => unknown,
  onFailure: (error: unknown) => void,
) =>
  useStudioMutation({
    mutationFn: (person: { first_name: string; last_name: string; email: string }) =>
      studioApi.request({
        method: 'POST',
        path: '/event/event-roles/',
        body: { event: eventId, role: EVENT_ROLES.CHECK_IN_STAFF, ...person },
        schema: eventRoleSchema,
      }),
    successToast: peopleMessages.checkInStaffAdded,
    invalidates: [queryKeys.people.of(eventId)],
    onFailure,
    onSuccess: onSaved,
  });

/** DELETE /api/event/event-roles/{id}/ */
export const useRemoveEventRole = (eventId: string, successToast: string, onDone: () => unknown) =>
  useStudioMutation({
    mutationFn: (id: string) => studioApi.request({ method: 'DELETE', path: one('/event/event-roles/', id) }),
    successToast,
    invalidates: refreshes(eventId),
    onSuccess: onDone,
  });

/** GET /api/event/email-config/?event=&email_type=: the invitation the checkbox would send. */
export const inviteEmailQuery = (eventId: string, emailType: InviteEmailType) =>
  queryOptions({
    queryKey: [...queryKeys.people.of(eventId), 'email-config', emailType],
    queryFn: async () =>
      (
        await studioApi.request({
          method: 'GET',
          path: `/event/email-config/?${new URLSearchParams({ event: eventId, email_type: emailType }).toString()}`,
          schema: emailConfigPageSchema,
        })
      ).results[0] ?? null,
  });

/** What the 'Send email invite' checkbox says of the invitation: its subject, the event's title filled in. */
export function useInvitationDescription(eventId: string, invitation: EmailConfig | null | undefined) {
  const title = useQuery({ ...eventQuery(eventId), select: (event) => event.title }).data;
  if (!invitation) return undefined;
  return `The invitation: “${fillMergeFields(invitation.subject, title === undefined ? {} : { event_title: title })}”`;
}
