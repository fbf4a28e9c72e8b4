import {
  Anchor,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { accessMessages } from '@studio/domain';
import { useState } from 'react';
import { FEATURE_CONTACT_HREF, usePlanAllows } from '../../ui/plan-gate.tsx';
import {
  useSaveRegistrationSettings,
  type RegistrationEvent,
  type RegistrationSettings,
} from './registrants-api.ts';

const settingsOf = (event: RegistrationEvent): RegistrationSettings => ({
  registration_capacity: event.registration_capacity,
  waitlist_enabled: event.waitlist_enabled,
  registration_approval_required: event.registration_approval_required,
});

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
 * The event's registration settings (issue 16 §2): seats (unlimited or a number, plan feature
 * registrantCap), the waitlist (plan feature waitlist) and approval mode, saved together.
 */
export function RegistrationSettingsCard({ event }: { event: RegistrationEvent }) {
  const [draft, setDraft] = useState(() => settingsOf(event));
  const [basis, setBasis] = useState(event);
  if (basis !== event) {
    setBasis(event);
    setDraft(settingsOf(event));
  }
  const capAllowed = usePlanAllows(event.organization, 'registrantCap');
  const waitlistAllowed = usePlanAllows(event.organization, 'waitlist');
  const save = useSaveRegistrationSettings(event.id);
  const unlimited = draft.registration_capacity === null;
  const change = (next: Partial<RegistrationSettings>) => setDraft({ ...draft, ...next });
  const saved = settingsOf(event);
  const changed = (Object.keys(draft) as (keyof RegistrationSettings)[]).some(
    (key) => draft[key] !== saved[key],
  );
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="registration-settings-title">
      <form
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
                    : (event.registration_capacity ?? 100),
                })
              }
              mb={8}
            />
          </Group>
          <PlanReason allowed={capAllowed} />
          <Switch
            label="Waitlist"
            description="When the seats are taken, people join a waitlist and get the first seat that frees up."
            disabled={!waitlistAllowed}
            checked={draft.waitlist_enabled}
            onChange={(checked) => change({ waitlist_enabled: checked.currentTarget.checked })}
          />
          <PlanReason allowed={waitlistAllowed} />
          <Switch
            label="Approve registrations"
            description="New registrations wait as Waitlisted until you approve or reject them."
            checked={draft.registration_approval_required}
            onChange={(checked) => change({ registration_approval_required: checked.currentTarget.checked })}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={!changed}>
              Save settings
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
