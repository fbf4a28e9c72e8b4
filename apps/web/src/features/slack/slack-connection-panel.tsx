import {
  Anchor,
  Button,
  Card,
  Center,
  Group,
  Loader,
  PasswordInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { slackMessages } from '@studio/domain';
import { IconBrandSlack } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { failureMessage } from '../../api/api-error.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { FeatureNotEnabled, usePlanAllows } from '../../ui/plan-gate.tsx';
import { showToast } from '../../ui/toast.ts';
import {
  useConnectSlackWithCode,
  useConnectSlackWithToken,
  useDisconnectSlack,
  useSlackConnection,
  type SlackConnection,
} from './slack-api.ts';
import { ErrorAlert } from '../../ui/error-alert.tsx';

/** Where the state of a Slack sign-in in progress waits for Slack to send the browser back. */
const STATE_KEY = 'studio.slack-oauth-state';

/** The page Slack sends the browser back to: this one, without its query. */
const redirectUri = () => `${window.location.origin}${window.location.pathname}`;

function authorizeHref(connection: SlackConnection, state: string): string {
  const url = new URL(connection.authorize_url!);
  url.searchParams.set('client_id', connection.client_id ?? '');
  url.searchParams.set('scope', connection.scopes.join(','));
  url.searchParams.set('redirect_uri', redirectUri());
  url.searchParams.set('state', state);
  return url.toString();
}

/**
 * The organisation's Slack workspace (issue 36): connect with Slack (OAuth v2, when the studio has
 * a Slack app) or paste a bot token, see which workspace is connected, disconnect. The token is
 * never shown back. Slack's answer (`?code=…&state=…` on this page) is exchanged here.
 */
export function SlackConnectionPanel({ organizationId }: { organizationId: string }) {
  return usePlanAllows(organizationId, 'slack') ? (
    <SlackConnectionCard organizationId={organizationId} />
  ) : (
    <FeatureNotEnabled />
  );
}

function SlackConnectionCard({ organizationId }: { organizationId: string }) {
  const connection = useSlackConnection(organizationId);
  const [disconnecting, setDisconnecting] = useState(false);
  const disconnect = useDisconnectSlack(organizationId, () => setDisconnecting(false));
  useSlackAnswer(organizationId);
  if (connection.isPending)
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Loading Slack" />
      </Center>
    );
  if (connection.isError) return <ErrorAlert error={connection.error} />;
  const slack = connection.data;
  return (
    <Card withBorder radius="md" component="article" aria-label="Slack">
      <Stack gap="sm">
        <Group gap="xs">
          <IconBrandSlack size={20} aria-hidden />
          <Title order={3} size="h5">
            Slack
          </Title>
        </Group>
        {slack.connected ? (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">
              Connected to the Slack workspace <b>{slack.team_name || slack.team_id}</b>. Each event chooses
              its channels under Integrations › Slack.
            </Text>
            <Button variant="light" color="red" onClick={() => setDisconnecting(true)}>
              Disconnect
            </Button>
          </Group>
        ) : (
          <NotConnected organizationId={organizationId} connection={slack} />
        )}
      </Stack>
      {disconnecting && (
        <ConfirmDialog
          opened
          message="The studio will post no more Slack notifications, for any event, until Slack is connected again."
          confirmLabel="Disconnect"
          confirming={disconnect.isPending}
          onConfirm={() => disconnect.mutate()}
          onCancel={() => setDisconnecting(false)}
        />
      )}
    </Card>
  );
}

function NotConnected({
  organizationId,
  connection,
}: {
  organizationId: string;
  connection: SlackConnection;
}) {
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const paste = useConnectSlackWithToken(organizationId, {
    onSaved: () => setToken(''),
    onFailure: (failure) => setError(failureMessage(failure)),
  });
  const signIn = () => {
    const state = crypto.randomUUID();
    sessionStorage.setItem(STATE_KEY, state);
    window.location.assign(authorizeHref(connection, state));
  };
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Connect your Slack workspace so events can post their registrations and check-ins to its channels.
      </Text>
      {connection.authorize_url && (
        <Group>
          <Button leftSection={<IconBrandSlack size={16} aria-hidden />} onClick={signIn}>
            Connect with Slack
          </Button>
        </Group>
      )}
      <form
        aria-label="Slack bot token"
        noValidate
        onSubmit={(submitted) => {
          submitted.preventDefault();
          setError(null);
          paste.mutate(token.trim());
        }}
      >
        <Stack gap="xs">
          <PasswordInput
            label={
              connection.authorize_url
                ? 'Or paste the bot token of your own Slack app'
                : 'Bot token of your Slack app'
            }
            description={
              <>
                Starts with xoxb-; the app needs the scopes {connection.scopes.join(', ')}.{' '}
                <Anchor
                  href="https://api.slack.com/apps"
                  target="_blank"
                  rel="noreferrer"
                  size="xs"
                  underline="always"
                >
                  Slack apps
                </Anchor>
              </>
            }
            autoComplete="off"
            value={token}
            onChange={(change) => setToken(change.currentTarget.value)}
            error={error}
          />
          <Group>
            <Button type="submit" variant="light" loading={paste.isPending} disabled={!token.trim()}>
              Save token
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** Slack's answer to a sign-in this browser started: the code is exchanged once, and the query cleared. */
function useSlackAnswer(organizationId: string) {
  const exchange = useConnectSlackWithCode(organizationId, () => undefined);
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current) return;
    const query = new URLSearchParams(window.location.search);
    const code = query.get('code');
    const state = query.get('state');
    if (!state || (!code && !query.get('error'))) return;
    handled.current = true;
    const expected = sessionStorage.getItem(STATE_KEY);
    sessionStorage.removeItem(STATE_KEY);
    window.history.replaceState(window.history.state, '', redirectUri());
    if (code && state === expected) exchange.mutate({ code, redirect_uri: redirectUri() });
    else showToast(slackMessages.authenticationFailed, 'error');
  }, [exchange]);
}
