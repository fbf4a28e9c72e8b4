import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import {
  WEBHOOK_ACTIVITY_TYPES,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_URL_MAX_LENGTH,
  webhookActivityLabels,
  webhookFieldsSchema,
  type WebhookActivityType,
  type WebhookOwner,
} from '@studio/domain';
import { useState } from 'react';
import { failureMessage } from '../../api/api-error.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { SecretShownOnceDialog } from '../../ui/secret-shown-once-dialog.tsx';
import { fieldProps, onFormFields, serverFieldErrors, useStudioForm } from '../../ui/studio-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useUpdateWebhook,
  type ActivityWebhook,
} from './webhooks-api.ts';
import { ErrorAlert } from '../../ui/error-alert.tsx';

interface WebhookFormValues {
  url: string;
  description: string;
  activity_types: WebhookActivityType[];
  is_active: boolean;
}

const formSchema = webhookFieldsSchema;

/** A webhook's fields: its URL, description, the activities it receives and whether it is on. */
function WebhookForm({
  initial,
  label,
  saving,
  error,
  onSubmit,
  onCancel,
  form,
}: {
  initial?: ActivityWebhook;
  label: string;
  saving: boolean;
  error: string | null;
  onSubmit: (values: WebhookFormValues) => void;
  onCancel: () => void;
  form: ReturnType<typeof useWebhookForm>;
}) {
  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate aria-label={label}>
      <Stack>
        <TextField
          label="URL"
          placeholder="https://example.com/webhooks"
          maxLength={WEBHOOK_URL_MAX_LENGTH}
          required
          {...fieldProps(form, 'url')}
        />
        <TextField
          label="Description"
          maxLength={WEBHOOK_DESCRIPTION_MAX_LENGTH}
          {...fieldProps(form, 'description')}
        />
        <Checkbox.Group label="Activities" withAsterisk {...form.getInputProps('activity_types')}>
          <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs" spacing="xs">
            {WEBHOOK_ACTIVITY_TYPES.map((type) => (
              <Checkbox key={type} value={type} label={webhookActivityLabels[type]} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Switch label="On" {...form.getInputProps('is_active', { type: 'checkbox' })} />
        {initial?.disabled_reason && (
          <Text size="sm" c="dimmed">
            Turning it on again clears: {initial.disabled_reason}
          </Text>
        )}
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function useWebhookForm(initial?: ActivityWebhook) {
  return useStudioForm<WebhookFormValues>(formSchema, {
    initialValues: {
      url: initial?.url ?? '',
      description: initial?.description ?? '',
      activity_types: initial?.activity_types ?? [],
      is_active: initial?.is_active ?? true,
    },
  });
}

/** The server's refusal: its field errors on the form's fields, anything else said under them. */
function useFailure(form: ReturnType<typeof useWebhookForm>) {
  const [error, setError] = useState<string | null>(null);
  const onFailure = (failure: unknown) => {
    onFormFields(form)(failure);
    setError(Object.keys(serverFieldErrors(failure)).length > 0 ? null : failureMessage(failure));
  };
  return { error, onFailure, clear: () => setError(null) };
}

export function CreateWebhookDialog({
  owner,
  onCreated,
  onClose,
}: {
  owner: WebhookOwner;
  onCreated: (webhook: WebhookWithSecret) => void;
  onClose: () => void;
}) {
  const form = useWebhookForm();
  const failure = useFailure(form);
  const create = useCreateWebhook({ onCreated, onFailure: failure.onFailure });
  return (
    <Modal opened onClose={onClose} title="New webhook" size="lg" centered>
      <WebhookForm
        form={form}
        label="New webhook"
        saving={create.isPending}
        error={failure.error}
        onCancel={onClose}
        onSubmit={(values) => {
          failure.clear();
          create.mutate({ ...formSchema.parse(values), ...owner });
        }}
      />
    </Modal>
  );
}

export function EditWebhookDialog({ webhook, onClose }: { webhook: ActivityWebhook; onClose: () => void }) {
  const form = useWebhookForm(webhook);
  const failure = useFailure(form);
  const update = useUpdateWebhook(webhook.id, { onSaved: onClose, onFailure: failure.onFailure });
  return (
    <Modal opened onClose={onClose} title="Edit webhook" size="lg" centered>
      <WebhookForm
        form={form}
        initial={webhook}
        label="Edit webhook"
        saving={update.isPending}
        error={failure.error}
        onCancel={onClose}
        onSubmit={(values) => {
          failure.clear();
          update.mutate(formSchema.parse(values));
        }}
      />
    </Modal>
  );
}

export type WebhookWithSecret = ActivityWebhook & { secret: string };

/** The signing secret of a new (or rotated) webhook, shown this once. */
export function WebhookSecretDialog({
  webhook,
  onClose,
}: {
  webhook: WebhookWithSecret;
  onClose: () => void;
}) {
  return (
    <SecretShownOnceDialog
      title="Signing secret"
      secret={webhook.secret}
      secretLabel="New signing secret"
      copyLabel="Copy secret"
      note="Copy the secret now: it is shown only once. Receivers verify the webhook-signature header with it (Standard Webhooks)."
      onClose={onClose}
    />
  );
}

export function DeleteWebhookDialog({ webhook, onClose }: { webhook: ActivityWebhook; onClose: () => void }) {
  const remove = useDeleteWebhook(webhook.id, onClose);
  return (
    <ConfirmDialog
      opened
      message={`${webhook.url} will receive no more activities.`}
      confirmLabel="Delete"
      confirming={remove.isPending}
      onConfirm={() => remove.mutate()}
      onCancel={onClose}
    />
  );
}
