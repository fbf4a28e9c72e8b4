import { Anchor, Button, Stack, Text } from '@mantine/core';
import { MAGIC_LINK_TTL_MINUTES, paths, serverMessages } from '@studio/domain';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { failureMessage } from '../../api/api-error.ts';
import { CenteredCard } from '../../ui/centered-card.tsx';
import { showToast } from '../../ui/toast.ts';
import { useSearchParam } from '../../ui/use-search-param.ts';
import { requestMagicLink } from './auth-api.ts';

/** MagicLinkSent (?email=): says a link is on its way and offers to send another. */
export function MagicLinkSentPage() {
  const email = useSearchParam('email');
  const resend = useMutation({
    mutationFn: (address: string) => requestMagicLink(address),
    onSuccess: (answer) => showToast(answer.message, 'info'),
    onError: (error) => showToast(failureMessage(error), 'error'),
  });
  return (
    <CenteredCard title="Check your email">
      <Stack>
        <Text>{serverMessages.magicLinkSent}</Text>
        {email && (
          <Text size="sm" c="dimmed">
            Sent to {email}. The link works once, within {MAGIC_LINK_TTL_MINUTES} minutes.
          </Text>
        )}
        {email && (
          <Button variant="default" loading={resend.isPending} onClick={() => resend.mutate(email)}>
            Send another link
          </Button>
        )}
        <Anchor component={Link} to={paths.login} size="sm">
          Back to log in
        </Anchor>
      </Stack>
    </CenteredCard>
  );
}
