import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { apiErrorSchema, createOrganizationRequestSchema, paths } from '@studio/domain';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { ApiRequestError, failureMessage } from '../../api/api-error.ts';
import { currentUserQuery } from '../../api/identity.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { CenteredCard } from '../../ui/centered-card.tsx';
import { useCreateOrganization } from './organization-api.ts';

const nameProblemFromServer = (error: unknown) =>
  error instanceof ApiRequestError ? apiErrorSchema.safeParse(error.body).data?.errors?.name?.[0] : undefined;

const confirmSignupHref = (email: string) =>
  `${paths.confirmSignup}?${new URLSearchParams({ email, redirect: paths.createOrg })}`;

/** CreateOrg: a signed-in user without an organisation creates one and goes to OrgHome. */
export function CreateOrganizationPage() {
  const navigate = useNavigate();
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const [name, setName] = useState('');
  const [nameProblem, setNameProblem] = useState<string>();
  const create = useCreateOrganization({
    onCreated: () => navigate({ href: paths.orgHome }),
    onRefused: (error) => setNameProblem(nameProblemFromServer(error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = createOrganizationRequestSchema.safeParse({ name });
    setNameProblem(result.error?.issues[0]?.message);
    if (result.success) create.mutate(result.data.name);
  };

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
          <TextInput
            label="Organization name"
            value={name}
            error={nameProblem}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          {create.isError && !nameProblem && (
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
