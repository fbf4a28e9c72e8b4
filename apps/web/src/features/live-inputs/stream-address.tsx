import { Group, PasswordInput, TextInput } from '@mantine/core';
import { streamOf } from '@studio/domain';
import { CopyButton } from '../../ui/copy-button.tsx';

/** A read-only address with its copy button; a key is masked until shown. */
function CopyableValue({ label, value, secret = false }: { label: string; value: string; secret?: boolean }) {
  const Input = secret ? PasswordInput : TextInput;
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <Input
        label={label}
        value={value}
        readOnly
        flex={1}
        miw={0}
        styles={{ input: { fontFamily: 'monospace' } }}
        {...(secret && { visibilityToggleButtonProps: { 'aria-label': `Show ${label}` } })}
      />
      <CopyButton value={value} aria-label={`Copy ${label}`} />
    </Group>
  );
}

/**
 * Spec 002 §3.5: an input URL as an encoder asks for it, the stream URL (server) and the stream key
 * (its last path segment), each copied on its own.
 */
export function StreamAddress({ label, inputUrl }: { label: string; inputUrl: string }) {
  const stream = streamOf(inputUrl);
  if (!stream) return null;
  return (
    <>
      <CopyableValue label={`${label} URL`} value={stream.url} />
      <CopyableValue label={`${label} key`} value={stream.key} secret />
    </>
  );
}

/** An RTMPS server address: the stream keys are the same as over RTMP. */
export function SecureStreamUrl({ label, inputUrl }: { label: string; inputUrl: string | null }) {
  const stream = streamOf(inputUrl);
  return stream && <CopyableValue label={label} value={stream.url} />;
}
