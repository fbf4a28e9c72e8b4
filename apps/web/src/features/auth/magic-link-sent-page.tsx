import { Anchor, Button, Stack, Text } from '@mantine/core';
import { MAGIC_LINK_TTL_MINUTES, paths, serverMessages } from '@studio/domain';
import { Link } from '@tanstack/react-router';
import { CenteredCard } from '../../ui/centered-card.tsx';
import { showToast } from '../../ui/toast.ts';
import { useSearchParam } from '../../ui/use-search-param.ts';
import { requestMagicLink, useEmailedStep } from './auth-api.ts';

/** MagicLinkSent (?email=): says a link is on its way and offers to send another. */
export function MagicLinkSentPage() {
  const email = useSearchParam('email');
  const resend = useEmailedStep((address: string) => requestMagicLink(address), {
    onSent: (answer) => showToast(answer.message, 'info'),
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
