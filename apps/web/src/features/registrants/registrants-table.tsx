import { ActionIcon, Badge, Checkbox, Group, Menu, Table, Text, VisuallyHidden } from '@mantine/core';
import {
  awaitsApproval,
  memberActions,
  registrantActivityMessages,
  registrantStatusLabel,
  SEAT_HOLDING_STATUSES,
  type EventMember,
  type EventUserStatus,
} from '@studio/domain';
import { IconDots } from '@tabler/icons-react';
import { useCopyMagicLink } from '../../ui/copy-magic-link.ts';
import { useCopyActivityLink, useRevokeActivityLink } from './registrant-activity-api.ts';
import { TableScroll } from '../../ui/table-scroll.tsx';

/** Which rows are chosen: listed ids, or every registrant the filters match. */
export type RegistrantSelection = { all: true } | { all: false; ids: readonly string[] };
export const noRegistrants: RegistrantSelection = { all: false, ids: [] };

const statusColors: Record<EventUserStatus, string> = {
  REGISTRATION: 'teal',
  ATTENDED: 'blue',
  EVENT_NO_SHOW: 'gray',
  WAITLISTED: 'yellow',
  REJECTED: 'red',
  CANCELED: 'gray',
};

const nameOf = (member: EventMember) => member.full_name || member.email;

/**
 * 000 §3 / issue 16 §3: Name, the status and the row's status changes, then Email, Company, Title
 * and Events.
 */
export function RegistrantsTable({
  members,
  approvalRequired,
  selection,
  onSelect,
  onChangeStatus,
  busy,
}: {
  members: readonly EventMember[];
  approvalRequired: boolean;
  selection: RegistrantSelection;
  onSelect: (selection: RegistrantSelection) => void;
  onChangeStatus: (member: EventMember, to: EventUserStatus) => void;
  busy: boolean;
}) {
  const copyActivityLink = useCopyActivityLink();
  const revokeActivityLink = useRevokeActivityLink();
  const magicLink = useCopyMagicLink();
  // Only a registration holding a seat enters the event: a waitlisted one has no way in to copy yet.
  const entersEvent = (member: EventMember) =>
    (SEAT_HOLDING_STATUSES as readonly EventUserStatus[]).includes(member.event_user_status);
  const chosen = (member: EventMember) => selection.all || selection.ids.includes(member.user);
  const shownChosen = members.filter(chosen).length;
  const toggle = (member: EventMember) => {
    if (selection.all) return;
    onSelect({
      all: false,
      ids: selection.ids.includes(member.user)
        ? selection.ids.filter((id) => id !== member.user)
        : [...selection.ids, member.user],
    });
  };
  const allShown = members.length > 0 && shownChosen === members.length;
  return (
    <TableScroll label="Registrants" minWidth={880}>
      <Table verticalSpacing="xs" highlightOnHover aria-label="Registrants">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label="Select the registrants shown"
                checked={allShown}
                indeterminate={shownChosen > 0 && !allShown}
                disabled={selection.all}
                onChange={() =>
                  onSelect(
                    allShown ? noRegistrants : { all: false, ids: members.map((member) => member.user) },
                  )
                }
              />
            </Table.Th>
            {/* Name, status and the row's actions first: a phone shows them before scrolling sideways. */}
            <Table.Th>Name</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th w={48}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Company</Table.Th>
            <Table.Th>Title</Table.Th>
            <Table.Th>Events</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => {
            const name = nameOf(member);
            return (
              <Table.Tr key={member.id}>
                <Table.Td>
                  <Checkbox
                    aria-label={`Select ${name}`}
                    checked={chosen(member)}
                    disabled={selection.all}
                    onChange={() => toggle(member)}
                  />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {/* The badges keep their whole word, which sets the column's width (not "Waitlis…"). */}
                  <Group gap={4} wrap="nowrap">
                    <Badge
                      variant="light"
                      miw="max-content"
                      color={
                        awaitsApproval(member.event_user_status, approvalRequired)
                          ? 'orange'
                          : statusColors[member.event_user_status]
                      }
                    >
                      {registrantStatusLabel(member.event_user_status, approvalRequired)}
                    </Badge>
                    {member.is_blocked && (
                      <Badge variant="outline" color="red" miw="max-content">
                        Blocked
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon variant="subtle" aria-label={`Actions for ${name}`} disabled={busy}>
                        <IconDots size={18} aria-hidden />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {memberActions(member.event_user_status, approvalRequired).map((action) => (
                        <Menu.Item key={action.to} onClick={() => onChangeStatus(member, action.to)}>
                          {action.label}
                        </Menu.Item>
                      ))}
                      <Menu.Divider />
                      {entersEvent(member) && (
                        <Menu.Item onClick={() => magicLink.copy(member.event, member.user)}>
                          Copy the magic link
                        </Menu.Item>
                      )}
                      <Menu.Item onClick={() => copyActivityLink.mutate(member.user)}>
                        {registrantActivityMessages.copyLink}
                      </Menu.Item>
                      <Menu.Item onClick={() => revokeActivityLink.mutate(member.user)}>
                        {registrantActivityMessages.revokeLink}
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Table.Td>
                <Table.Td>{member.email}</Table.Td>
                <Table.Td>{member.company ?? '—'}</Table.Td>
                <Table.Td>{member.title ?? '—'}</Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2} title={member.events.map((event) => event.title).join(', ')}>
                    {member.events.map((event) => event.title).join(', ') || '—'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
