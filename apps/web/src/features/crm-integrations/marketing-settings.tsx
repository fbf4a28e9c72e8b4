import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  crmMessages,
  isWistiaPushUnderway,
  MARKETO_ACTIVITY_TYPE_KEYS,
  marketingMessages,
  marketoActivityTypeNames,
  messages,
  PARDOT_ACTIVITY_TYPES,
  pardotImportStatusLabels,
  wistiaPushStatusLabels,
  type MarketoActivityTypeIds,
  type WistiaRecording,
} from '@studio/domain';
import { useState } from 'react';
import { formatDateTime } from '../../ui/formats.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { isMappedType } from './crm-applications.tsx';
import { FieldMappingLinks } from './crm-event-settings.tsx';
import {
  useConnectMarketoProgram,
  useConnections,
  useConnectWistiaProject,
  useCreateMarketoActivityTypes,
  useMarketingSettings,
  useSaveEloquaForm,
  useSaveMarketoBaseProgram,
  usePardotImport,
  usePushToWistia,
  useUpdatePardotList,
  useWistiaProjects,
  useWistiaRecordings,
} from './crm-api.ts';
import { Loading } from '../../ui/list-states.tsx';
import { ErrorAlert } from '../../ui/error-alert.tsx';
import { CrmSyncStatus } from './crm-sync-status.tsx';
import { IdForm } from './id-form.tsx';
import { CloneMarketoProgram, MarketoMemberStatuses } from './marketo-program.tsx';

/** …/applications/eloqua/settings/eloqua-event-form: the Eloqua form registrants are submitted to, checked at Eloqua. */
export function EloquaEventForm({
  organizationId,
  current,
}: {
  organizationId: string;
  current: string | null;
}) {
  const [formId, setFormId] = useState('');
  const [missing, setMissing] = useState(false);
  const save = useSaveEloquaForm(organizationId);
  const answer = save.data;
  return (
    <form
      noValidate
      aria-label="Eloqua event form"
      onSubmit={(event) => {
        event.preventDefault();
        setMissing(!formId.trim());
        if (formId.trim()) save.mutate(formId.trim());
      }}
    >
      <Stack maw={480}>
        <Text size="sm" role="status">
          {current ? `Registrants are submitted to form ${current}.` : 'No event form is connected.'}
        </Text>
        <Group align="flex-end">
          <TextInput
            label="Eloqua form id"
            required
            inputMode="numeric"
            value={formId}
            error={missing && messages.fieldRequired}
            onChange={(event) => setFormId(event.currentTarget.value)}
          />
          <Button type="submit" variant="default" loading={save.isPending}>
            Save form
          </Button>
        </Group>
        {answer?.form && <Text size="sm">Form “{answer.form.name}” connected.</Text>}
      </Stack>
    </form>
  );
}

/** The kept ids of the studio's Marketo activity types, or the spec's way to create them. */
function MarketoActivityTypesNote({ ids }: { ids: MarketoActivityTypeIds | null | undefined }) {
  const kept = MARKETO_ACTIVITY_TYPE_KEYS.every((key) => ids?.[key]);
  if (!kept)
    return (
      <Alert color="yellow" role="status" aria-label="Marketo custom activity types">
        {marketingMessages.marketoActivityTypesMissing}
      </Alert>
    );
  return (
    <Text size="sm" role="status" aria-label="Marketo custom activity types">
      {MARKETO_ACTIVITY_TYPE_KEYS.map((key) => `${marketoActivityTypeNames[key]}: ${ids![key]}`).join(', ')}.{' '}
      {marketingMessages.marketoActivityTypesKept}
    </Text>
  );
}

/** …/applications/marketo/settings/marketo-base-program: the studio's custom activity types in Marketo. */
export function MarketoBaseProgram({
  organizationId,
  current,
  activityTypeIds,
}: {
  organizationId: string;
  current: string | null;
  /** The organisation's kept activity type ids. */
  activityTypeIds: MarketoActivityTypeIds;
}) {
  const create = useCreateMarketoActivityTypes(organizationId);
  const saveBase = useSaveMarketoBaseProgram(organizationId);
  const answer = create.data;
  return (
    <Stack maw={560}>
      <Text size="sm" role="status">
        {current ? `Events' programs are cloned from program ${current}.` : 'No base program is set.'}
      </Text>
      <IdForm
        label="Base program id"
        action="Save base program"
        pending={saveBase.isPending}
        onSave={(id) => saveBase.mutate(id)}
      />
      <Text size="sm" c="dimmed">
        Registrants' profile and engagement reach Marketo as two custom activity types.
      </Text>
      <MarketoActivityTypesNote ids={activityTypeIds} />
      <Group>
        <Button variant="default" loading={create.isPending} onClick={() => create.mutate()}>
          Create custom activity types
        </Button>
      </Group>
      {answer && answer.failures.length > 0 && (
        <Alert color="red" role="alert" title={marketingMessages.marketoCustomActivityFailed}>
          {answer.message}
        </Alert>
      )}
    </Stack>
  );
}

