import {
  Button,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  CRM_OBJECT_TYPES,
  CRM_TYPES,
  crmMessages,
  INTEGRATION_TYPES,
  integrationLabels,
  isTeamLevelIntegrationOn,
  messages,
  type CrmConnection,
  type CrmCredentials,
  type CrmType,
  type MappedType,
  MAPPED_TYPES,
  type IntegrationType,
} from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent, type ReactNode } from 'react';
import { currentUserQuery, organizationQuery } from '../../api/identity.ts';
import { formatDateTime } from '../../ui/formats.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { useAuthenticate, useAuthHealth, useConnections, useUpdateRegion } from './crm-api.ts';
import { ConnectionBadge, CrmCard, TextSettingForm } from './crm-rows.tsx';
import { Loading } from '../../ui/list-states.tsx';
import { ErrorAlert } from '../../ui/error-alert.tsx';
import { ListTable } from '../../ui/list-table.tsx';

const loading = <Loading label="Loading applications" />;

export const isCrmType = (value: string): value is CrmType =>
  (CRM_TYPES as readonly string[]).includes(value);
export const isMappedType = (value: string): value is MappedType =>
  (MAPPED_TYPES as readonly string[]).includes(value);
export const isIntegrationType = (value: string): value is IntegrationType =>
  (INTEGRATION_TYPES as readonly string[]).includes(value);

const settingsPath = (type: IntegrationType) => `/integrations/applications/${type}/settings`;
const withTeam = (href: string, workspace: string | undefined) =>
  workspace ? `${href}?workspace=${encodeURIComponent(workspace)}` : href;

/**
 * Team-level integrations (spec 001 §6: workspaces enabled plus the flag): the teams whose
 * connections the person may manage, and the one the address names (`?workspace=`); a team admin,
 * who manages none of the organisation's, is on their first team. Without them: the organisation's.
 */
function useConnectionTeam() {
  const user = useQuery(currentUserQuery).data;
  const organization = useQuery({
    ...organizationQuery(user?.organization ?? ''),
    enabled: Boolean(user?.organization),
  }).data;
  const search: { workspace?: unknown } = useSearch({ strict: false });
  const on =
    organization !== undefined &&
    isTeamLevelIntegrationOn({
      isWorkspaceEnabled: organization.is_workspace_enabled,
      featureFlags: organization.feature_flags,
    });
  const teams = on && user ? user.workspaces : [];
  const teamOnly = user?.role === 'WORKSPACE_ADMIN';
  const named = teams.find((team) => team.id === search.workspace)?.id;
  return {
    /** The organisation is read: whether teams are offered is known. */
    ready: organization !== undefined,
    teams,
    teamOnly,
    workspace: named ?? (teamOnly ? teams[0]?.id : undefined),
  };
}

/** Whose connections the page shows: the organisation's or one of the person's teams'. */
function TeamSelect({ teams, teamOnly, workspace }: ReturnType<typeof useConnectionTeam>) {
  const navigate = useNavigate();
  if (teams.length === 0) return null;
  const organization = { value: '', label: 'Organization' };
  return (
    <Select
      label="Team"
      maw={320}
      allowDeselect={false}
      data={[
        ...(teamOnly ? [] : [organization]),
        ...teams.map((team) => ({ value: team.id, label: team.name })),
      ]}
      value={workspace ?? ''}
      onChange={(value) => void navigate({ to: '.', search: value ? { workspace: value } : {} })}
    />
  );
}

/** Draws one page of connections once they are read. */
type ConnectionsPage = (workspace: string | undefined, connections: CrmConnection[]) => ReactNode;

/**
 * A page of the connections of the organisation or of the team the person chose (the team select
 * first): `children` once they are read; the spec's message when they cannot be.
 */
function TeamConnections({ children }: { children: ConnectionsPage }) {
  const team = useConnectionTeam();
  return (
    <Stack>
      <TeamSelect {...team} />
      {team.ready ? <ConnectionsOf workspace={team.workspace}>{children}</ConnectionsOf> : loading}
    </Stack>
  );
}

function ConnectionsOf({
  workspace,
  children,
}: {
  workspace: string | undefined;
  children: ConnectionsPage;
}) {
  const connections = useConnections({ workspace });
  if (connections.isError) return <ErrorAlert>{crmMessages.initializeFailed}</ErrorAlert>;
  if (!connections.data) return loading;
  return children(workspace, connections.data);
}

