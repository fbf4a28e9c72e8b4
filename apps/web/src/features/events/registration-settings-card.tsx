import { Anchor, Checkbox, Group, NumberInput, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { accessMessages, registrationSettingsHints, type EventRegistrationSettings } from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { registrationSettingsQuery, useSaveRegistrationSettings } from '../../api/registration-settings.ts';
import { FEATURE_CONTACT_HREF, usePlanAllows } from '../../ui/plan-gate.tsx';
import { FormActions } from '../../ui/form-actions.tsx';

/** Spec 002 §6: a setting the plan lacks says so, with the contact link. */
function PlanReason({ allowed }: { allowed: boolean }) {
  if (allowed) return null;
  return (
    <Text size="xs" c="dimmed">
      {accessMessages.featureNotEnabled}{' '}
      <Anchor href={FEATURE_CONTACT_HREF} size="xs">
        Contact us
      </Anchor>
    </Text>
  );
}

/**
 * The event's registration settings (issue 16 §2), kept by the registration area and shown with
 * the event's details: seats (unlimited or a number, plan feature registrantCap), the waitlist
 * (plan feature waitlist) and approval mode, saved together.
 */
export function RegistrationSettingsCard({
  eventId,
  organizationId,
}: {
  eventId: string;
  organizationId: string;
}) {
  const stored = useQuery(registrationSettingsQuery(eventId));
  if (!stored.data) return null;
  return <SettingsForm eventId={eventId} organizationId={organizationId} saved={stored.data} />;
}

function SettingsForm({
  eventId,
  organizationId,
  saved,
}: {
  eventId: string;
  organizationId: string;
  saved: EventRegistrationSettings;
}) {
  const [draft, setDraft] = useState(saved);
  const [basis, setBasis] = useState(saved);
  if (basis !== saved) {
    setBasis(saved);
    setDraft(saved);
  }
  const capAllowed = usePlanAllows(organizationId, 'registrantCap');
  const waitlistAllowed = usePlanAllows(organizationId, 'waitlist');
  const save = useSaveRegistrationSettings(eventId);
  const unlimited = draft.registration_capacity === null;
  const change = (next: Partial<EventRegistrationSettings>) => setDraft({ ...draft, ...next });
  const changed = (Object.keys(draft) as (keyof EventRegistrationSettings)[]).some(
    (key) => draft[key] !== saved[key],
  );
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="registration-settings-title">
      <form
        noValidate
        onSubmit={(submitted) => {
          submitted.preventDefault();
          save.mutate(draft);
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="registration-settings-title">
            Registration settings
          </Title>
          <Group align="flex-end" gap="md" wrap="wrap">
            <NumberInput
              label="Seats"
              description="Registrations past this number are waitlisted or refused."
              min={1}
              max={1_000_000}
              allowDecimal={false}
              w={220}
              disabled={!capAllowed || unlimited}
              value={draft.registration_capacity ?? ''}
              onChange={(value) =>
                change({ registration_capacity: typeof value === 'number' ? value : null })
              }
            />
            <Checkbox
              label="Unlimited"
              disabled={!capAllowed}
              checked={unlimited}
              onChange={(checked) =>
                change({
                  registration_capacity: checked.currentTarget.checked
                    ? null
                    : (saved.registration_capacity ?? 100),
                })
              }
              mb={8}
            />
          </Group>
          <PlanReason allowed={capAllowed} />
          <Switch
            label="Waitlist"
            description={registrationSettingsHints.waitlist(draft.registration_approval_required)}
            disabled={!waitlistAllowed}
            checked={draft.waitlist_enabled}
            onChange={(checked) => change({ waitlist_enabled: checked.currentTarget.checked })}
          />
          <PlanReason allowed={waitlistAllowed} />
          <Switch
            label="Approve registrations"
            description={registrationSettingsHints.approval}
            checked={draft.registration_approval_required}
            onChange={(checked) => change({ registration_approval_required: checked.currentTarget.checked })}
          />
          <FormActions saving={save.isPending} disabled={!changed} label="Save settings" />
        </Stack>
      </form>
    </Paper>
  );
}
