import { Card, Group, Loader, Stack, Switch, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { ssoSettingsUpdateSchema, type SsoSettings } from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { CopyButton } from '../../ui/copy-button.tsx';
import { onFormFields, useStudioForm } from '../../ui/studio-form.ts';
import { ssoSettingsQuery, useSaveSsoSettings } from './organization-api.ts';
import { FormActions } from '../../ui/form-actions.tsx';
import { namedPill } from '../../ui/multi-select-field.tsx';
import { ErrorAlert } from '../../ui/error-alert.tsx';

/** The form: the client secret is write-only, and left empty it keeps the stored one. */
const ssoFormSchema = ssoSettingsUpdateSchema.omit({ client_secret: true });

/** The organisation's OpenID Connect provider (organisation admins only). */
export function SsoSettingsCard({ organizationId }: { organizationId: string }) {
  const settings = useQuery(ssoSettingsQuery(organizationId));
  return (
    <Card withBorder component="section" aria-label="Single sign-on">
      <Stack>
        <Title order={2} size="h4">
          Single sign-on (OpenID Connect)
        </Title>
        {settings.isPending && <Loader size="sm" aria-label="Loading" />}
        <ErrorAlert error={settings.error} />
        {settings.data && <SsoSettingsForm key={settings.dataUpdatedAt} saved={settings.data} />}
      </Stack>
    </Card>
  );
}

function SsoSettingsForm({ saved }: { saved: SsoSettings }) {
  const form = useStudioForm(ssoFormSchema, {
    initialValues: {
      issuer: saved.issuer,
      client_id: saved.client_id,
      client_secret: '',
      enabled: saved.enabled,
      email_domains: saved.email_domains,
    },
  });
  const save = useSaveSsoSettings(saved.organization, onFormFields(form));
  const submit = form.onSubmit(({ client_secret, ...settings }) =>
    save.mutate({ ...settings, ...(client_secret ? { client_secret } : {}) }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            label="Redirect URI"
            description="Register it at your identity provider."
            value={saved.redirect_uri}
            readOnly
            flex={1}
          />
          <CopyButton value={saved.redirect_uri} aria-label="Copy redirect URI" />
        </Group>
        <TextInput
          label="Issuer URL"
          placeholder="https://login.example.com"
          {...form.getInputProps('issuer')}
        />
        <TextInput label="Client ID" {...form.getInputProps('client_id')} />
        <TextInput
          label="Client secret"
          type="password"
          autoComplete="off"
          placeholder={saved.has_client_secret ? 'Stored — leave empty to keep it' : ''}
          {...form.getInputProps('client_secret')}
        />
        <TagsInput
          label="SSO-only email domains"
          description="People of your organization with these email domains must sign in with SSO."
          placeholder="example.com"
          renderPill={namedPill}
          {...form.getInputProps('email_domains')}
        />
        <Switch label="Single sign-on enabled" {...form.getInputProps('enabled', { type: 'checkbox' })} />
        {Object.keys(form.errors).length === 0 && <ErrorAlert error={save.error} />}
        {saved.enabled && (
          <Text size="sm" c="dimmed">
            Members sign in at /auth/org/{saved.organization}.
          </Text>
        )}
        <FormActions saving={save.isPending} label="Save single sign-on" />
      </Stack>
    </form>
  );
}