/** What each connector asks for (write-only: never shown again once stored). */
interface CredentialField {
  name: string;
  label: string;
  secret?: boolean;
  optional?: boolean;
  description?: string;
  placeholder?: string;
}
const credentialFields: Record<IntegrationType, CredentialField[]> = {
  salesforce: [
    { name: 'client_id', label: 'Consumer key (client id)' },
    { name: 'client_secret', label: 'Consumer secret', secret: true },
    {
      name: 'login_url',
      label: 'My Domain login URL',
      optional: true,
      description: "Leave empty to use Salesforce's default login.",
      placeholder: 'https://acme.my.salesforce.com',
    },
  ],
  hubspot: [{ name: 'access_token', label: 'Private app access token', secret: true }],
  marketo: [
    { name: 'client_id', label: 'Client id' },
    { name: 'client_secret', label: 'Client secret', secret: true },
    {
      name: 'base_url',
      label: 'REST endpoint',
      optional: true,
      description: 'Admin → Web Services; leave empty to use the studio default.',
      placeholder: 'https://123-ABC-456.mktorest.com',
    },
  ],
  pardot: [
    { name: 'client_id', label: 'Connected app client id' },
    { name: 'client_secret', label: 'Connected app client secret', secret: true },
    { name: 'refresh_token', label: 'Refresh token', secret: true },
    { name: 'business_unit_id', label: 'Business unit id', placeholder: '0Uv…' },
  ],
  eloqua: [
    { name: 'company', label: 'Company (site) name' },
    { name: 'username', label: 'User name' },
    { name: 'password', label: 'Password', secret: true },
  ],
  wistia: [{ name: 'api_token', label: 'API token', secret: true }],
};

const accountLabels: Partial<Record<IntegrationType, string>> = {
  salesforce: 'Org id',
  hubspot: 'Portal id',
  marketo: 'Munchkin id',
  pardot: 'Business unit',
  eloqua: 'Site id',
};

/**
 * /integrations/authentications: the sign-ins the organisation stored, one row per connected
 * application (credentials are never shown), each with its settings.
 */
export function CrmAuthenticationsTable() {
  return <TeamConnections>{authentications}</TeamConnections>;
}

