import { Alert, Badge, Button, Center, Group, Loader, Stack, Table, Text } from '@mantine/core';
import {
  CRM_FIELD_UPDATE_POLICIES,
  crmFieldUpdatePolicyLabels,
  integrationLabels,
  crmMessages,
  type CrmFieldUpdatePolicy,
  type MappedType,
  type FieldMappingEntry,
} from '@studio/domain';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { SelectField } from '../../ui/select-field.tsx';
import { showToast } from '../../ui/toast.ts';
import {
  mappingConnection,
  notConnectedMessage,
  useCreateDefaultMappings,
  useMapping,
  useSaveMapping,
  useSourceFields,
  useTargetFields,
  type MappingOwner,
} from './crm-api.ts';
import {
  hasUnsavedChanges,
  localRowErrors,
  serverRowErrors,
  type MappingRow,
  type RowError,
} from './field-mapping-rows.ts';
import { hiddenColumn, ListTable } from '../../ui/list-table.tsx';
import { NotConnectedAlert } from './crm-rows.tsx';
import { DeleteIconButton } from '../../ui/delete-icon-button.tsx';

interface FieldMappingScreenProps {
  crmType: MappedType;
  objectType: string;
  owner: MappingOwner;
}

/**
 * Spec 001 §4 field mapping: the current list against the last saved one; adding, removing and
 * editing rows stays local until the bulk save; discard restores the saved list and clears errors;
 * each row shows its own error.
 */
export function FieldMappingScreen({ crmType, objectType, owner }: FieldMappingScreenProps) {
  const mapping = useMapping(crmType, objectType, owner);
  const sources = useSourceFields(owner);
  const targets = useTargetFields(crmType, objectType, mappingConnection(owner));
  if (mapping.isError || sources.isError || targets.isError) {
    const failure = sources.isError
      ? owner.entityType === 'GLOBAL_FORM'
        ? crmMessages.formSourceFieldsFailed
        : crmMessages.sourceFieldsFailed
      : owner.entityType === 'GLOBAL_FORM' && mapping.isError
        ? crmMessages.formMappingsFailed(integrationLabels[crmType], objectType)
        : null;
    const notConnected = notConnectedMessage(targets.error, mapping.error);
    if (!failure && notConnected) return <NotConnectedAlert crmType={crmType} message={notConnected} />;
    return (
      <Alert color="red" role="alert">
        {failure ?? crmMessages.somethingWentWrong}
      </Alert>
    );
  }
  if (!mapping.data || !sources.data || !targets.data)
    return (
      <Center py="xl">
        <Loader aria-label="Loading field mapping" />
      </Center>
    );
  return (
    <MappingEditor
      key={`${crmType}-${objectType}-${owner.entityId}-${mapping.data.id ?? 'none'}`}
      crmType={crmType}
      objectType={objectType}
      owner={owner}
      saved={mapping.data.field_mappings}
      hasSavedMapping={mapping.data.id !== null}
      sources={sources.data.map((field) => ({ value: field.id, label: field.label }))}
      targets={targets.data.map((field) => ({
        value: field.id,
        label: field.label,
        subLabel: field.id,
        ...(field.is_required && { badgeLabel: 'Required' }),
      }))}
    />
  );
}

const policyOptions = CRM_FIELD_UPDATE_POLICIES.map((policy) => ({
  value: policy,
  label: crmFieldUpdatePolicyLabels[policy],
}));

/** Row keys, unique while the page lives (a row keeps its key as it is edited). */
let rowKeys = 0;
const nextRowKey = () => (rowKeys += 1);

