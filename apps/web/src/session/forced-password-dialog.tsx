import { Button, Modal, Stack, Text } from '@mantine/core';
import { mustChangePassword } from '@studio/domain';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { currentUserQuery } from '../api/identity.ts';
import { NewPasswordFields } from '../ui/new-password-fields.tsx';
import { useForcedPasswordChange } from './use-forced-password-change.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';

/**
 * Spec 001 §2.2/§4: a standalone Content Lab user whose status is FORCE_CHANGE_PASSWORD must set a
 * new password before anything else; the dialog cannot be dismissed.
 */
export function ForcedPasswordDialog() {
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const opened = user.is_content_lab_standalone && mustChangePassword(user);
  return opened ? <ForcedPasswordForm /> : null;
}

function ForcedPasswordForm() {
  const queryClient = useQueryClient();
  const change = useForcedPasswordChange(queryClient, () => undefined);
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title="Set a new password"
      centered
    >
      <form onSubmit={change.submit} noValidate>
        <Stack>
          <Text size="sm">Your password was set for you. Choose your own password to go on.</Text>
          <NewPasswordFields value={change.value} onChange={change.setValue} error={change.problem} />
          {change.failure && <ErrorAlert>{change.failure}</ErrorAlert>}
          <Button type="submit" loading={change.pending} disabled={!change.canSubmit}>
            Submit
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
