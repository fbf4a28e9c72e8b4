import { Stack, Switch } from '@mantine/core';
import { DEMO_CTA_LIMITS, refillDemoCta, type DemoCtaLinkMode } from '@studio/domain';
import { BrandingTextField, RadioChoice } from './branding-controls.tsx';
import type { ModuleProps } from './module-props.ts';

const LINK_MODES: { value: DemoCtaLinkMode; label: string }[] = [
  { value: 'confirmationMessage', label: 'Show a confirmation message' },
  { value: 'linkToNewTab', label: 'Open a link in a new tab' },
];

/**
 * Call To Action Button, the demo request (002 §5.3, §4.6): its texts within 27/120/350, a new
 * tab's URL; turned off, empty texts are refilled with the defaults. While on and invalid the
 * module is invalid (the domain's errors say where).
 */
export function CallToActionModule({ draft, errors, subject }: ModuleProps) {
  const { event, change } = draft;
  const text = (field: keyof typeof DEMO_CTA_LIMITS, label: string, rows?: number) => (
    <BrandingTextField
      label={label}
      value={event[field]}
      maxLength={DEMO_CTA_LIMITS[field]}
      error={errors[field]}
      rows={rows}
      onChange={(value) => change({ event: { [field]: value } })}
    />
  );
  return (
    <Stack gap="sm">
      <Switch
        label="Show the call to action button"
        checked={event.demo_link_enabled}
        onChange={(input) => {
          const enabled = input.currentTarget.checked;
          const { demo_request_button_text, demo_request_title, demo_request_message } = refillDemoCta({
            ...event,
            demo_link_enabled: enabled,
          });
          change({
            event: {
              demo_link_enabled: enabled,
              demo_request_button_text,
              demo_request_title,
              demo_request_message,
            },
          });
        }}
      />
      {subject.eventType === 'Conference' && (
        <Switch
          label="Show it on the on-demand page"
          checked={event.on_demand_demo_link_enabled}
          onChange={(input) =>
            change({ event: { on_demand_demo_link_enabled: input.currentTarget.checked } })
          }
        />
      )}
      {event.demo_link_enabled && (
        <>
          {text('demo_request_button_text', 'Button text')}
          <RadioChoice
            label="When clicked"
            value={event.custom_demo_cta_link_to}
            options={LINK_MODES}
            onChange={(value) => change({ event: { custom_demo_cta_link_to: value } })}
          />
          {event.custom_demo_cta_link_to === 'linkToNewTab' && (
            <BrandingTextField
              label="URL"
              value={event.custom_demo_cta_button_url ?? ''}
              error={errors.custom_demo_cta_button_url}
              onChange={(value) => change({ event: { custom_demo_cta_button_url: value } })}
            />
          )}
          {text('demo_request_title', 'Confirmation title')}
          {text('demo_request_message', 'Confirmation message', 3)}
        </>
      )}
    </Stack>
  );
}
