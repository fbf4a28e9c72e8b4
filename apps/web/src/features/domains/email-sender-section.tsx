import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  Paper,
  Select,
  Stack,
  Stepper,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  EMAIL_SENDER_INPUT_DEBOUNCE_MS,
  EMAIL_SENDER_VERIFY_COOLDOWN_MS,
  emailSenderAddressSchema,
  emailSenderMessages,
  type VanityEmailDomain,
} from '@studio/domain';
import { IconMailCog } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ListStates } from '../../ui/list-states.tsx';
import { showToast, useFailureToast } from '../../ui/toast.ts';
import { DnsRecordsTable } from './dns-records-table.tsx';
import {
  createFailure,
  emailSendersQuery,
  useCreateEmailSender,
  useDeleteEmailSender,
  useVerifyEmailSender,
} from './email-sender-api.ts';

type Step = 'selectDomain' | 'dnsRecords';

/**
 * Settings → Domains → Email sender (spec 002 §2.3, §4.5, §8.4): the address registration and
 * reminder emails leave from, set up in a two-step drawer and verified by its DNS records.
 */
export function EmailSenderSection({ organizationId }: { organizationId: string }) {
  const senders = useQuery(emailSendersQuery(organizationId));
  const sender = senders.data?.[0];
  const [wizard, setWizard] = useState<Step | null>(null);
  const [deleting, setDeleting] = useState(false);
  useFailureToast(senders.isError, emailSenderMessages.loadFailed);

  return (
    <Stack gap="md" component="section" aria-label={emailSenderMessages.title}>
      <Title order={2} size="h4">
        {emailSenderMessages.title}
      </Title>
      <Text c="dimmed">{emailSenderMessages.description}</Text>
      <ListStates
        failure={senders.isError && emailSenderMessages.loadFailed}
        pending={senders.isPending}
        loadingLabel="Loading the email sender"
        empty={sender === undefined}
        emptyState={
          <EmptyState
            title={emailSenderMessages.setUp}
            message={emailSenderMessages.description}
            icon={<IconMailCog size={26} aria-hidden />}
            action={<Button onClick={() => setWizard('selectDomain')}>{emailSenderMessages.setUp}</Button>}
          />
        }
      >
        {sender && (
          <SenderCard
            sender={sender}
            onShowRecords={() => setWizard('dnsRecords')}
            onDelete={() => setDeleting(true)}
          />
        )}
      </ListStates>
      <EmailSenderWizard organizationId={organizationId} sender={sender} step={wizard} onStep={setWizard} />
      {deleting && sender && (
        <DeleteSenderDialog
          organizationId={organizationId}
          sender={sender}
          onClose={() => setDeleting(false)}
        />
      )}
    </Stack>
  );
}

function VerificationBadge({ verified }: { verified: boolean }) {
  return (
    <Badge color={verified ? 'green' : 'red'} variant="light">
      {verified ? emailSenderMessages.recordVerified : emailSenderMessages.verificationPending}
    </Badge>
  );
}

