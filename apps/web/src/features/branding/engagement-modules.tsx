import { NativeSelect, Stack, Switch } from '@mantine/core';
import {
  ANSWERERS_ALIAS_LABEL,
  ANSWERERS_ALIAS_MAX_LENGTH,
  boothTabsShown,
  CHAT_VISIBILITIES,
  chatExperienceToggles,
  DEFAULT_TAB_TITLES,
  peopleTabSpeakersShown,
  roomsTabShown,
  SPEAKER_DESCRIPTION_MAX_LENGTH,
  speakerDescriptionShown,
  TAB_TITLE_MAX_LENGTH,
  toggleShown,
  type ChatVisibility,
  type TabTitleField,
} from '@studio/domain';
import { BrandingTextField } from './branding-controls.tsx';
import type { ModuleProps } from './module-props.ts';

/**
 * Chat Experience (002 §3.1): the toggles the organisation's flags and the event show, 'disabled'
 * flags shown inverted; the chat-visibility select instead of Public Chat with its flag.
 */
export function ChatExperienceModule({ draft, organization }: ModuleProps) {
  const { event, change } = draft;
  const toggles = chatExperienceToggles({
    ...organization.flags,
    boothsTab: organization.boothsTab,
    hasTextQna: event.have_text_qna,
  });
  return (
    <Stack gap="sm">
      {organization.flags.useChatVisibility && (
        <NativeSelect
          label="Public Chat"
          data={Object.entries(CHAT_VISIBILITIES).map(([value, label]) => ({ value, label }))}
          value={event.chat_visibilty}
          onChange={(input) =>
            change({ event: { chat_visibilty: input.currentTarget.value as ChatVisibility } })
          }
        />
      )}
      {toggles.map((toggle) => (
        <Stack key={toggle.field} gap={6}>
          <Switch
            label={toggle.label}
            checked={toggleShown(toggle, event[toggle.field])}
            onChange={(input) =>
              change({ event: { [toggle.field]: toggleShown(toggle, input.currentTarget.checked) } })
            }
          />
          {toggle.field === 'show_answerers_identity' && event.show_answerers_identity && (
            <BrandingTextField
              label={ANSWERERS_ALIAS_LABEL}
              value={event.textqna_answerers_alias}
              maxLength={ANSWERERS_ALIAS_MAX_LENGTH}
              onChange={(textqna_answerers_alias) => change({ event: { textqna_answerers_alias } })}
            />
          )}
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * Stage Navigation (002 §5.6, §5.7, §6): the attendee tabs shown and their titles (≤ 50); rooms and
 * booths hidden for webinars, booths only with the plan's booths tab, the speaker description for
 * webinars only, Attendees-for-speakers only while the attendees tab is off.
 */
export function StageNavigationModule({ draft, errors, subject, organization }: ModuleProps) {
  const { event, change } = draft;
  const context = { eventType: subject.eventType, boothsTab: organization.boothsTab };
  const title = (field: TabTitleField) => (
    <BrandingTextField
      label={`${DEFAULT_TAB_TITLES[field]} tab title`}
      value={event[field]}
      maxLength={TAB_TITLE_MAX_LENGTH}
      error={errors[field]}
      onChange={(value) => change({ event: { [field]: value } })}
    />
  );
  const toggle = (
    field:
      | 'show_discussion_rooms'
      | 'show_event_booths'
      | 'speaker_tab_visible'
      | 'show_attendees'
      | 'show_people_tab_speakers',
    label: string,
  ) => (
    <Switch
      label={label}
      checked={event[field]}
      onChange={(input) => change({ event: { [field]: input.currentTarget.checked } })}
    />
  );
  return (
    <Stack gap="sm">
      {roomsTabShown(context) && (
        <>
          {toggle('show_discussion_rooms', 'Show Rooms')}
          {event.show_discussion_rooms && title('discussion_room_tab_title')}
        </>
      )}
      {boothTabsShown(context) && (
        <>
          {toggle('show_event_booths', 'Show Booths')}
          {event.show_event_booths && (
            <>
              {title('booth_tab_title')}
              {title('booth_tab_title_2')}
            </>
          )}
        </>
      )}
      {toggle('speaker_tab_visible', 'Show Speakers')}
      {event.speaker_tab_visible && title('speaker_tab_title')}
      {event.speaker_tab_visible && speakerDescriptionShown(subject.eventType) && (
        <BrandingTextField
          label="Speakers tab description"
          value={event.tab_descriptions.speakers}
          maxLength={SPEAKER_DESCRIPTION_MAX_LENGTH}
          error={errors['tab_descriptions.speakers']}
          rows={2}
          onChange={(speakers) => change({ event: { tab_descriptions: { speakers } } })}
        />
      )}
      {toggle('show_attendees', 'Show People')}
      {event.show_attendees && title('people_tab_title')}
      {peopleTabSpeakersShown(event) && toggle('show_people_tab_speakers', 'Show the People tab to speakers')}
    </Stack>
  );
}
