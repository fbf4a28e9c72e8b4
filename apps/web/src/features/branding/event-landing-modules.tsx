import { Stack, Switch, Text } from '@mantine/core';
import {
  enterEarly,
  enterEarlyToggle,
  eventAppSettingsMessages as labels,
  STAGE_CTA_MAX_LENGTH,
  stageCtaOff,
  type StageCtaLinkTarget,
} from '@studio/domain';
import { useRegistrationUrl } from './branding-api.ts';
import { BrandingTextField, Locked, RadioChoice } from './branding-controls.tsx';
import type { ModuleProps } from './module-props.ts';

/** Header Settings: what the landing page's header shows. */
export function HeaderSettingsModule({ draft }: ModuleProps) {
  const { event, change } = draft;
  const shown = [
    { field: 'is_title_visible', label: 'Show event title' },
    { field: 'is_date_visible', label: 'Show event date' },
    { field: 'is_logo_visible', label: 'Show logo' },
  ] as const;
  return (
    <Stack gap="sm">
      {shown.map(({ field, label }) => (
        <Switch
          key={field}
          label={label}
          checked={event[field]}
          onChange={(input) => change({ event: { [field]: input.currentTarget.checked } })}
        />
      ))}
    </Stack>
  );
}

const CTA_TARGETS: { value: StageCtaLinkTarget; label: string }[] = [
  { value: 'registration', label: 'Registration page' },
  { value: 'custom', label: 'Custom link' },
];

/**
 * Enter Event Experience (002 §2.2, §4.6, §5.4): the Enter Event Button (early entry, stored
 * inverted), tech check, mandatory profiles, and the stage's custom call to action. Early entry
 * and the custom call to action are locked within the hour before an event's start.
 */
export function EnterEventExperienceModule({ draft, errors, locked, subject }: ModuleProps) {
  const { event, theme, change } = draft;
  const registrationUrl = useRegistrationUrl(subject);
  return (
    <Stack gap="sm">
      <Locked locked={locked}>
        <Switch
          label={labels.enterEventButton}
          aria-describedby="enter-event-help"
          checked={enterEarly(event)}
          disabled={locked}
          onChange={(input) => change(enterEarlyToggle(input.currentTarget.checked, theme))}
        />
      </Locked>
      <Text id="enter-event-help" size="xs" c="dimmed" mt={-8}>
        {labels.enterEventButtonHelp}
      </Text>
      <Switch
        label={labels.techCheck}
        checked={event.enable_tech_check}
        onChange={(input) => change({ event: { enable_tech_check: input.currentTarget.checked } })}
      />
      <Switch
        label={labels.mandatoryProfiles}
        checked={event.show_onboarding}
        onChange={(input) => change({ event: { show_onboarding: input.currentTarget.checked } })}
      />
      <Text size="sm" fw={600} mt="sm">
        Stage call to action
      </Text>
      <Locked locked={locked}>
        <Switch
          label="Custom call to action"
          checked={theme.custom_cta_enabled}
          disabled={locked}
          onChange={(input) =>
            change({
              theme: input.currentTarget.checked
                ? { custom_cta_enabled: true }
                : stageCtaOff(registrationUrl),
            })
          }
        />
      </Locked>
      {theme.custom_cta_enabled && (
        <>
          <BrandingTextField
            label="Button text"
            value={theme.custom_cta_button_text}
            maxLength={STAGE_CTA_MAX_LENGTH}
            error={errors['theme_obj.custom_cta_button_text']}
            onChange={(custom_cta_button_text) => change({ theme: { custom_cta_button_text } })}
          />
          <RadioChoice
            label="Links to"
            value={theme.custom_cta_link_to}
            options={CTA_TARGETS}
            onChange={(value) => change({ theme: { custom_cta_link_to: value } })}
          />
          {theme.custom_cta_link_to === 'custom' && (
            <BrandingTextField
              label="Link"
              value={theme.custom_cta_button_url ?? ''}
              maxLength={STAGE_CTA_MAX_LENGTH}
              error={errors['theme_obj.custom_cta_button_url']}
              onChange={(custom_cta_button_url) => change({ theme: { custom_cta_button_url } })}
            />
          )}
        </>
      )}
    </Stack>
  );
}
