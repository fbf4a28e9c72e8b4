import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { createOrganizationRequestSchema, paths } from '@studio/domain';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { failureMessage } from '../../api/api-error.ts';
import { currentUserQuery } from '../../api/identity.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { CenteredCard } from '../../ui/centered-card.tsx';
import { onFormFields, useStudioForm } from '../../ui/studio-form.ts';
import { useCreateOrganization } from './organization-api.ts';

const confirmSignupHref = (email: string) =>
  `${paths.confirmSignup}?${new URLSearchParams({ email, redirect: paths.createOrg })}`;

/** CreateOrg: a signed-in user without an organisation creates one and goes to OrgHome. */
export function CreateOrganizationPage() {
  const navigate = useNavigate();
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const form = useStudioForm(createOrganizationRequestSchema, { initialValues: { name: '' } });
  const create = useCreateOrganization({
    onCreated: () => navigate({ href: paths.orgHome }),
    onRefused: onFormFields(form),
  });
  const submit = form.onSubmit((values) => create.mutate(createOrganizationRequestSchema.parse(values).name));

  return (
    <CenteredCard title="Create your organization">
      <form onSubmit={submit}>
        <Stack>
          {!user.email_verified && (
            <Alert color="blue" title="Confirm your email address">
              We emailed a code to {user.email}.{' '}
              <HrefLink href={confirmSignupHref(user.email)}>Enter the code</HrefLink>
            </Alert>
          )}
          <TextInput label="Organization name" {...form.getInputProps('name')} />
          {create.isError && !form.errors.name && (
            <Alert color="red" role="alert">
              {failureMessage(create.error)}
            </Alert>
          )}
          <Button type="submit" loading={create.isPending}>
            Create organization
          </Button>
        </Stack>
      </form>
    </CenteredCard>
  );
}
