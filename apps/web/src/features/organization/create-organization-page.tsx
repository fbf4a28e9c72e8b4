import { Button, Stack, TextInput } from '@mantine/core';
import { createOrganizationRequestSchema, paths } from '@studio/domain';
import { useNavigate } from '@tanstack/react-router';
import { ConfirmEmailNotice } from '../../session/confirm-email-notice.tsx';
import { CenteredCard } from '../../ui/centered-card.tsx';
import { onFormFields, useStudioForm } from '../../ui/studio-form.ts';
import { useCreateOrganization } from './organization-api.ts';
import { ErrorAlert } from '../../ui/error-alert.tsx';

/** CreateOrg: a signed-in user without an organisation creates one and goes to OrgHome. */
export function CreateOrganizationPage() {
  const navigate = useNavigate();
  const form = useStudioForm(createOrganizationRequestSchema, { initialValues: { name: '' } });
  const create = useCreateOrganization({
    onCreated: () => navigate({ href: paths.orgHome }),
    onRefused: onFormFields(form),
  });
  const submit = form.onSubmit((values) => create.mutate(createOrganizationRequestSchema.parse(values).name));

  return (
    <CenteredCard title="Create your organization">
      <form noValidate onSubmit={submit}>
        <Stack>
          <ConfirmEmailNotice returnTo={paths.createOrg} />
          <TextInput label="Organization name" {...form.getInputProps('name')} />
          {!form.errors.name && <ErrorAlert error={create.error} />}
          <Button type="submit" loading={create.isPending}>
            Create organization
          </Button>
        </Stack>
      </form>
    </CenteredCard>
  );
}