function SenderCard(props: { sender: VanityEmailDomain; onShowRecords: () => void; onDelete: () => void }) {
  const { sender } = props;
  return (
    <Paper withBorder radius="md" p="md" role="region" aria-label={sender.email_sender}>
      <Group justify="space-between">
        <Group gap="xs">
          <Text fw={600}>{sender.email_sender}</Text>
          <VerificationBadge verified={sender.email_domain_verified} />
        </Group>
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={props.onShowRecords}>
            {emailSenderMessages.dnsRecordsStep}
          </Button>
          <Button size="xs" color="red" variant="light" onClick={props.onDelete}>
            {emailSenderMessages.delete}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** The stepwise drawer: it starts at 'Select Domain' and moves on once the sender exists. */
function EmailSenderWizard(props: {
  organizationId: string;
  sender: VanityEmailDomain | undefined;
  step: Step | null;
  onStep: (step: Step | null) => void;
}) {
  const { sender, step } = props;
  return (
    <Drawer
      opened={step !== null}
      onClose={() => props.onStep(null)}
      position="right"
      size="lg"
      title={emailSenderMessages.title}
    >
      <Stepper active={step === 'dnsRecords' ? 1 : 0} size="sm">
        <Stepper.Step label={emailSenderMessages.selectDomainStep}>
          <SelectDomainStep
            organizationId={props.organizationId}
            hasSender={sender !== undefined}
            onCreated={() => props.onStep('dnsRecords')}
          />
        </Stepper.Step>
        <Stepper.Step label={emailSenderMessages.dnsRecordsStep}>
          {sender && <DnsRecordsStep organizationId={props.organizationId} sender={sender} />}
        </Stepper.Step>
      </Stepper>
    </Drawer>
  );
}

function SelectDomainStep(props: { organizationId: string; hasSender: boolean; onCreated: () => void }) {
  const [address, setAddress] = useState('');
  const [serverError, setServerError] = useState<string | null>(null);
  const [typed] = useDebouncedValue(address, EMAIL_SENDER_INPUT_DEBOUNCE_MS);
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateEmailSender(props.organizationId, {
    onCreated: props.onCreated,
    onFailure: (error) => {
      const failure = createFailure(error);
      if (failure.field) setServerError(failure.field);
      if (failure.toast) showToast(failure.toast, 'error');
    },
  });
  // Spec 002 §5: checked once typing pauses (or on Continue); no error once a sender exists.
  const checked = submitted ? address : typed;
  const ruleError =
    props.hasSender || (checked.trim() === '' && !submitted)
      ? null
      : (emailSenderAddressSchema.safeParse(checked).error?.issues[0]?.message ?? null);

  return (
    <form
      noValidate
      aria-label={emailSenderMessages.selectDomainStep}
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        setServerError(null);
        const parsed = emailSenderAddressSchema.safeParse(address);
        if (parsed.success) create.mutate(parsed.data);
      }}
    >
      <Stack gap="md" mt="md">
        <Select
          label={emailSenderMessages.domainType}
          data={[emailSenderMessages.domainTypeEmail]}
          value={emailSenderMessages.domainTypeEmail}
          allowDeselect={false}
          readOnly
        />
        <TextInput
          label={emailSenderMessages.emailLabel}
          placeholder={emailSenderMessages.emailPlaceholder}
          value={address}
          onChange={(event) => {
            setAddress(event.currentTarget.value);
            setSubmitted(false);
            setServerError(null);
          }}
          error={serverError ?? ruleError}
          required
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? emailSenderMessages.loading : emailSenderMessages.continue}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DnsRecordsStep({ organizationId, sender }: { organizationId: string; sender: VanityEmailDomain }) {
  const [missing, setMissing] = useState(false);
  const [coolingDown, setCoolingDown] = useState(false);
  const verify = useVerifyEmailSender(organizationId, () => {
    setMissing(true);
    // Spec 002 §4.5: while pending, Verify rests for 20 s.
    setCoolingDown(true);
  });
  useEffect(() => {
    if (!coolingDown) return;
    const timer = setTimeout(() => setCoolingDown(false), EMAIL_SENDER_VERIFY_COOLDOWN_MS);
    return () => clearTimeout(timer);
  }, [coolingDown]);

  return (
    <Stack gap="md" mt="md">
      <Group justify="space-between">
        <Text fw={600}>{sender.email_sender}</Text>
        <VerificationBadge verified={sender.email_domain_verified} />
      </Group>
      <DnsRecordsTable
        name={sender.email_sender}
        records={[
          { type: 'TXT', host: sender.dkim_host, value: sender.dkim_text_value },
          { type: 'CNAME', host: sender.return_path_host, value: sender.return_path_value },
        ]}
        note={emailSenderMessages.propagationNote}
      />
      {missing && !sender.email_domain_verified && (
        <Alert color="yellow" role="status">
          {emailSenderMessages.recordsMissingNote}
        </Alert>
      )}
      {!sender.email_domain_verified && (
        <Group justify="flex-end">
          <Button
            loading={verify.isPending}
            disabled={coolingDown}
            onClick={() => {
              setMissing(false);
              verify.mutate(sender.id);
            }}
          >
            {emailSenderMessages.verify}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function DeleteSenderDialog(props: {
  organizationId: string;
  sender: VanityEmailDomain;
  onClose: () => void;
}) {
  const remove = useDeleteEmailSender(props.organizationId, props.onClose);
  return (
    <ConfirmDialog
      opened
      message={emailSenderMessages.deleteQuestion(props.sender.email_sender)}
      confirmLabel={emailSenderMessages.delete}
      confirming={remove.isPending}
      onConfirm={() => remove.mutate(props.sender.id)}
      onCancel={props.onClose}
    />
  );
}
