import { Alert, Button, Card, Group, Loader, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import {
  EVENT_APP_TABS,
  eventAppSettingsMessages as text,
  messages,
  type EventAppSettings,
} from '@studio/domain';
import { useState } from 'react';
import { useEventAppSettings, useSaveEventAppSettings } from './event-app-settings-api.ts';

type Flag = {
  [K in keyof EventAppSettings]: EventAppSettings[K] extends boolean ? K : never;
}[keyof EventAppSettings];
type TabTitle = {
  [K in keyof EventAppSettings]: EventAppSettings[K] extends boolean ? never : K;
}[keyof EventAppSettings];

/** Stage Navigation's tabs: the switch showing each (Secondary Booths shows once it is named) and its title. */
const NAVIGATION: { tab: keyof typeof EVENT_APP_TABS; shown?: Flag; title: TabTitle }[] = [
  { tab: 'rooms', shown: 'show_discussion_rooms', title: 'discussion_room_tab_title' },
  { tab: 'booths', shown: 'show_event_booths', title: 'booth_tab_title' },
  { tab: 'secondary_booths', title: 'booth_tab_title_2' },
  { tab: 'speakers', shown: 'speaker_tab_visible', title: 'speaker_tab_title' },
  { tab: 'people', shown: 'show_attendees', title: 'people_tab_title' },
];

/**
 * The event app's settings under the event's Look and Feel (002 §2.2): Enter Event Experience
 * (early entry, tech check, mandatory profiles) and Stage Navigation (the tabs and their titles).
 * One panel for now; the branding editor takes its two modules over.
 */
export function EventAppSettingsPanel({ eventId }: { eventId: string }) {
  const settings = useEventAppSettings(eventId);
  if (settings.isPending) return <Loader aria-label="Loading event app settings" />;
  if (settings.isError) return <Alert color="red">{messages.somethingWentWrong}</Alert>;
  return <SettingsForm eventId={eventId} saved={settings.data} />;
}

function SettingsForm({ eventId, saved }: { eventId: string; saved: EventAppSettings }) {
  const [draft, setDraft] = useState(saved);
  const save = useSaveEventAppSettings(eventId);
  const changes = Object.fromEntries(
    Object.entries(draft).filter(([key, value]) => saved[key as keyof EventAppSettings] !== value),
  );
  const set = <K extends keyof EventAppSettings>(key: K, value: EventAppSettings[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="event-app-settings">
      <Stack gap="md">
        <Title id="event-app-settings" order={3} size="h5">
          {text.enterEventTitle}
        </Title>
        <Switch
          label={text.enterEventButton}
          aria-describedby="enter-event-help"
          checked={!draft.disable_enter_event_button}
          onChange={(event) => set('disable_enter_event_button', !event.currentTarget.checked)}
        />
        <Text id="enter-event-help" size="xs" c="dimmed" mt={-8}>
          {text.enterEventButtonHelp}
        </Text>
        <Switch
          label={text.techCheck}
          checked={draft.enable_tech_check}
          onChange={(event) => set('enable_tech_check', event.currentTarget.checked)}
        />
        <Switch
          label={text.mandatoryProfiles}
          checked={draft.show_onboarding}
          onChange={(event) => set('show_onboarding', event.currentTarget.checked)}
        />
        <Title order={3} size="h5">
          {text.navigationTitle}
        </Title>
        {NAVIGATION.map(({ tab, shown, title }) => (
          <Group key={tab} align="flex-end">
            {shown && (
              <Switch
                w={200}
                label={text.showTab(EVENT_APP_TABS[tab])}
                checked={draft[shown]}
                onChange={(event) => set(shown, event.currentTarget.checked)}
              />
            )}
            <TextInput
              label={text.tabTitle(EVENT_APP_TABS[tab])}
              placeholder={EVENT_APP_TABS[tab]}
              maxLength={40}
              value={draft[title] ?? ''}
              onChange={(event) => set(title, event.currentTarget.value || null)}
            />
          </Group>
        ))}
        <Group>
          <Button
            disabled={Object.keys(changes).length === 0}
            loading={save.isPending}
            onClick={() => save.mutate(changes)}
          >
            {text.save}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
