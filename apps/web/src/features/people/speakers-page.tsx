import { Stack } from '@mantine/core';
import {
  EVENT_ROLES,
  peopleMessages,
  SPEAKERS_PAGE_SIZE,
  speakerRoleInSession,
  type EventRoleAnswer,
  type PeopleSelection,
} from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { useState } from 'react';
import { AddButton } from '../../ui/add-button.tsx';
import { broadcastsQuery } from '../../api/event-sessions.ts';
import { speakerListAddressSchema, speakersQuery } from '../../api/event-speakers.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { useListPage, useListSelection } from '../../ui/list-page.ts';
import { companyChoice, ListToolbar } from '../../ui/list-toolbar.tsx';
import { ListStates } from '../../ui/list-states.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { PeopleBulkActions, SPEAKER_ACTIONS } from './bulk-actions.tsx';
import {
  defaultSpeakerRoleQuery,
  reorderedRanks,
  speakerRolesQuery,
  useReorderSpeakers,
  useSetDefaultSpeakerRole,
} from './people-api.ts';
import { noSelection } from './people-selection.tsx';
import { roleOptions } from './role-labels.ts';
import { SpeakerDrawer } from './speaker-drawer.tsx';
import { SpeakersTable } from './speakers-table.tsx';
import { useFailureToast } from '../../ui/toast.ts';

/**
 * An event's speakers (002 §3.9, §4.7): 25 a page by rank, dragged into a new order (kept on
 * screen at once, put back if the server refuses), searched and filtered by company in the address,
 * selected (all, less the rows toggled off) for bulk actions, added and edited in a drawer.
 */
export function SpeakersPage({ eventId, organizationId }: { eventId: string; organizationId: string }) {
  const path = useLocation({ select: (location) => location.pathname });
  const list = useListPage(path, speakerListAddressSchema);
  const { state, setPage } = list;
  const [selection, setSelection] = useListSelection<PeopleSelection>(
    `${state.search}|${state.companies.join(',')}`,
    noSelection,
  );
  const [editing, setEditing] = useState<EventRoleAnswer | 'new' | null>(null);
  // The dragged order shows until the list comes back from the server.
  const [order, setOrder] = useState<{ basis: unknown; rows: EventRoleAnswer[] } | null>(null);

  const speakers = useQuery(speakersQuery(eventId, state));
  const roles = useQuery(speakerRolesQuery);
  const defaultRole = useQuery(defaultSpeakerRoleQuery(eventId));
  const sessions = useQuery(broadcastsQuery(eventId));
  const reorder = useReorderSpeakers(eventId);
  const setDefaultRole = useSetDefaultSpeakerRole(eventId);
  useFailureToast(speakers.isError, peopleMessages.errorLoadingSpeakers);
  useFailureToast(roles.isError, peopleMessages.errorLoadingSpeakerRoles);

  const rows = order && order.basis === speakers.data ? order.rows : (speakers.data?.results ?? []);
  const total = speakers.data?.count ?? 0;
  const roleList = roles.data ?? [];
  const defaultRoleId = defaultRole.data?.role ?? null;
  // 002 §6 "each event has a default speaker role": until one is chosen, the one that applies — the
  // last listed option (002 §4.7) — as the speakers' rows and the server read it.
  const shownDefaultRole = defaultRole.isSuccess ? speakerRoleInSession(null, defaultRoleId, roleList) : null;
  const filtering = state.search !== '' || state.companies.length > 0;

  const add = <AddButton onClick={() => setEditing('new')}>Add Speaker</AddButton>;
  return (
    <Stack>
      <PageHeader
        title="Speakers"
        description="The people on stage: their sessions, their role in each, and their personal magic link."
        actions={
          <>
            <SelectField
              aria-label="Default speaker role"
              placeholder="Default speaker role"
              w={210}
              options={roleOptions(roleList)}
              value={shownDefaultRole}
              allowDeselect={false}
              disabled={setDefaultRole.isPending || defaultRole.isPending}
              onChange={(role) => setDefaultRole.mutate(role)}
            />
            {add}
          </>
        }
      />
      <ListToolbar
        list={list}
        searchPlaceholder="Name, email or company"
        choices={[
          companyChoice(
            'companies',
            420,
            rows.map((row) => row.user.company),
            'Filter by company',
          ),
        ]}
      />
      <PeopleBulkActions
        eventId={eventId}
        role={EVENT_ROLES.SPEAKER}
        label="Selected speakers"
        actions={SPEAKER_ACTIONS}
        removal={(count) => `${count} speaker${count === 1 ? '' : 's'} will be removed from the event.`}
        selection={selection}
        total={total}
        onSelect={setSelection}
      />
      <ListStates
        failure={speakers.isError && peopleMessages.errorLoadingSpeakers}
        pending={speakers.isPending}
        loadingLabel="Loading speakers"
        empty={rows.length === 0}
        emptyState={
          filtering ? (
            state.companies.length > 0 ? (
              'No speakers of these companies.'
            ) : (
              'No speakers match this search.'
            )
          ) : (
            <EmptyState
              title="No speakers yet"
              message="Add the people who speak at this event; they get an invitation and a personal magic link."
              action={add}
            />
          )
        }
      >
        <SpeakersTable
          eventId={eventId}
          rows={rows}
          roles={roleList}
          defaultRole={defaultRoleId}
          selection={selection}
          allPagesSelectable={!filtering}
          onSelect={setSelection}
          onEdit={setEditing}
          onReorder={(ordered) => {
            const basis = speakers.data;
            setOrder({ basis, rows: ordered });
            reorder.mutate(
              { updated_ranks: reorderedRanks(rows, ordered, (state.page - 1) * SPEAKERS_PAGE_SIZE) },
              { onError: () => setOrder(null) },
            );
          }}
        />
        <ListPagination total={total} pageSize={SPEAKERS_PAGE_SIZE} page={state.page} onChange={setPage} />
      </ListStates>
      {editing && (
        <SpeakerDrawer
          eventId={eventId}
          organizationId={organizationId}
          speaker={editing === 'new' ? null : editing}
          sessions={sessions.data ?? []}
          roles={roleList}
          defaultRole={defaultRoleId}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
