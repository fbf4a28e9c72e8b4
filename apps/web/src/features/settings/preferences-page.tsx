import { Alert, Badge, Button, Card, Group, PasswordInput, Table, Text, Title } from '@mantine/core';
import { messages, paths, setPasswordRequestSchema } from '@studio/domain';
import { useState } from 'react';
import { ApiRequestError, failureMessage } from '../../api/api-error.ts';
import { useSignOut } from '../../session/use-sign-out.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { HrefLink } from '../../ui/href-link.tsx';
import { NewPasswordFields, canSubmitNewPassword, emptyNewPassword } from '../../ui/new-password-fields.tsx';
import { serverFieldErrors, useStudioForm } from '../../ui/studio-form.ts';
import { roleLabel } from './role-label.ts';
import { useChangePassword } from './users-api.ts';
import { SettingsCard, SettingsFrame, useMember } from './settings-frame.tsx';
import { ProfileCard } from './users-profile-card.tsx';

/** Settings → Preferences: the signed-in person's account, profile, password and sessions. */
export function PreferencesPage() {
  const { user } = useMember();
  const confirmHref = `${paths.confirmSignup}?${new URLSearchParams({ email: user.email, redirect: paths.preferences })}`;
  return (
    <SettingsFrame title="Preferences">
      <Card withBorder component="section" aria-label="Your account">
        <Title order={2} size="h4" mb="xs">
          Your account
        </Title>
        <Table>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th>Email</Table.Th>
              <Table.Td>
                <Group gap="xs">
                  {user.email}
                  {user.email_verified ? (
                    <Badge color="teal" variant="light" size="xs">
                      Confirmed
                    </Badge>
                  ) : (
                    <>
                      <Badge color="yellow" variant="light" size="xs">
                        Not confirmed
                      </Badge>
                      <HrefLink href={confirmHref} size="sm">
                        Confirm email address
                      </HrefLink>
                    </>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Role</Table.Th>
              <Table.Td>{roleLabel(user.role)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Card>
      <ProfileCard user={user} />
      <ChangePasswordCard />
      <SessionsCard />
    </SettingsFrame>
  );
}

function ChangePasswordCard() {
  const form = useStudioForm(setPasswordRequestSchema, {
    initialValues: { current_password: '', ...emptyNewPassword },
  });
  const { current_password: current, password, confirmation } = form.values;
  const change = useChangePassword(() => form.reset());
  const submit = form.onSubmit(() => change.mutate({ password, current_password: current }));
  const currentProblem = serverFieldErrors(change.error).current_password;

  return (
    <SettingsCard title="Change password" onSubmit={submit}>
      <PasswordInput
        label="Current password"
        autoComplete="current-password"
        {...form.getInputProps('current_password')}
        error={currentProblem}
      />
      <NewPasswordFields
        value={{ password, confirmation }}
        onChange={form.setValues}
        error={form.errors.password}
      />
      {change.isError && !currentProblem && (
        <Alert color="red" role="alert">
          {change.error instanceof ApiRequestError && change.error.status === 429
            ? failureMessage(change.error)
            : messages.passwordSetFailed}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button
          type="submit"
          loading={change.isPending}
          disabled={!current || !canSubmitNewPassword({ password, confirmation })}
        >
          Change password
        </Button>
      </Group>
    </SettingsCard>
  );
}

function SessionsCard() {
  const signOut = useSignOut();
  const [confirming, setConfirming] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  return (
    <SettingsCard title="Sessions">
      <Text size="sm">
        Signing out of all devices ends every session of your account, including this one.
      </Text>
      <Group justify="flex-end">
        <Button color="red" variant="light" onClick={() => setConfirming(true)}>
          Sign out of all devices
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        message="You will be signed out everywhere, including here."
        confirmLabel="Sign out everywhere"
        confirming={signingOut}
        onConfirm={() => {
          setSigningOut(true);
          void signOut({ global: true });
        }}
        onCancel={() => setConfirming(false)}
      />
    </SettingsCard>
  );
}