function MappingEditor(
  props: FieldMappingScreenProps & {
    saved: FieldMappingEntry[];
    hasSavedMapping: boolean;
    sources: { value: string; label: string }[];
    targets: { value: string; label: string; subLabel: string; badgeLabel?: string }[];
  },
) {
  const { crmType, objectType, owner } = props;
  const rowsOf = (entries: readonly FieldMappingEntry[]) =>
    entries.map((entry) => ({ key: nextRowKey(), entry }));
  // The last saved list, as the screen compares against it (the editor is keyed by what it maps).
  const [saved, setSaved] = useState(props.saved);
  const [rows, setRows] = useState<MappingRow[]>(() => rowsOf(props.saved));
  const [errors, setErrors] = useState<(RowError | null)[]>([]);

  const save = useSaveMapping(crmType, objectType, owner, {
    onSaved: (entries) => {
      setSaved(entries);
      setRows(rowsOf(entries));
      setErrors([]);
    },
    onFailure: (error) => {
      setErrors(serverRowErrors(error, rows.length) ?? []);
      showToast(
        owner.entityType === 'GLOBAL_FORM'
          ? crmMessages.formMappingsSaveFailed
          : crmMessages.eventMappingsSaveFailed,
        'error',
      );
    },
  });
  const defaults = useCreateDefaultMappings(crmType, owner);
  const unsaved = hasUnsavedChanges(rows, saved);

  const update = (key: number, change: Partial<FieldMappingEntry>) => {
    setRows((current) =>
      current.map((row) => (row.key === key ? { ...row, entry: { ...row.entry, ...change } } : row)),
    );
    setErrors((current) => current.map((error, index) => (rows[index]?.key === key ? null : error)));
  };
  const add = () =>
    setRows((current) => [
      ...current,
      {
        key: nextRowKey(),
        entry: {
          source_field_id: '',
          crm_field_id: '',
          is_required_crm_field: false,
          crm_field_type: 'string',
          crm_field_update_policy: 'ALWAYS_UPDATE',
        },
      },
    ]);
  const remove = (key: number) => {
    setErrors((current) => current.filter((_, index) => rows[index]?.key !== key));
    setRows((current) => current.filter((row) => row.key !== key));
  };
  const discard = () => {
    setRows(rowsOf(saved));
    setErrors([]);
  };
  const submit = () => {
    const local = localRowErrors(rows, owner.entityType);
    if (local.some(Boolean)) return setErrors(local);
    save.mutate(rows.map((row) => row.entry));
  };

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Text fw={500}>
            {integrationLabels[crmType]} · {objectType}
          </Text>
          {unsaved && (
            <Badge color="yellow" variant="light">
              Unsaved changes
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          {!props.hasSavedMapping && (
            <Button variant="default" loading={defaults.isPending} onClick={() => defaults.mutate()}>
              Use default mappings
            </Button>
          )}
          <Button variant="default" disabled={!unsaved} onClick={discard}>
            Discard
          </Button>
          <Button disabled={!unsaved} loading={save.isPending} onClick={submit}>
            Save mappings
          </Button>
        </Group>
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed" role="status">
          No field is mapped yet: registrants are sent with their email, first and last name.
        </Text>
      ) : (
        <ListTable
          label="Field mappings"
          minWidth={600}
          verticalSpacing="sm"
          columns={[
            'Registration field',
            `${integrationLabels[crmType]} field`,
            'When it exists',
            hiddenColumn('Remove'),
          ]}
        >
          {rows.map((row, index) => {
            const error = errors[index];
            const label = `row ${index + 1}`;
            return (
              <Table.Tr key={row.key} aria-label={`Mapping ${label}`} aria-invalid={error ? true : undefined}>
                <Table.Td>
                  <SelectField
                    aria-label={`Registration field of ${label}`}
                    options={props.sources}
                    value={row.entry.source_field_id || null}
                    onChange={(value) => update(row.key, { source_field_id: value ?? '' })}
                  />
                </Table.Td>
                <Table.Td>
                  <SelectField
                    aria-label={`${integrationLabels[crmType]} field of ${label}`}
                    options={props.targets}
                    value={row.entry.crm_field_id || null}
                    onChange={(value) => update(row.key, { crm_field_id: value ?? '' })}
                  />
                  {error && (
                    <Text c="red" size="sm" role="alert" mt={4}>
                      {error.message}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <SelectField
                    aria-label={`Update policy of ${label}`}
                    searchable={false}
                    allowDeselect={false}
                    options={policyOptions}
                    value={row.entry.crm_field_update_policy}
                    onChange={(value) =>
                      value && update(row.key, { crm_field_update_policy: value as CrmFieldUpdatePolicy })
                    }
                  />
                </Table.Td>
                <Table.Td>
                  <DeleteIconButton label={`Remove ${label}`} onClick={() => remove(row.key)} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </ListTable>
      )}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={add}>
          Add field
        </Button>
      </Group>
    </Stack>
  );
}
