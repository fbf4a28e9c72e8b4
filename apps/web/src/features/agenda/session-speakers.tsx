import { Badge, Group, Stack, Text } from '@mantine/core';
import { fullName, type Broadcast } from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import {
  eventSpeakersQuery,
  sessionSpeakers,
  sessionsChange,
  useUpdateEventRole,
} from '../../api/event-speakers.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { DeleteIconButton } from '../../ui/delete-icon-button.tsx';
import { DrawerSection } from '../../ui/drawer-section.tsx';

/**
 * The session's speakers (its answer's `speakers`, by rank), and the event's other speakers to
 * add: each change is saved at once on the speaker (their sessions), not with the session form.
 */
export function SessionSpeakers({ eventId, session }: { eventId: string; session: Broadcast | null }) {
  return (
    <DrawerSection title="Speakers" saved={session} unsaved="Add the session first, then its speakers.">
      {(saved) => <SpeakersOfSession eventId={eventId} session={saved} />}
    </DrawerSection>
  );
}

function SpeakersOfSession({ eventId, session }: { eventId: string; session: Broadcast }) {
  const speakers = useQuery(eventSpeakersQuery(eventId));
  const update = useUpdateEventRole(eventId);
  const inSession = sessionSpeakers(session);
  const eventSpeakers = speakers.data ?? [];
  const others = eventSpeakers.filter((speaker) => !speaker.broadcasts.includes(session.id));
  const change = (eventRoleId: string, join: boolean) => {
    const speaker = eventSpeakers.find((candidate) => candidate.id === eventRoleId);
    if (speaker) update.mutate({ id: speaker.id, body: sessionsChange(speaker, session.id, join) });
  };
  return (
    <>
      {inSession.length === 0 && (
        <Text size="sm" c="dimmed">
          No speakers in this session yet.
        </Text>
      )}
      {inSession.map((speaker) => {
        const name = fullName(speaker.user);
        return (
          <Group key={speaker.id} justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <Avatar name={name} size="sm" src={speaker.user.profile_picture_url} />
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={500} truncate>
                  {name}
                </Text>
                {(speaker.user.title ?? speaker.user.company) && (
                  <Text size="xs" c="dimmed" truncate>
                    {[speaker.user.title, speaker.user.company].filter(Boolean).join(', ')}
                  </Text>
                )}
              </Stack>
              {speaker.hidden && (
                <Badge size="xs" variant="light" color="gray">
                  Hidden
                </Badge>
              )}
            </Group>
            <DeleteIconButton
              label={`Remove ${name} from the session`}
              disabled={update.isPending || !eventSpeakers.some((candidate) => candidate.id === speaker.id)}
              onClick={() => change(speaker.id, false)}
            />
          </Group>
        );
      })}
      <SelectField
        aria-label="Add a speaker to the session"
        placeholder={
          speakers.isPending
            ? 'Loading the event’s speakers…'
            : others.length === 0
              ? 'Every speaker of the event is in this session'
              : 'Add a speaker'
        }
        options={others.map((speaker) => ({
          value: speaker.id,
          label: fullName(speaker.user),
          ...(speaker.user.company ? { subLabel: speaker.user.company } : {}),
        }))}
        value={null}
        disabled={update.isPending || others.length === 0}
        onChange={(eventRoleId) => eventRoleId && change(eventRoleId, true)}
      />
    </>
  );
}
