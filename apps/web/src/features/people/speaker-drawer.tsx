import { Checkbox, Drawer, Group, Stack, Textarea } from '@mantine/core';
import {
  EVENT_ROLES,
  newPersonSchema,
  SPEAKER_BIO_MAX_LENGTH,
  speakerRoleInSession,
  type Broadcast,
  type EventRoleAnswer,
  type Role,
} from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ImageUrlField } from '../../ui/image-url-field.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { fieldProps, onFormFields, useStudioForm } from '../../ui/studio-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import { profileText } from '../../ui/person-profile.ts';
import {
  inviteEmailQuery,
  useInvitationDescription,
  useSaveSpeaker,
  type FoundPerson,
} from './people-api.ts';
import { PersonEmailField } from './person-email-field.tsx';
import { roleOptions } from './role-labels.ts';
import {
  permissionRolesOf,
  SessionRolesField,
  sessionRolesOf,
  type SessionRoles,
} from './session-roles-field.tsx';
import { FormActions } from '../../ui/form-actions.tsx';
import { InviteCheckboxes } from './invite-checkboxes.tsx';

interface SpeakerForm {
  email: string;
  first_name: string;
  last_name: string;
  title: string;
  company: string;
  profile_picture_url: string;
  linkedin_url: string;
  twitter_url: string;
  bio: string;
  sessions: SessionRoles;
  event_app_role: string | null;
  hidden: boolean;
  send_email_invite: boolean;
  send_calendar_invite: boolean;
}

/** The person's fields are checked with the domain's rules (002 §5.2 for the LinkedIn and X links). */
const speakerFormSchema = newPersonSchema;

const profileOf = (values: SpeakerForm) => ({
  first_name: values.first_name,
  last_name: values.last_name,
  title: values.title,
  company: values.company,
  profile_picture_url: values.profile_picture_url,
  linkedin_url: values.linkedin_url,
  twitter_url: values.twitter_url,
  bio: values.bio,
});

const initialValues = (speaker: EventRoleAnswer | null): SpeakerForm => ({
  email: speaker?.user.email ?? '',
  ...profileText(speaker?.user ?? {}),
  profile_picture_url:
    speaker?.organization_user.profile_picture_url ?? speaker?.user.profile_picture_url ?? '',
  bio: speaker?.user.bio ?? '',
  sessions: speaker ? sessionRolesOf(speaker) : { sessions: [], roles: {} },
  event_app_role: speaker?.event_app_role ?? null,
  hidden: speaker?.hidden ?? false,
  send_email_invite: true,
  send_calendar_invite: false,
});

/**
 * Adds or edits a speaker (002 §3.9, §7.7): the email first (an existing person's details are
 * filled in), the profile the organisation shows, their sessions with a role in each, hidden, and
 * on creation the invitations to send.
 */
export function SpeakerDrawer({
  eventId,
  organizationId,
  speaker,
  sessions,
  roles,
  defaultRole,
  onClose,
}: {
  eventId: string;
  organizationId: string;
  speaker: EventRoleAnswer | null;
  sessions: readonly Broadcast[];
  roles: readonly Role[];
  defaultRole: string | null;
  onClose: () => void;
}) {
  const form = useStudioForm<SpeakerForm>(speakerFormSchema, { initialValues: initialValues(speaker) });
  const [found, setFound] = useState<FoundPerson | null>(null);
  const save = useSaveSpeaker(eventId, onClose, onFormFields(form));
  const invitation = useQuery({ ...inviteEmailQuery(eventId, 'SpkInvite'), enabled: speaker === null });
  const invitationDescription = useInvitationDescription(eventId, invitation.data);
  const values = form.getValues();
  const fillFrom = (person: FoundPerson | null) => {
    setFound(person);
    if (!person) return;
    form.setValues(profileText(person));
  };
  const submit = form.onSubmit((submitted) => {
    const profile = profileOf(submitted);
    const existingUser = speaker?.user.id ?? found?.id ?? null;
    const assignment = {
      broadcasts: submitted.sessions.sessions,
      event_app_role: submitted.event_app_role,
      permission_roles: permissionRolesOf(submitted.sessions),
      hidden: submitted.hidden,
    };
    save.mutate({
      id: speaker?.id ?? null,
      create: {
        event: eventId,
        role: EVENT_ROLES.SPEAKER,
        user: existingUser ?? { email: submitted.email, ...profile },
        ...assignment,
        send_email_invite: submitted.send_email_invite,
        send_calendar_invite: submitted.send_calendar_invite,
      },
      update: assignment,
      profile: existingUser
        ? { userId: existingUser, orgUser: { event: eventId, org_user_data: profile } }
        : null,
    });
  });
  const text = (field: 'first_name' | 'last_name' | 'title' | 'company' | 'linkedin_url' | 'twitter_url') =>
    fieldProps(form, field);
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="lg"
      title={speaker ? 'Edit Speaker' : 'Add Speaker'}
      closeButtonProps={{ 'aria-label': 'Close the speaker drawer' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {speaker ? (
            <TextField label="Email" value={values.email} onChange={() => undefined} readOnly />
          ) : (
            <PersonEmailField
              organizationId={organizationId}
              value={values.email}
              onChange={(email) => form.setFieldValue('email', email)}
              onFound={fillFrom}
              error={form.errors.email as string | undefined}
            />
          )}
          <Group grow align="flex-start">
            <TextField label="First name" required maxLength={150} {...text('first_name')} />
            <TextField label="Last name" required maxLength={150} {...text('last_name')} />
          </Group>
          <Group grow align="flex-start">
            <TextField label="Title" maxLength={150} {...text('title')} />
            <TextField label="Company" maxLength={150} {...text('company')} />
          </Group>
          <ImageUrlField
            label="Profile picture"
            uploadScope={`events/${eventId}`}
            value={values.profile_picture_url}
            onChange={(url) => form.setFieldValue('profile_picture_url', url)}
            error={form.errors.profile_picture_url as string | undefined}
          />
          <TextField label="LinkedIn" placeholder="https://www.linkedin.com/in/…" {...text('linkedin_url')} />
          <TextField label="X (Twitter)" placeholder="https://x.com/…" {...text('twitter_url')} />
          <Textarea label="Bio" rows={4} maxLength={SPEAKER_BIO_MAX_LENGTH} {...form.getInputProps('bio')} />
          <SelectField
            label="Role"
            description="Where a session gives the speaker no role of its own."
            placeholder="The event's default speaker role"
            clearable
            options={roleOptions(roles)}
            {...form.getInputProps('event_app_role')}
          />
          <SessionRolesField
            sessions={sessions}
            roles={roles}
            fallbackRole={speakerRoleInSession(values.event_app_role, defaultRole, roles)}
            value={values.sessions}
            onChange={(next) => form.setFieldValue('sessions', next)}
            error={form.errors.broadcasts as string | undefined}
          />
          <Checkbox
            label="Hidden from the event's pages"
            {...form.getInputProps('hidden', { type: 'checkbox' })}
          />
          {!speaker && <InviteCheckboxes form={form} description={invitationDescription} />}
          <FormActions onCancel={onClose} saving={save.isPending} sticky />
        </Stack>
      </form>
    </Drawer>
  );
}
