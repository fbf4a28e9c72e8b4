import { Group, Select, Stack, Text } from '@mantine/core';
import type { Broadcast, Role } from '@studio/domain';
import { MultiSelectField } from '../../ui/multi-select-field.tsx';
import { roleOptions } from './role-labels.ts';

/** The sessions a person is in, and the role they hold in each where it differs from their own. */
export interface SessionRoles {
  sessions: string[];
  /** Session id → role id, for the sessions given a role of their own. */
  roles: Record<string, string>;
}

/** `permission_roles` of the API: the sessions grouped by the role they were given. */
export function permissionRolesOf({ sessions, roles }: SessionRoles) {
  const byRole = new Map<string, string[]>();
  for (const session of sessions) {
    const role = roles[session];
    if (role) byRole.set(role, [...(byRole.get(role) ?? []), session]);
  }
  return [...byRole].map(([role, broadcasts]) => ({ role, broadcasts }));
}

/** The form's view of a person's sessions and per-session roles. */
export function sessionRolesOf(person: {
  broadcasts: string[];
  permission_roles: { role: string; broadcasts: string[] }[];
}): SessionRoles {
  const roles: Record<string, string> = {};
  for (const entry of person.permission_roles)
    for (const session of entry.broadcasts) roles[session] = entry.role;
  return { sessions: person.broadcasts, roles };
}

/** Sessions (a multi-select of the event's sessions) with a role per chosen session. */
export function SessionRolesField({
  sessions,
  roles,
  fallbackRole,
  value,
  onChange,
  error,
}: {
  sessions: readonly Pick<Broadcast, 'id' | 'title'>[];
  roles: readonly Role[];
  /** The role a chosen session shows until it is given one. */
  fallbackRole: string | null;
  value: SessionRoles;
  onChange: (value: SessionRoles) => void;
  error?: string | undefined;
}) {
  const titles = new Map(sessions.map((session) => [session.id, session.title]));
  return (
    <Stack gap="xs">
      <MultiSelectField
        label="Sessions"
        placeholder={sessions.length === 0 ? 'The event has no sessions yet' : 'Choose sessions'}
        options={sessions.map((session) => ({ value: session.id, label: session.title }))}
        value={value.sessions}
        onChange={(chosen) =>
          onChange({
            sessions: chosen,
            roles: Object.fromEntries(Object.entries(value.roles).filter(([id]) => chosen.includes(id))),
          })
        }
        error={error}
      />
      {value.sessions.map((session) => {
        const title = titles.get(session) ?? 'A session';
        return (
          <Group key={session} justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" truncate>
              {title}
            </Text>
            <Select
              aria-label={`Role in ${title}`}
              size="xs"
              w={170}
              allowDeselect={false}
              data={roleOptions(roles)}
              value={value.roles[session] ?? fallbackRole}
              onChange={(role) => role && onChange({ ...value, roles: { ...value.roles, [session]: role } })}
            />
          </Group>
        );
      })}
    </Stack>
  );
}
