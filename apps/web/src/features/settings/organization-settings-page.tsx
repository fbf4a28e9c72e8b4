import {
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  hasContract,
  PRICING_COUNTS,
  PRICING_FEATURES,
  registrationMessages,
  updateOrganizationRequestSchema,
  type OrganizationDetail,
} from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { ApiRequestError } from '../../api/api-error.ts';
import { useAccess } from '../../session/use-access.ts';
import { formatDate } from '../../ui/formats.ts';
import { fieldProps, useStudioForm } from '../../ui/studio-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import { attendeeCountQuery, useUpdateOrganization } from './organization-api.ts';
import {
  NO_TIER_LABEL,
  ORGANIZATION_SWITCHES,
  draftOf,
  hasChanges,
  organizationChanges,
  type OrganizationDraft,
} from './organization-form.ts';
import { SettingsCard, SettingsFrame, useMember } from './settings-frame.tsx';
import { SsoSettingsCard } from './sso-settings-card.tsx';
import { ErrorAlert } from '../../ui/error-alert.tsx';

export const ORGANIZATION_NAME_MAX = 255;

/**
 * Settings → Organization: name, the organisation's own switches and plan; admins edit them and the
 * SSO provider. The feature flags are the operator's (`npm run admin -- flags`), not shown here.
 */
export function OrganizationSettingsPage() {
  const { user, organizationId } = useMember();
  const access = useAccess(organizationId);
  const canEdit = access.can('organization:update');
  return (
    <SettingsFrame title="Organization">
      <OrganizationForm key={access.organization.id} organization={access.organization} canEdit={canEdit} />
      <PlanCard organization={access.organization} />
      {canEdit && hasContract(access.organization) && <ContractCard organizationId={organizationId} />}
      {user.role === 'ORG_ADMIN' && <SsoSettingsCard organizationId={organizationId} />}
    </SettingsFrame>
  );
}

function OrganizationForm({ organization, canEdit }: { organization: OrganizationDetail; canEdit: boolean }) {
  // The name is checked as it is typed: Save stays disabled while it is empty.
  const form = useStudioForm<OrganizationDraft>(updateOrganizationRequestSchema.pick({ name: true }), {
    initialValues: draftOf(organization),
    validateInputOnChange: ['name'],
  });
  const draft = form.values;
  const changes = organizationChanges(organization, draft);
  const save = useUpdateOrganization(organization.id, (saved) => form.setValues(draftOf(saved)));
  const nameProblem = form.errors.name;
  const submit = form.onSubmit(() => {
    if (hasChanges(changes)) save.mutate(changes);
  });

  return (
    <Card withBorder component="form" onSubmit={submit} aria-label="Organization settings">
      <Stack>
        {canEdit ? (
          <TextField
            label="Organization name"
            maxLength={ORGANIZATION_NAME_MAX}
            {...fieldProps(form, 'name')}
          />
        ) : (
          <TextInput label="Organization name" value={organization.name} readOnly />
        )}
        <Title order={2} size="h4">
          Features
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xs">
          {ORGANIZATION_SWITCHES.map(({ key, label }) => (
            <Switch
              key={key}
              label={label}
              checked={draft.switches[key]}
              disabled={!canEdit}
              onChange={(event) =>
                form.setFieldValue('switches', { ...draft.switches, [key]: event.currentTarget.checked })
              }
            />
          ))}
        </SimpleGrid>
        <ErrorAlert error={save.error} />
        {canEdit && (
          <Group justify="flex-end">
            <Button
              variant="default"
              disabled={!hasChanges(changes)}
              onClick={() => {
                form.setValues(draftOf(organization));
                form.clearErrors();
              }}
            >
              Discard changes
            </Button>
            <Button
              type="submit"
              loading={save.isPending}
              disabled={!hasChanges(changes) || nameProblem !== undefined}
            >
              Save
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function PlanCard({ organization }: { organization: OrganizationDetail }) {
  const plan = organization.pricing_config;
  return (
    <SettingsCard title="Plan" gap="sm">
      <Group gap="xs">
        <Text>Tier:</Text>
        <Text fw={600}>{organization.tier ?? NO_TIER_LABEL}</Text>
        {organization.is_free_trial && <Badge>Free trial</Badge>}
      </Group>
      <Table>
        <Table.Tbody>
          {PRICING_FEATURES.map((feature) => (
            <Table.Tr key={feature.key}>
              <Table.Td>{feature.label}</Table.Td>
              <Table.Td>{plan[feature.key] ? 'Included' : 'Not included'}</Table.Td>
            </Table.Tr>
          ))}
          {PRICING_COUNTS.map((count) => (
            <Table.Tr key={count.key}>
              <Table.Td>{count.label}</Table.Td>
              <Table.Td>{plan[count.key] === -1 ? 'No limit' : plan[count.key]}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </SettingsCard>
  );
}

/**
 * The contract (`/settings-new/contract` opens this page): the people who attended the
 * organisation's events in its period. No contract is silent (002 §8.10).
 */
function ContractCard({ organizationId }: { organizationId: string }) {
  const count = useQuery(attendeeCountQuery(organizationId));
  const { error } = count;
  if (error instanceof ApiRequestError && error.code === 'ORGANIZATION_DOES_NOT_HAVE_CONTRACT') return null;
  return (
    <SettingsCard title="Contract" gap="sm">
      {count.isError && (
        <ErrorAlert>
          {error instanceof ApiRequestError ? error.message : registrationMessages.contractFallback}
        </ErrorAlert>
      )}
      {count.isPending && <Loader size="sm" aria-label="Loading the attendee count" />}
      {count.data && (
        <Group gap="xs">
          <Text>Attendees:</Text>
          <Text fw={600}>
            {count.data.attendee_limit === null
              ? count.data.attendee_count
              : `${count.data.attendee_count} of ${count.data.attendee_limit}`}
          </Text>
          {count.data.period_start && (
            <Text c="dimmed" size="sm">
              since {formatDate(count.data.period_start)}
            </Text>
          )}
        </Group>
      )}
    </SettingsCard>
  );
}
