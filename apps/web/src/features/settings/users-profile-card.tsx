import { Group } from '@mantine/core';
import {
  USER_COMPANY_MAX,
  USER_TITLE_MAX,
  WEB_URL_MAX,
  updateProfileRequestSchema,
  type CurrentUser,
  type UpdateProfileRequest,
} from '@studio/domain';
import { fieldProps, onFormFields, useStudioForm } from '../../ui/studio-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import { useUpdateProfile } from './users-api.ts';
import { FormActions } from '../../ui/form-actions.tsx';
import { ErrorAlert } from '../../ui/error-alert.tsx';
import { SettingsCard } from './settings-frame.tsx';
import { profileText, type ProfileField, type ProfileText } from '../../ui/person-profile.ts';

const NAME_MAX = 150;

/** What the form would change: only the fields whose trimmed text differs. */
export function profileChanges(saved: ProfileText, edited: ProfileText): UpdateProfileRequest {
  const changes: Record<string, string> = {};
  for (const field of Object.keys(edited) as ProfileField[]) {
    if (edited[field].trim() !== saved[field].trim()) changes[field] = edited[field].trim();
  }
  return changes;
}

/** Settings → Preferences: the signed-in person edits their own profile (PATCH /api/core/user/me/). */
export function ProfileCard({ user }: { user: CurrentUser }) {
  const saved = profileText(user);
  const form = useStudioForm<ProfileText>(updateProfileRequestSchema, { initialValues: saved });
  const changes = profileChanges(saved, form.values);
  const save = useUpdateProfile({
    onSaved: (updated) => form.setValues(profileText(updated)),
    onRefused: onFormFields(form),
  });
  const submit = form.onSubmit(() => save.mutate(changes));
  const field = (name: ProfileField, label: string, maxLength: number) => (
    <TextField
      label={label}
      maxLength={maxLength}
      withAsterisk={name === 'first_name' || name === 'last_name'}
      {...fieldProps(form, name)}
    />
  );

  return (
    <SettingsCard title="Your profile" onSubmit={submit}>
      <Group grow align="flex-start">
        {field('first_name', 'First name', NAME_MAX)}
        {field('last_name', 'Last name', NAME_MAX)}
      </Group>
      <Group grow align="flex-start">
        {field('title', 'Title', USER_TITLE_MAX)}
        {field('company', 'Company', USER_COMPANY_MAX)}
      </Group>
      {field('linkedin_url', 'LinkedIn URL', WEB_URL_MAX)}
      {field('twitter_url', 'Twitter URL', WEB_URL_MAX)}
      {field('profile_picture_url', 'Profile picture URL', WEB_URL_MAX)}
      {Object.keys(form.errors).length === 0 && <ErrorAlert error={save.error} />}
      <FormActions
        saving={save.isPending}
        disabled={Object.keys(changes).length === 0}
        label="Save profile"
      />
    </SettingsCard>
  );
}
