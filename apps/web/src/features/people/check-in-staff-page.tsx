import { Stack, Table } from '@mantine/core';
import { fullName, newPersonSchema, peopleMessages, type EventRoleAnswer } from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AddButton } from '../../ui/add-button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { StudioDialog } from '../../ui/studio-dialog.tsx';
import { fieldProps, onFormFields, useStudioForm } from '../../ui/studio-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import { MagicLinkButton } from './magic-link-button.tsx';
import { checkInStaffQuery, useAddCheckInStaff, useRemoveEventRole } from './people-api.ts';
import { PeopleTable, PersonName } from './people-table.tsx';
import { FormActions } from '../../ui/form-actions.tsx';
import { DeleteIconButton } from '../../ui/delete-icon-button.tsx';

const checkInStaffSchema = newPersonSchema.pick({ first_name: true, last_name: true, email: true });

function AddCheckInStaffDialog({ eventId, onClose }: { eventId: string; onClose: () => void }) {
  const form = useStudioForm<{ first_name: string; last_name: string; email: string }>(checkInStaffSchema, {
    initialValues: { first_name: '', last_name: '', email: '' },
  });
  const add = useAddCheckInStaff(eventId, onClose, onFormFields(form));
  return (
    <StudioDialog opened onClose={onClose} title="Add Check-in Staff" size="small">
      <form onSubmit={form.onSubmit((values) => add.mutate(values))} noValidate>
        <Stack>
          <TextField
            label="First name"
            required
            data-autofocus
            maxLength={150}
            {...fieldProps(form, 'first_name')}
          />
          <TextField label="Last name" required maxLength={150} {...fieldProps(form, 'last_name')} />
          <TextField label="Email" type="email" required {...fieldProps(form, 'email')} />
          <FormActions onCancel={onClose} saving={add.isPending} />
        </Stack>
      </form>
    </StudioDialog>
  );
}

/** An event's check-in staff (002 §7.7): the people at the door, who open only the event's check-in manager. */
export function CheckInStaffPage({ eventId }: { eventId: string }) {
  const people = useQuery(checkInStaffQuery(eventId));
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<EventRoleAnswer | null>(null);
  const remove = useRemoveEventRole(eventId, peopleMessages.checkInStaffRemoved, () => setRemoving(null));
  const rows = people.data?.results ?? [];
  const add = <AddButton onClick={() => setAdding(true)}>Add Check-in Staff</AddButton>;
  return (
    <Stack>
      <PageHeader
        title="Check-in Staff"
        description="The people who check attendees in at the door; their magic link opens the event's check-in manager."
        actions={add}
      />
      <PeopleTable
        label="Check-in staff"
        list={people}
        errorMessage={peopleMessages.errorLoadingCheckInStaff}
        loadingLabel="Loading check-in staff"
        emptyState={
          <EmptyState
            title="No check-in staff yet"
            message="Add the people who will welcome attendees and check them in."
            action={add}
          />
        }
        minWidth={520}
        columns={['Full Name', 'Email', 'Magic Link']}
        actionsWidth={48}
        rows={rows}
        renderCells={(person) => {
          const name = fullName(person.user);
          return (
            <>
              <Table.Td>
                <PersonName name={name} picture={person.user.profile_picture_url} />
              </Table.Td>
              <Table.Td>{person.user.email}</Table.Td>
              <Table.Td>
                <MagicLinkButton eventId={eventId} userId={person.user.id} name={name} />
              </Table.Td>
              <Table.Td>
                <DeleteIconButton
                  label={`Remove ${name}`}
                  onClick={() => setRemoving(person)}
                  iconSize={18}
                />
              </Table.Td>
            </>
          );
        }}
      />
      {adding && <AddCheckInStaffDialog eventId={eventId} onClose={() => setAdding(false)} />}
      <ConfirmDialog
        opened={removing !== null}
        message={`${removing ? fullName(removing.user) : ''} will no longer check attendees in.`}
        confirmLabel="Remove"
        confirming={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
        onCancel={() => setRemoving(null)}
      />
    </Stack>
  );
}
