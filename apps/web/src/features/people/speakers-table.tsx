import { ActionIcon, Badge, Table } from '@mantine/core';
import { fullName, type EventRoleAnswer, type PeopleSelection, type Role } from '@studio/domain';
import { IconPencil } from '@tabler/icons-react';
import { ACTIONS_COLUMN, hiddenColumn, ListTable } from '../../ui/list-table.tsx';
import { SortableTableBody } from '../../ui/sortable-list.tsx';
import { MagicLinkButton } from './magic-link-button.tsx';
import { SelectAllBox, SelectPersonBox } from './people-selection.tsx';
import { PersonName } from './people-table.tsx';
import { heldRoleIds, roleLabels } from './role-labels.ts';

/** The speakers table (002 §3.9): Full Name, Title, Company, Permission, Magic Link; rows dragged into rank order. */
export function SpeakersTable({
  eventId,
  rows,
  roles,
  defaultRole,
  selection,
  allPagesSelectable,
  onSelect,
  onReorder,
  onEdit,
}: {
  eventId: string;
  rows: EventRoleAnswer[];
  roles: readonly Role[];
  defaultRole: string | null;
  selection: PeopleSelection;
  /** Select-all across every page is offered only on the whole list (not a company's). */
  allPagesSelectable: boolean;
  onSelect: (selection: PeopleSelection) => void;
  onReorder: (ordered: EventRoleAnswer[]) => void;
  onEdit: (speaker: EventRoleAnswer) => void;
}) {
  return (
    <ListTable
      label="Speakers"
      minWidth={860}
      verticalSpacing="xs"
      columns={[
        hiddenColumn('Order', 96),
        <Table.Th key="select" w={40}>
          <SelectAllBox
            label={allPagesSelectable ? 'Select all speakers' : 'Select the speakers shown'}
            ids={rows.map((row) => row.id)}
            selection={selection}
            allPagesSelectable={allPagesSelectable}
            onSelect={onSelect}
          />
        </Table.Th>,
        'Full Name',
        { header: 'Title', visibleFrom: 'md' },
        { header: 'Company', visibleFrom: 'md' },
        { header: 'Permission', visibleFrom: 'sm' },
        'Magic Link',
        ACTIONS_COLUMN,
      ]}
      body={
        <SortableTableBody
          rows={rows}
          labelOf={(row) => fullName(row.user)}
          onReorder={onReorder}
          renderCells={(row) => {
            const name = fullName(row.user);
            return (
              <>
                <Table.Td>
                  <SelectPersonBox id={row.id} name={name} selection={selection} onSelect={onSelect} />
                </Table.Td>
                <Table.Td>
                  <PersonName
                    name={name}
                    picture={row.organization_user.profile_picture_url ?? row.user.profile_picture_url}
                  >
                    {row.hidden && (
                      <Badge size="xs" variant="light" color="gray">
                        Hidden
                      </Badge>
                    )}
                  </PersonName>
                </Table.Td>
                <Table.Td>{row.user.title ?? '—'}</Table.Td>
                <Table.Td>{row.user.company ?? '—'}</Table.Td>
                <Table.Td>{roleLabels(heldRoleIds(row, defaultRole, roles), roles)}</Table.Td>
                <Table.Td>
                  <MagicLinkButton eventId={eventId} userId={row.user.id} name={name} />
                </Table.Td>
                <Table.Td>
                  <ActionIcon variant="subtle" aria-label={`Edit ${name}`} onClick={() => onEdit(row)}>
                    <IconPencil size={18} aria-hidden />
                  </ActionIcon>
                </Table.Td>
              </>
            );
          }}
        />
      }
    />
  );
}
