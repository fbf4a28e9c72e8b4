import { Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { CopyButton } from './copy-button.tsx';

/** A new secret (an API token, a webhook's signing secret), shown this once with a copy button. */
export function SecretShownOnceDialog({
  title,
  secret,
  secretLabel,
  copyLabel,
  note,
  onClose,
}: {
  title: string;
  secret: string;
  /** The secret's accessible name. */
  secretLabel: string;
  copyLabel: string;
  /** The sentence after 'Copy the … now: it is shown only once.' (how the secret is used). */
  note: string;
  onClose: () => void;
}) {
  return (
    <Modal opened onClose={onClose} title={title} size="lg" centered>
      <Stack>
        <Text size="sm">{note}</Text>
        <Group wrap="nowrap" align="center">
          <Code block flex={1} aria-label={secretLabel} style={{ wordBreak: 'break-all' }}>
            {secret}
          </Code>
          <CopyButton value={secret} aria-label={copyLabel} />
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
