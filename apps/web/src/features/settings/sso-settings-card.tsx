import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { apiErrorSchema, type SsoSettings } from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiRequestError, failureMessage } from '../../api/api-error.ts';
import { CopyButton } from '../../ui/copy-button.tsx';
import { ssoSettingsQuery, useSaveSsoSettings } from './organization-api.ts';

type SsoField = 'issuer' | 'client_id' | 'client_secret' | 'email_domains';

function fieldProblems(error: unknown): Partial<Record<SsoField, string>> {
  if (!(error instanceof ApiRequestError)) return {};
  const errors = apiErrorSchema.safeParse(error.body).data?.errors ?? {};
  const problems: Partial<Record<SsoField, string>> = {};
  for (const [field, list] of Object.entries(errors)) {
    const name = field.split('.')[0] as SsoField;
    if (['issuer', 'client_id', 'client_secret', 'email_domains'].includes(name) && list[0])
      problems[name] ??= list[0];
  }
  return problems;
}

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
        {settings.isError && (
          <Alert color="red" role="alert">
            {failureMessage(settings.error)}
          </Alert>
        )}
        {settings.data && <SsoSettingsForm key={settings.dataUpdatedAt} saved={settings.data} />}
      </Stack>
    </Card>
  );
}

function SsoSettingsForm({ saved }: { saved: SsoSettings }) {
  const [issuer, setIssuer] = useState(saved.issuer);
  const [clientId, setClientId] = useState(saved.client_id);
  const [clientSecret, setClientSecret] = useState('');
  const [enabled, setEnabled] = useState(saved.enabled);
  const [domains, setDomains] = useState(saved.email_domains);
  const save = useSaveSsoSettings(saved.organization);
  const problems = fieldProblems(save.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      issuer,
      client_id: clientId,
      ...(clientSecret ? { client_secret: clientSecret } : {}),
      enabled,
      email_domains: domains,
    });
  };

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
          value={issuer}
          error={problems.issuer}
          onChange={(event) => setIssuer(event.currentTarget.value)}
        />
        <TextInput
          label="Client ID"
          value={clientId}
          error={problems.client_id}
          onChange={(event) => setClientId(event.currentTarget.value)}
        />
        <TextInput
          label="Client secret"
          type="password"
          autoComplete="off"
          placeholder={saved.has_client_secret ? 'Stored — leave empty to keep it' : ''}
          value={clientSecret}
          error={problems.client_secret}
          onChange={(event) => setClientSecret(event.currentTarget.value)}
        />
        <TagsInput
          label="SSO-only email domains"
          description="People of your organization with these email domains must sign in with SSO."
          placeholder="example.com"
          value={domains}
          error={problems.email_domains}
          onChange={setDomains}
        />
        <Switch
          label="Single sign-on enabled"
          checked={enabled}
          onChange={(event) => setEnabled(event.currentTarget.checked)}
        />
        {save.isError && Object.keys(problems).length === 0 && (
          <Alert color="red" role="alert">
            {failureMessage(save.error)}
          </Alert>
        )}
        {saved.enabled && (
          <Text size="sm" c="dimmed">
            Members sign in at /auth/org/{saved.organization}.
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save single sign-on
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
