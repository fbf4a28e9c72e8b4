import {
  SPEAKER_PERMISSION_LABELS,
  SPEAKER_PERMISSION_LEVELS,
  speakerRoleInSession,
  type EventRoleAnswer,
  type Role,
  type SpeakerPermissionLevel,
} from '@studio/domain';

/** 002 §3.9: a speaker role's label ('Stage Access' …); a custom or staff role shows its own name. */
export const roleLabel = (role: Pick<Role, 'name' | 'display_name'>) =>
  (SPEAKER_PERMISSION_LEVELS as readonly string[]).includes(role.name)
    ? SPEAKER_PERMISSION_LABELS[role.name as SpeakerPermissionLevel]
    : role.display_name;

export const roleOptions = (roles: readonly Role[]) =>
  roles.map((role) => ({ value: role.id, label: roleLabel(role) }));

/**
 * The roles a person holds in the event: those named per session, and where a session (or the
 * whole event) names none, their own role, else the default, else the last listed option (002 §4.7).
 */
export function heldRoleIds(
  person: Pick<EventRoleAnswer, 'broadcasts' | 'event_app_role' | 'permission_roles'>,
  defaultRole: string | null | undefined,
  listed: readonly Role[],
): string[] {
  const named = person.permission_roles.flatMap((entry) => (entry.broadcasts.length > 0 ? [entry.role] : []));
  const covered = new Set(person.permission_roles.flatMap((entry) => entry.broadcasts));
  const uncovered = person.broadcasts.length === 0 || person.broadcasts.some((id) => !covered.has(id));
  const fallback = uncovered ? speakerRoleInSession(person.event_app_role, defaultRole, listed) : null;
  return [...new Set(fallback ? [...named, fallback] : named)];
}

/** The labels of role ids, in the listed order (an id not listed shows as 'Custom role'). */
export function roleLabels(ids: readonly string[], listed: readonly Role[]): string {
  const byId = new Map(listed.map((role) => [role.id, role]));
  return ids
    .map((id) => {
      const role = byId.get(id);
      return role ? roleLabel(role) : 'Custom role';
    })
    .join(', ');
}
