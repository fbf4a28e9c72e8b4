import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  CRM_OBJECT_TYPES,
  CRM_TYPES,
  crmLabels,
  crmMessages,
  type CrmConnection,
  type CrmCredentials,
  type CrmType,
} from '@studio/domain';
import { useState, type FormEvent } from 'react';
import { HrefLink } from '../../ui/href-link.tsx';
import { useAuthenticate, useAuthHealth, useConnections, useUpdateRegion } from './crm-api.ts';

const loading = (
  <Center py="xl">
    <Loader aria-label="Loading applications" />
  </Center>
);

export const isCrmType = (value: string): value is CrmType =>
  (CRM_TYPES as readonly string[]).includes(value);

const settingsPath = (crmType: CrmType) => `/integrations/applications/${crmType}/settings`;

function ConnectionBadge({ connection }: { connection: CrmConnection | undefined }) {
  if (!connection?.is_authenticated)
    return (
      <Badge variant="light" color="gray">
        Not connected
      </Badge>
    );
  return connection.token_expired ? (
    <Badge variant="light" color="yellow">
      Token expired
    </Badge>
  ) : (
    <Badge variant="light" color="green">
      Connected
    </Badge>
  );
}

/** /integrations/applications: the organisation's CRMs, whether each is connected, and the way to its settings. */
export function CrmApplicationsList() {
  const connections = useConnections();
  if (connections.isError)
    return (
      <Alert color="red" role="alert">
        {crmMessages.initializeFailed}
      </Alert>
    );
  if (!connections.data) return loading;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {CRM_TYPES.map((crmType) => {
        const connection = connections.data.find((one) => one.crm_type === crmType);
        return (
          <Card key={crmType} withBorder radius="md" component="article" aria-label={crmLabels[crmType]}>
            <Stack gap="xs">
              <Group justify="space-between">
                <Title order={3} size="h5">
                  {crmLabels[crmType]}
                </Title>
                <ConnectionBadge connection={connection} />
              </Group>
              {connection?.account_id && (
                <Text size="sm" c="dimmed">
                  {crmType === 'salesforce' ? 'Org id' : 'Portal id'} {connection.account_id}
                </Text>
              )}
              <HrefLink href={`${settingsPath(crmType)}/authentication`} size="sm">
                {connection?.is_authenticated ? 'Settings' : 'Connect'}
              </HrefLink>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

/** /integrations/applications/$instanceID/settings/authentication: credentials (write-only), auth health, region. */
export function CrmAuthentication({ crmType }: { crmType: CrmType }) {
  const connections = useConnections();
  const connection = connections.data?.find((one) => one.crm_type === crmType);
  const [error, setError] = useState<string | null>(null);
  const authenticate = useAuthenticate({ onFailure: () => setError(crmMessages.authenticationFailed) });
  const health = useAuthHealth(crmType);
  const [fields, setFields] = useState<Record<string, string>>({});
  const field = (name: string) => ({
    value: fields[name] ?? '',
    onChange: (event: { currentTarget: { value: string } }) =>
      setFields({ ...fields, [name]: event.currentTarget.value }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const credentials: CrmCredentials =
      crmType === 'salesforce'
        ? {
            crm_type: 'salesforce',
            client_id: fields.client_id ?? '',
            client_secret: fields.client_secret ?? '',
            ...(fields.login_url && { login_url: fields.login_url }),
          }
        : { crm_type: 'hubspot', access_token: fields.access_token ?? '' };
    authenticate.mutate(credentials, { onSuccess: () => setFields({}) });
  };
  if (connections.isError)
    return (
      <Alert color="red" role="alert">
        {crmMessages.initializeFailed}
      </Alert>
    );
  if (!connections.data) return loading;
  return (
    <Stack maw={560}>
      <Group gap="xs">
        <ConnectionBadge connection={connection} />
        {connection?.authenticated_at && (
          <Text size="sm" c="dimmed">
            Authenticated {new Date(connection.authenticated_at).toLocaleString()}
          </Text>
        )}
      </Group>
      <form onSubmit={submit} aria-label={`${crmLabels[crmType]} credentials`}>
        <Stack>
          {crmType === 'salesforce' ? (
            <>
              <TextInput
                label="Consumer key (client id)"
                required
                autoComplete="off"
                {...field('client_id')}
              />
              <PasswordInput
                label="Consumer secret"
                required
                autoComplete="off"
                {...field('client_secret')}
              />
              <TextInput
                label="My Domain login URL"
                description="Leave empty to use Salesforce's default login."
                placeholder="https://acme.my.salesforce.com"
                {...field('login_url')}
              />
            </>
          ) : (
            <PasswordInput
              label="Private app access token"
              required
              autoComplete="off"
              {...field('access_token')}
            />
          )}
          {connection && connection.stored_credentials.length > 0 && (
            <Text size="sm" c="dimmed">
              Stored: {connection.stored_credentials.join(', ')} (never shown again; type them to replace
              them).
            </Text>
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={authenticate.isPending}>
              Authenticate
            </Button>
            {connection?.is_authenticated && (
              <Button variant="default" loading={health.isPending} onClick={() => health.mutate()}>
                Check authentication
              </Button>
            )}
          </Group>
        </Stack>
      </form>
      {connection?.is_authenticated && crmType === 'salesforce' && (
        <RegionForm crmType={crmType} region={connection.region} />
      )}
      {connection?.is_authenticated && (
        <Stack gap={4}>
          <Title order={2} size="h5">
            Field mapping
          </Title>
          <Text size="sm" c="dimmed">
            Each event, template and global form maps its registration fields to these objects.
          </Text>
          <Group gap="md">
            {CRM_OBJECT_TYPES[crmType].map((objectType) => (
              <HrefLink
                key={objectType}
                href={`${settingsPath(crmType)}/field-mapping/${objectType}`}
                size="sm"
              >
                {objectType} fields
              </HrefLink>
            ))}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

function RegionForm({ crmType, region }: { crmType: CrmType; region: string | null }) {
  const [value, setValue] = useState(region ?? '');
  const update = useUpdateRegion(crmType);
  return (
    <form
      aria-label="Region"
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(value);
      }}
    >
      <Group align="flex-end">
        <TextInput
          label="Region"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          required
        />
        <Button type="submit" variant="default" loading={update.isPending}>
          Save region
        </Button>
      </Group>
    </form>
  );
}
