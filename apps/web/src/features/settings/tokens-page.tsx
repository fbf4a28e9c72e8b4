import { Alert, Button, Code, Group, Loader, Table, Text } from '@mantine/core';
import {
  API_TOKEN_NAME_MAX,
  createApiTokenRequestSchema,
  accessMessages,
  serverMessages,
  type ApiToken,
  type CreatedApiToken,
} from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useAccess } from '../../session/use-access.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { SecretShownOnceDialog } from '../../ui/secret-shown-once-dialog.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { fieldProps, useStudioForm } from '../../ui/studio-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import { showToast } from '../../ui/toast.ts';
import { SettingsFrame, useMember } from './settings-frame.tsx';
import { TOKENS_PAGE_SIZE, apiTokensQuery, useCreateApiToken, useDeleteApiToken } from './tokens-api.ts';
import { ACTIONS_COLUMN, ListTable } from '../../ui/list-table.tsx';

const formatDate = (value: string | null) => (value ? new Date(value).toLocaleString() : 'Never');

/** Settings → API Tokens: list, create with a name (the secret shown once), delete. */
export function TokensPage() {
  const { organizationId } = useMember();
  const access = useAccess(organizationId);
  if (access.permissionsFailed) {
    return (
      <SettingsFrame title="API Tokens">
        <Alert color="red" role="alert">
          {accessMessages.permissionsFetchFailed}
        </Alert>
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
    />
  );
}

function TokensList({ organizationId, canCreate }: { organizationId: string; canCreate: boolean }) {
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<ApiToken | null>(null);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const tokens = useQuery(apiTokensQuery(organizationId, page));
  useEffect(() => {
    if (tokens.isError) showToast(accessMessages.tokensLoadFailed, 'error');
  }, [tokens.isError]);

  return (
    <SettingsFrame title="API Tokens">
      {canCreate ? (
        <CreateTokenForm onCreated={setCreated} />
      ) : (
        <Alert color="blue">{accessMessages.featureNotEnabled}</Alert>
      )}
      {tokens.isPending && <Loader aria-label="Loading" />}
      {tokens.isError && (
        <Alert color="red" role="alert">
          {accessMessages.tokensLoadFailed}
        </Alert>
      )}
      {tokens.data?.count === 0 && <Text c="dimmed">No API tokens yet.</Text>}
      {tokens.data && tokens.data.count > 0 && (
        <ListTable
          striped
          label="API tokens"
          columns={['Name', 'Token', 'Created', 'Last used', ACTIONS_COLUMN]}
        >
          {tokens.data.results.map((token) => (
            <Table.Tr key={token.id}>
              <Table.Td>{token.name}</Table.Td>
              <Table.Td>
                <Code>{token.prefix}…</Code>
              </Table.Td>
              <Table.Td>{formatDate(token.created_at)}</Table.Td>
              <Table.Td>{formatDate(token.last_used_at)}</Table.Td>
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