const marketingLabels = {
  marketo: 'Marketo program',
  pardot: 'Pardot list',
  wistia: 'Wistia project',
} as const;
export type MarketingType = keyof typeof marketingLabels;
export const isMarketingType = (type: string): type is MarketingType => type in marketingLabels;

/**
 * …/integration/{marketo|pardot|wistia}/settings: what the event is connected to, connecting
 * another, and (Marketo, Pardot) the way to the event's field mappings.
 */
export function MarketingEventSettings({ eventId, base, type }: MarketingEventSettingsProps) {
  const settings = useMarketingSettings(eventId);
  const current = settings.data?.find((one) => one.integration_type === type);
  if (settings.isError) return <ErrorAlert>{crmMessages.somethingWentWrong}</ErrorAlert>;
  if (!settings.data) return <Loading label="Loading" />;
  return (
    <Stack maw={560}>
      <Text size="sm" role="status">
        {current?.external_id
          ? `${marketingLabels[type]}: ${current.external_id}${current.activity_type ? ` (${current.activity_type})` : ''}`
          : `No ${marketingLabels[type]} is connected.`}
      </Text>
      {type === 'marketo' && current?.external_id && (
        <MarketoMemberStatuses eventId={eventId} programId={current.external_id} />
      )}
      {type === 'marketo' && <MarketoProgramForm eventId={eventId} />}
      {type === 'marketo' && <EventMarketoActivityTypes eventId={eventId} />}
      {type === 'pardot' && <PardotListForm eventId={eventId} />}
      {type === 'pardot' && current?.activity_type === 'SYNC_PARDOT' && (
        <PardotImportStatus eventId={eventId} />
      )}
      {type === 'wistia' && <WistiaProjectForm eventId={eventId} />}
      {type === 'wistia' && current?.external_id && <WistiaRecordings eventId={eventId} />}
      {isMappedType(type) && <CrmSyncStatus eventId={eventId} crmType={type} />}
      {isMappedType(type) && <FieldMappingLinks base={base} crmType={type} />}
    </Stack>
  );
}

interface MarketingEventSettingsProps {
  eventId: string;
  /** The workspace's address: /events/{id} or /webinar/{id}. */
  base: string;
  type: MarketingType;
}

/**
 * …/integration/eloqua/settings: registrants go to the organisation's Eloqua event form (set once
 * for every event); the event maps its fields to the form's.
 */
export function EloquaEventSettings({ base }: { base: string }) {
  return (
    <Stack maw={560}>
      <Text size="sm">
        Registrants are submitted to your organization&apos;s{' '}
        <HrefLink href="/integrations/applications/eloqua/settings/eloqua-event-form">
          Eloqua event form
        </HrefLink>
        .
      </Text>
      <FieldMappingLinks base={base} crmType="eloqua" />
    </Stack>
  );
}

/** An existing program connected by its id, or a new one cloned from the base program. */
function MarketoProgramForm({ eventId }: { eventId: string }) {
  const connect = useConnectMarketoProgram(eventId);
  return (
    <Group align="flex-end">
      <IdForm
        label="Marketo program id"
        action="Connect program"
        pending={connect.isPending}
        onSave={(id) => connect.mutate(id)}
      />
      <CloneMarketoProgram eventId={eventId} />
    </Group>
  );
}

function PardotListForm({ eventId }: { eventId: string }) {
  const [activityType, setActivityType] = useState<string>(PARDOT_ACTIVITY_TYPES[1]);
  const update = useUpdatePardotList(eventId);
  return (
    <Stack>
      <SelectField
        label="Activity type"
        options={PARDOT_ACTIVITY_TYPES.map((value) => ({ value, label: value }))}
        value={activityType}
        onChange={(value) => value && setActivityType(value)}
      />
      <IdForm
        label="Pardot list id"
        action="Connect list"
        pending={update.isPending}
        onSave={(id) => update.mutate({ list_id: id, activity_type: activityType })}
      />
      {update.data && !update.data.valid_list_id && (
        <ErrorAlert>{marketingMessages.pardotListNotFound}</ErrorAlert>
      )}
    </Stack>
  );
}

