import { Alert, Anchor, Button, Code, Group, Loader, Stack, Table, Text } from '@mantine/core';
import {
  API_TOKEN_NAME_MAX,
  createApiTokenRequestSchema,
  accessMessages,
  serverMessages,
  type ApiToken,
  type CreatedApiToken,
} from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAccess } from '../../session/use-access.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { SecretShownOnceDialog } from '../../ui/secret-shown-once-dialog.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { fieldProps, useStudioForm } from '../../ui/studio-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import { formatDateTime } from '../../ui/formats.ts';
import { useFailureToast } from '../../ui/toast.ts';
import { SettingsFrame, useMember } from './settings-frame.tsx';
import { TOKENS_PAGE_SIZE, apiTokensQuery, useCreateApiToken, useDeleteApiToken } from './tokens-api.ts';
import { ACTIONS_COLUMN, ListTable } from '../../ui/list-table.tsx';
import { ErrorAlert } from '../../ui/error-alert.tsx';

/** Settings → API Tokens: list, create with a name (the secret shown once), delete. */
export function TokensPage() {
  const { organizationId } = useMember();
  const access = useAccess(organizationId);
  if (access.permissionsFailed) {
    return (
      <SettingsFrame title="API Tokens">
        <ErrorAlert>{accessMessages.permissionsFetchFailed}</ErrorAlert>
      </SettingsFrame>
    );
  }
  if (!access.permissionsLoaded) {
    return (
      <SettingsFrame title="API Tokens">
        <Loader aria-label="Loading" />
      </SettingsFrame>
    );
  }
  if (!access.can('api_token:manage')) {
    return (
      <SettingsFrame title="API Tokens">
        <Alert color="yellow">{serverMessages.forbidden}</Alert>
      </SettingsFrame>
    );
  }
  return (
    <TokensList
      organizationId={organizationId}
      canCreate={access.organization.pricing_config.tokenCreation}
      automationApi={access.organization.feature_flags.isNewAutomationApiEnabled}
    />
  );
}

function TokensList({
  organizationId,
  canCreate,
  automationApi,
}: {
  organizationId: string;
  canCreate: boolean;
  /** The organisation's 'new automation API' flag: without it the server refuses every token. */
  automationApi: boolean;
}) {
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<ApiToken | null>(null);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const tokens = useQuery(apiTokensQuery(organizationId, page));
  useFailureToast(tokens.isError, accessMessages.tokensLoadFailed);

  return (
    <SettingsFrame title="API Tokens">
      {canCreate ? (
        <CreateTokenForm onCreated={setCreated} />
      ) : (
        <Alert color="blue">{accessMessages.featureNotEnabled}</Alert>
      )}
      <AutomationApiUsage enabled={automationApi} />
      {tokens.isPending && <Loader aria-label="Loading" />}
      {tokens.isError && <ErrorAlert>{accessMessages.tokensLoadFailed}</ErrorAlert>}
      {tokens.data?.count === 0 && <Text c="dimmed">No API tokens yet.</Text>}
      {tokens.data && tokens.data.count > 0 && (
        <ListTable
          striped
          label="API tokens"
          columns={[
            'Name',
            { header: 'Token', visibleFrom: 'sm' },
            { header: 'Created', visibleFrom: 'md' },
            { header: 'Last used', visibleFrom: 'sm' },
            ACTIONS_COLUMN,
          ]}
        >
          {tokens.data.results.map((token) => (
            <Table.Tr key={token.id}>
              <Table.Td>{token.name}</Table.Td>
              <Table.Td>
                <Code>{token.prefix}…</Code>
              </Table.Td>
              <Table.Td>{formatDateTime(token.created_at)}</Table.Td>
              <Table.Td>{token.last_used_at ? formatDateTime(token.last_used_at) : 'Never'}</Table.Td>
              <Table.Td>
                <Button size="xs" color="red" variant="light" onClick={() => setDeleting(token)}>
                  Delete
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
      {tokens.data && (
        <ListPagination
          total={tokens.data.count}
          pageSize={TOKENS_PAGE_SIZE}
          page={page}
          onChange={setPage}
        />
      )}
      {created && <CreatedTokenDialog token={created} onClose={() => setCreated(null)} />}
      {deleting && <DeleteTokenDialog token={deleting} onClose={() => setDeleting(null)} />}
    </SettingsFrame>
  );
}

/** How a script calls the studio with a token (the automation API), and whether it is on. */
function AutomationApiUsage({ enabled }: { enabled: boolean }) {
  if (!enabled) {
    return (
      <Alert color="yellow" title="Automation API">
        The automation API is not enabled for your organization: requests with these tokens are refused until
        it is.
      </Alert>
    );
  }
  return (
    <Stack component="section" gap={4} aria-label="Automation API">
      <Text size="sm">
        Scripts call the REST API with a token as a bearer token; it acts with your role in this organization.
        See the <Anchor href="/api/docs/">API documentation</Anchor>.
      </Text>
      {/* Wrapped, not scrolled: on a phone the whole request shows, with nothing to scroll by keyboard. */}
      <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {`curl -H "Authorization: Bearer st_…" ${window.location.origin}/api/event/`}
      </Code>
    </Stack>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedApiToken) => void }) {
  const form = useStudioForm(createApiTokenRequestSchema, { initialValues: { name: '' } });
  const create = useCreateApiToken((token) => {
    form.reset();
    onCreated(token);
  });
  const submit = form.onSubmit((values) => create.mutate(createApiTokenRequestSchema.parse(values).name));
  return (
    <form onSubmit={submit} noValidate aria-label="Create API token">
      <Group align="flex-start">
        <TextField label="Token name" maxLength={API_TOKEN_NAME_MAX} {...fieldProps(form, 'name')} flex={1} />
        <Button type="submit" mt={25} loading={create.isPending}>
          Create token
        </Button>
      </Group>
    </form>
  );
}

/** The secret of a new token, shown this once with a copy button. */
function CreatedTokenDialog({ token, onClose }: { token: CreatedApiToken; onClose: () => void }) {
  return (
    <SecretShownOnceDialog
      title={`Token ${token.name} created`}
      secret={token.token}
      secretLabel="New API token"
      copyLabel="Copy token"
      note="Copy the token now: it is shown only once. Send it as a bearer token (Authorization: Bearer …)."
      onClose={onClose}
    />
  );
}

function DeleteTokenDialog({ token, onClose }: { token: ApiToken; onClose: () => void }) {
  const remove = useDeleteApiToken(token.id, onClose);
  return (
    <ConfirmDialog
      opened
      message={`The token ${token.name} will stop working at once.`}
      confirmLabel="Delete"
      confirming={remove.isPending}
      onConfirm={() => remove.mutate()}
      onCancel={onClose}
    />
  );
}
