import { Group, Radio, Stack } from '@mantine/core';
import {
  messages,
  newPersonSchema,
  STAFF_ROLE_DESCRIPTIONS,
  STAFF_USER_TYPE,
  type Broadcast,
  type EmailConfig,
  type Role,
  type StaffMember,
} from '@studio/domain';
import { useState } from 'react';
import { z } from 'zod';
import { StudioDialog } from '../../ui/studio-dialog.tsx';
import { fieldProps, onFormFields, useStudioForm } from '../../ui/studio-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import { useInvitationDescription, useSaveStaff, type FoundPerson } from './people-api.ts';
import { PersonEmailField } from './person-email-field.tsx';
import {
  permissionRolesOf,
  SessionRolesField,
  sessionRolesOf,
  type SessionRoles,
} from './session-roles-field.tsx';
import { FormActions } from '../../ui/form-actions.tsx';
import { InviteCheckboxes } from './invite-checkboxes.tsx';

interface StaffForm {
  email: string;
  first_name: string;
  last_name: string;
  title: string;
  company: string;
  event_app_role: string;
  sessions: SessionRoles;
  send_email_invite: boolean;
  send_calendar_invite: boolean;
}

const role = z.string().min(1, messages.fieldRequired);
const newStaffSchema = newPersonSchema
  .pick({ email: true, first_name: true, last_name: true, title: true, company: true })
  .extend({
    event_app_role: role,
  });
const staffRolesSchema = z.object({ event_app_role: role });

const description = (name: string) => STAFF_ROLE_DESCRIPTIONS[name as keyof typeof STAFF_ROLE_DESCRIPTIONS];

/**
 * Adds a producer or coordinator (000 §1, 002 §3.10) — the person, their role with its
 * description, sessions with a role in each and the invitations — or changes a staff member's
 * roles per session.
 */
export function StaffDialog({
  eventId,
  organizationId,
  member,
  roles,
  sessions,
  invitation,
  onClose,
}: {
  eventId: string;
  organizationId: string;
  member: StaffMember | null;
  roles: readonly Role[];
  sessions: readonly Broadcast[];
  /** The StaffInvite email the checkbox sends, when loaded. */
  invitation: EmailConfig | null;
  onClose: () => void;
}) {
  const invitationDescription = useInvitationDescription(eventId, invitation);
  const form = useStudioForm<StaffForm>(member ? staffRolesSchema : newStaffSchema, {
    initialValues: {
      email: member?.user.email ?? '',
      first_name: member?.user.first_name ?? '',
      last_name: member?.user.last_name ?? '',
      title: member?.user.title ?? '',
      company: member?.user.company ?? '',
      event_app_role: member?.event_app_role ?? member?.roles[0]?.role.id ?? '',
      sessions: member ? sessionRolesOf(member) : { sessions: [], roles: {} },
      send_email_invite: true,
      send_calendar_invite: false,
    },
  });
  const [found, setFound] = useState<FoundPerson | null>(null);
  const save = useSaveStaff(eventId, onClose, onFormFields(form));
  const values = form.getValues();
  const submit = form.onSubmit((submitted) => {
    const assignment = {
      broadcasts: submitted.sessions.sessions,
      event_app_role: submitted.event_app_role,
      permission_roles: permissionRolesOf(submitted.sessions),
    };
    const person = {
      email: submitted.email,
      first_name: submitted.first_name,
      last_name: submitted.last_name,
      title: submitted.title,
      company: submitted.company,
    };
    save.mutate({
      id: member?.id ?? null,
      create: {
        event: eventId,
        user: found?.id ?? person,
        user_type: STAFF_USER_TYPE,
        ...assignment,
        send_email_invite: submitted.send_email_invite,
        send_calendar_invite: submitted.send_calendar_invite,
      },
      update: assignment,
    });
  });
  /** A profile field of a new staff member: read only once the email found someone. */
  const profileField = (field: 'first_name' | 'last_name' | 'title' | 'company') => ({
    maxLength: 150,
    readOnly: Boolean(found),
    ...fieldProps(form, field),
  });
  return (
    <StudioDialog opened onClose={onClose} title={member ? 'Change Roles' : 'Add Staff'} size="large">
      <form onSubmit={submit} noValidate>
        <Stack>
          {!member && (
            <>
              <PersonEmailField
                organizationId={organizationId}
                value={values.email}
                onChange={(email) => form.setFieldValue('email', email)}
                onFound={(person) => {
                  setFound(person);
                  if (person)
                    form.setValues({
                      first_name: person.first_name,
                      last_name: person.last_name,
                      title: person.title ?? '',
                      company: person.company ?? '',
                    });
                }}
                error={form.errors.email as string | undefined}
              />
              <Group grow align="flex-start">
                <TextField label="First name" required {...profileField('first_name')} />
                <TextField label="Last name" required {...profileField('last_name')} />
              </Group>
              <Group grow align="flex-start">
                <TextField label="Title" {...profileField('title')} />
                <TextField label="Company" {...profileField('company')} />
              </Group>
            </>
          )}
          <Radio.Group label="Role" withAsterisk {...form.getInputProps('event_app_role')}>
            <Stack gap="xs" mt={6}>
              {roles.map((option) => (
                <Radio
                  key={option.id}
                  value={option.id}
                  label={option.display_name}
                  description={description(option.name)}
                />
              ))}
            </Stack>
          </Radio.Group>
          <SessionRolesField
            sessions={sessions}
            roles={roles}
            fallbackRole={values.event_app_role || null}
            value={values.sessions}
            onChange={(next) => form.setFieldValue('sessions', next)}
            error={form.errors.broadcasts as string | undefined}
          />
          {!member && (
            <Stack gap={6}>
              <InviteCheckboxes form={form} description={invitationDescription} />
            </Stack>
          )}
          <FormActions onCancel={onClose} saving={save.isPending} />
        </Stack>
      </form>
    </StudioDialog>
  );
}