/** The activity types of the Marketo connection the event uses (its team's, or the organisation's). */
function EventMarketoActivityTypes({ eventId }: { eventId: string }) {
  const connections = useConnections({ event: eventId });
  if (!connections.data) return null;
  const marketo = connections.data.find((one) => one.crm_type === 'marketo');
  return <MarketoActivityTypesNote ids={marketo?.marketo_activity_type_ids} />;
}

/** Where the import of the event's SYNC_PARDOT list stands (each change pushed by the server). */
function PardotImportStatus({ eventId }: { eventId: string }) {
  const status = usePardotImport(eventId);
  if (status.isError) return <ErrorAlert>{crmMessages.somethingWentWrong}</ErrorAlert>;
  const pardotImport = status.data?.import;
  if (!pardotImport) return null;
  return (
    <Stack gap={2} aria-label="Pardot import">
      <Text size="sm" role="status" c={pardotImport.status === 'failed' ? 'red' : 'dimmed'}>
        {pardotImportStatusLabels[pardotImport.status]}: {pardotImport.imported_count} registrants imported
        from list {pardotImport.list_id}
        {pardotImport.last_run_at && ` (last run ${formatDateTime(pardotImport.last_run_at)})`}.
      </Text>
      {pardotImport.error && (
        <Text size="xs" c="red">
          {pardotImport.error}
        </Text>
      )}
    </Stack>
  );
}

function WistiaProjectForm({ eventId }: { eventId: string }) {
  const projects = useWistiaProjects(eventId);
  const connect = useConnectWistiaProject(eventId);
  if (projects.isError) return <ErrorAlert>{crmMessages.somethingWentWrong}</ErrorAlert>;
  return (
    <SelectField
      label="Wistia project"
      placeholder={projects.data ? 'Choose a project' : 'Loading projects…'}
      options={(projects.data?.wistia_projects ?? []).map((project) => ({
        value: project.hashed_id,
        label: project.name,
      }))}
      value={null}
      onChange={(value) => value && connect.mutate(value)}
    />
  );
}

/**
 * The event's recordings and their pushes to the Wistia project: each is uploaded by itself once
 * ready; "Push to Wistia" uploads it (again), each status change pushed over the studio's socket.
 */
function WistiaRecordings({ eventId }: { eventId: string }) {
  const recordings = useWistiaRecordings(eventId);
  const push = usePushToWistia(eventId);
  if (recordings.isError) return <ErrorAlert>{crmMessages.somethingWentWrong}</ErrorAlert>;
  if (!recordings.data) return <Loading label="Loading recordings" />;
  if (recordings.data.recordings.length === 0)
    return (
      <Text size="sm" c="dimmed">
        The event's recordings go to the project once they are ready.
      </Text>
    );
  return (
    <Stack gap="xs" aria-label="Recordings in Wistia">
      {recordings.data.recordings.map((recording) => (
        <WistiaRecordingRow
          key={recording.video_id}
          recording={recording}
          pushing={push.isPending && push.variables === recording.video_id}
          onPush={() => push.mutate(recording.video_id)}
        />
      ))}
    </Stack>
  );
}

function WistiaRecordingRow({
  recording,
  pushing,
  onPush,
}: {
  recording: WistiaRecording;
  pushing: boolean;
  onPush: () => void;
}) {
  const status = recording.push?.status;
  return (
    <Stack gap={2}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{recording.name}</Text>
        <Group gap="sm" wrap="nowrap">
          <Text size="sm" c={status === 'failed' ? 'red' : 'dimmed'} aria-label={`${recording.name}: status`}>
            {status ? wistiaPushStatusLabels[status] : marketingMessages.wistiaNotPushed}
          </Text>
          <Button
            size="xs"
            variant="default"
            loading={pushing}
            disabled={isWistiaPushUnderway(status)}
            aria-label={`Push ${recording.name} to Wistia`}
            onClick={onPush}
          >
            Push to Wistia
          </Button>
        </Group>
      </Group>
      {recording.push?.error && (
        <Text size="xs" c={status === 'failed' ? 'red' : 'dimmed'}>
          {recording.push.error}
        </Text>
      )}
    </Stack>
  );
}