function authentications(workspace: string | undefined, connections: CrmConnection[]) {
  const stored = connections.filter((connection) => connection.is_authenticated);
  if (stored.length === 0)
    return (
      <Text c="dimmed">
        No application is connected yet. <HrefLink href="/integrations/applications">Connect one</HrefLink>
      </Text>
    );
  return (
    <ListTable
      label="Authentications"
      minWidth={560}
      columns={['Application', 'Account', 'Signed in', 'Status', 'Stored']}
    >
      {stored.map((connection) => (
        <Table.Tr key={connection.crm_type}>
          <Table.Td>
            <HrefLink
              href={withTeam(`/integrations/authentications/${connection.crm_type}/settings`, workspace)}
            >
              {integrationLabels[connection.crm_type]}
            </HrefLink>
          </Table.Td>
          <Table.Td>{connection.account_id ?? '—'}</Table.Td>
          <Table.Td>
            {connection.authenticated_at ? formatDateTime(connection.authenticated_at) : '—'}
          </Table.Td>
          <Table.Td>
            <ConnectionBadge connection={connection} />
          </Table.Td>
          <Table.Td>{connection.stored_credentials.join(', ')}</Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

/** /integrations/applications: the organisation's connectors, whether each is connected, and the way to its settings. */
export function CrmApplicationsList() {
  return <TeamConnections>{applications}</TeamConnections>;
}

function applications(workspace: string | undefined, connections: CrmConnection[]) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {INTEGRATION_TYPES.map((crmType) => {
        const connection = connections.find((one) => one.crm_type === crmType);
        return (
          <CrmCard
            key={crmType}
            crmType={crmType}
            connection={connection}
            settingsHref={withTeam(`${settingsPath(crmType)}/authentication`, workspace)}
          >
            {connection?.account_id && (
              <Text size="sm" c="dimmed">
                {accountLabels[crmType]} {connection.account_id}
              </Text>
            )}
          </CrmCard>
        );
      })}
    </SimpleGrid>
  );
}

/** /integrations/applications/$instanceID/settings/authentication: credentials (write-only), auth health, region. */
export function CrmAuthentication({ crmType }: { crmType: IntegrationType }) {
  return (
    <TeamConnections>
      {(workspace, connections) => (
        <AuthenticationOf
          crmType={crmType}
          workspace={workspace}
          connection={connections.find((one) => one.crm_type === crmType)}
        />
      )}
    </TeamConnections>
  );
}

function AuthenticationOf({
  crmType,
  workspace,
  connection,
}: {
  crmType: IntegrationType;
  workspace: string | undefined;
  connection: CrmConnection | undefined;
}) {
  const [error, setError] = useState<string | null>(null);
  const authenticate = useAuthenticate({
    workspace,
    onFailure: () => setError(crmMessages.authenticationFailed),
  });
  const health = useAuthHealth(crmType, workspace);
  const [fields, setFields] = useState<Record<string, string>>({});
  // The required credentials left empty at the last submit (the browser's check is off: noValidate).
  const [missing, setMissing] = useState<string[]>([]);
  const field = (name: string) => ({
    value: fields[name] ?? '',
    onChange: (event: { currentTarget: { value: string } }) =>
      setFields({ ...fields, [name]: event.currentTarget.value }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const empty = credentialFields[crmType]
      .filter((one) => !one.optional && !fields[one.name]?.trim())
      .map((one) => one.name);
    setMissing(empty);
    if (empty.length > 0) return;
    const typed = Object.fromEntries(
      credentialFields[crmType]
        .filter((one) => !one.optional || fields[one.name])
        .map((one) => [one.name, fields[one.name] ?? '']),
    );
    // The server checks the credentials' shape (crmCredentialsSchema) and answers its field errors.
    const credentials = { crm_type: crmType, ...typed } as CrmCredentials;
    authenticate.mutate(credentials, { onSuccess: () => setFields({}) });
  };
  return (
    <Stack maw={560}>
      <Group gap="xs">
        <ConnectionBadge connection={connection} />
        {connection?.authenticated_at && (
          <Text size="sm" c="dimmed">
            Authenticated {formatDateTime(connection.authenticated_at)}
          </Text>
        )}
      </Group>
      <form noValidate onSubmit={submit} aria-label={`${integrationLabels[crmType]} credentials`}>
        <Stack>
          {credentialFields[crmType].map((one) => {
            const Input = one.secret ? PasswordInput : TextInput;
            return (
              <Input
                key={one.name}
                label={one.label}
                required={!one.optional}
                autoComplete="off"
                description={one.description}
                placeholder={one.placeholder}
                error={missing.includes(one.name) && messages.fieldRequired}
                {...field(one.name)}
              />
            );
          })}
          {connection && connection.stored_credentials.length > 0 && (
            <Text size="sm" c="dimmed">
              Stored: {connection.stored_credentials.join(', ')} (never shown again; type them to replace
              them).
            </Text>
          )}
          {error && <ErrorAlert>{error}</ErrorAlert>}
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
        <RegionForm crmType={crmType} region={connection.region} workspace={workspace} />
      )}
      {connection?.is_authenticated && (crmType === 'marketo' || crmType === 'eloqua') && (
        <HrefLink
          href={`${settingsPath(crmType)}/${crmType === 'marketo' ? 'marketo-base-program' : 'eloqua-event-form'}`}
          size="sm"
        >
          {crmType === 'marketo' ? 'Marketo Base Program' : 'Eloqua Event Form'}
        </HrefLink>
      )}
      {connection?.is_authenticated && isMappedType(crmType) && (
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
                href={withTeam(`${settingsPath(crmType)}/field-mapping/${objectType}`, workspace)}
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

function RegionForm({
  crmType,
  region,
  workspace,
}: {
  crmType: CrmType;
  region: string | null;
  workspace: string | undefined;
}) {
  const update = useUpdateRegion(crmType, workspace);
  return (
    <TextSettingForm
      name="Region"
      label="Region"
      initial={region}
      action="Save region"
      pending={update.isPending}
      onSave={(value) => update.mutate(value)}
    />
  );
}
