import type { EventPerson, EventRole, EventRoleAnswer, PermissionRole } from '@studio/domain';
import type { EventPersonRecord } from './event-people.ts';
import type { SessionRoleRow } from './event-roles.repository.ts';
import type { PersonRow } from './people.repository.ts';

export function toEventPerson(row: PersonRow): EventPerson {
  return {
    id: row.user_id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    title: row.title,
    company: row.company,
    profile_picture_url: row.profile_picture_url,
    linkedin_url: row.linkedin_url,
    twitter_url: row.twitter_url,
    bio: row.bio,
    is_member: row.is_member,
  };
}

/** The session rows of each event role. */
export function sessionsByPerson(rows: readonly SessionRoleRow[]): Map<string, SessionRoleRow[]> {
  const byPerson = new Map<string, SessionRoleRow[]>();
  for (const row of rows) {
    const list = byPerson.get(row.event_role_id) ?? [];
    list.push(row);
    byPerson.set(row.event_role_id, list);
  }
  return byPerson;
}

/** The roles held per session as stored: each assigned role with its sessions (unassigned ones left out). */
export function permissionRolesOf(sessions: readonly SessionRoleRow[]): PermissionRole[] {
  const byRole = new Map<string, string[]>();
  for (const session of sessions) {
    if (session.role_id === null) continue;
    byRole.set(session.role_id, [...(byRole.get(session.role_id) ?? []), session.broadcast_id]);
  }
  return [...byRole].map(([role, broadcasts]) => ({ role, broadcasts }));
}

export function toEventRole(row: PersonRow, sessions: readonly SessionRoleRow[]): EventRoleAnswer {
  return {
    id: row.id,
    event: row.event_id,
    role: row.role as EventRole,
    user_type: row.user_type,
    user: toEventPerson(row),
    rank: row.rank,
    hidden: row.hidden,
    broadcasts: sessions.map((session) => session.broadcast_id),
    event_app_role: row.event_app_role_id,
    permission_roles: permissionRolesOf(sessions),
    organization_user: { profile_picture_url: row.profile_picture_url },
    invited_at: row.invited_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

export function toEventPersonRecord(row: PersonRow, sessions: readonly SessionRoleRow[]): EventPersonRecord {
  return {
    eventRoleId: row.id,
    eventId: row.event_id,
    organizationId: row.organization_id,
    userId: row.user_id,
    role: row.role as EventRole,
    userType: row.user_type,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    broadcastIds: sessions.map((session) => session.broadcast_id),
    invitedAt: row.invited_at,
  };
}
