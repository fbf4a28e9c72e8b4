import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import {
  accessMessages,
  addRegistrationDomainRequestSchema,
  canBeDefault,
  domainMessages,
  serverMessages,
  type RegistrationDomain,
} from '@studio/domain';
import { IconWorldWww } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { failureMessage } from '../../api/api-error.ts';
import { useAccess } from '../../session/use-access.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ListStates } from '../../ui/list-states.tsx';
import { FeatureNotEnabled, usePlanAllows } from '../../ui/plan-gate.tsx';
import { fieldProps, useStudioForm } from '../../ui/studio-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import { useFailureToast } from '../../ui/toast.ts';
import { DnsRecordsTable } from './dns-records-table.tsx';
import { EmailSenderSection } from './email-sender-section.tsx';
import {
  domainsQuery,
  useAddDomain,
  useDeleteDomain,
  useMakeDomainDefault,
  useVerifyDomain,
} from './domains-api.ts';
import { ErrorAlert } from '../../ui/error-alert.tsx';

/**
 * Settings → Domains (issue 17 §6): the organisation's custom domains for its attendee pages —
 * add (with the DNS records to create), verify, make default, delete. Organisation admins only.
 */
export function DomainsPanel({ organizationId }: { organizationId: string }) {
  const access = useAccess(organizationId);
  if (access.permissionsFailed) return <ErrorAlert>{accessMessages.permissionsFetchFailed}</ErrorAlert>;
  if (!access.permissionsLoaded) return <Loader aria-label="Loading" />;
  if (!access.can('organization:update')) return <Alert color="yellow">{serverMessages.forbidden}</Alert>;
  return (
    <Stack gap="xl">
      <EmailSenderSection organizationId={organizationId} />
      <DomainsList organizationId={organizationId} />
    </Stack>
  );
}

function DomainsList({ organizationId }: { organizationId: string }) {
  const domains = useQuery(domainsQuery(organizationId));
  const allowed = usePlanAllows(organizationId, 'whitelabelPageDomain');
  const [deleting, setDeleting] = useState<RegistrationDomain | null>(null);
  useFailureToast(domains.isError, domainMessages.loadFailed);

  return (
    <Stack gap="md" component="section" aria-label={domainMessages.pageDomainsTitle}>
      <Title order={2} size="h4">
        {domainMessages.pageDomainsTitle}
      </Title>
      <Text c="dimmed">{domainMessages.description}</Text>
      {allowed ? <AddDomainForm organizationId={organizationId} /> : <FeatureNotEnabled />}
      <ListStates
        failure={domains.isError && domainMessages.loadFailed}
        pending={domains.isPending}
        loadingLabel="Loading domains"
        empty={domains.data?.count === 0}
        emptyState={
          <EmptyState
            title={domainMessages.empty}
            message={domainMessages.emptyHint}
            icon={<IconWorldWww size={26} aria-hidden />}
          />
        }
      >
        {domains.data?.results.map((domain) => (
          <DomainCard
            key={domain.id}
            organizationId={organizationId}
            domain={domain}
            allowed={allowed}
            onDelete={() => setDeleting(domain)}
          />
        ))}
      </ListStates>
      {deleting && (
        <DeleteDomainDialog
          organizationId={organizationId}
          domain={deleting}
          onClose={() => setDeleting(null)}
        />
      )}
    </Stack>
  );
}

function AddDomainForm({ organizationId }: { organizationId: string }) {
  const form = useStudioForm(addRegistrationDomainRequestSchema, { initialValues: { domain: '' } });
  const add = useAddDomain(organizationId, {
    onAdded: () => form.reset(),
    onFailure: (error) => form.setFieldError('domain', failureMessage(error)),
  });
  const submit = form.onSubmit((values) =>
    add.mutate(addRegistrationDomainRequestSchema.parse(values).domain),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={domainMessages.add}>
      <Group align="flex-start">
        <TextField
          label={domainMessages.domainLabel}
          placeholder={domainMessages.domainPlaceholder}
          {...fieldProps(form, 'domain')}
          flex={1}
        />
        <Button type="submit" mt={25} loading={add.isPending}>
          {domainMessages.add}
        </Button>
      </Group>
    </form>
  );
}

function DomainCard({
  organizationId,
  domain,
  allowed,
  onDelete,
}: {
  organizationId: string;
  domain: RegistrationDomain;
  allowed: boolean;
  onDelete: () => void;
}) {
  const [verifyFailure, setVerifyFailure] = useState<string | null>(null);
  const verify = useVerifyDomain(organizationId, (error) => setVerifyFailure(failureMessage(error)));
  const makeDefault = useMakeDomainDefault(organizationId);
  return (
    <Paper withBorder radius="md" p="md" role="region" aria-label={domain.domain}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Title order={3} size="h5">
              {domain.domain}
            </Title>
            <Badge color={domain.is_verified ? 'green' : 'red'} variant="light">
              {domain.is_verified ? domainMessages.recordVerified : domainMessages.verificationPending}
            </Badge>
            {domain.is_default && <Badge variant="filled">{domainMessages.isDefault}</Badge>}
          </Group>
          <Group gap="xs">
            {!domain.is_verified && allowed && (
              <Button
                size="xs"
                loading={verify.isPending}
                onClick={() => {
                  setVerifyFailure(null);
                  verify.mutate(domain.id);
                }}
              >
                {domainMessages.verify}
              </Button>
            )}
            {canBeDefault(domain) && !domain.is_default && allowed && (
              <Button
                size="xs"
                variant="light"
                loading={makeDefault.isPending}
                onClick={() => makeDefault.mutate(domain.id)}
              >
                {domainMessages.makeDefault}
              </Button>
            )}
            <Button size="xs" color="red" variant="light" onClick={onDelete}>
              {domainMessages.delete}
            </Button>
          </Group>
        </Group>
        {verifyFailure && <ErrorAlert>{verifyFailure}</ErrorAlert>}
        {!domain.is_verified && (
          <DnsRecordsTable
            name={domain.domain}
            records={domain.dns_records}
            title={domainMessages.recordsTitle}
            note={domainMessages.recordsNote}
          />
        )}
      </Stack>
    </Paper>
  );
}

function DeleteDomainDialog({
  organizationId,
  domain,
  onClose,
}: {
  organizationId: string;
  domain: RegistrationDomain;
  onClose: () => void;
}) {
  const remove = useDeleteDomain(organizationId, onClose);
  return (
    <ConfirmDialog
      opened
      message={domainMessages.deleteQuestion(domain.domain)}
      confirmLabel={domainMessages.delete}
      confirming={remove.isPending}
      onConfirm={() => remove.mutate(domain.id)}
      onCancel={onClose}
    />
  );
}
