import { Slider, Stack, Switch } from '@mantine/core';
import {
  AGENDA_TILE_SHADES,
  alphaSlider,
  blurSlider,
  brandingMessages,
  LOWER_THIRD_SOURCES,
  lowerThirdChoice,
  lowerThirdColors,
  NAME_CARD_RADII,
  nameCardEnabled,
  nameCardToggle,
  OVERLAY_SHADES,
  pageItemAlpha,
  screenSaverToggle,
  shadeOf,
  SIDEBAR_SLIDER,
  sidebarAlpha,
  sidebarBlur,
  type Shade,
} from '@studio/domain';
import { LabelledControl } from '../../ui/labelled-control.tsx';
import { Choice, ColorField } from './branding-controls.tsx';
import type { ModuleProps } from './module-props.ts';

const shades = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
] as const;

/** Button & Card Color (002 §2.2, §4.6): button colours and the screen saver's. */
export function ButtonCardColorModule({ draft }: ModuleProps) {
  const { event, change } = draft;
  const sameAsButton = event.screen_saver_background === null;
  return (
    <Stack gap="sm">
      <ColorField
        label="Button background color"
        value={event.theme_secondary_color}
        onChange={(value) => change({ event: { theme_secondary_color: value } })}
      />
      <ColorField
        label="Button font color"
        value={event.secondary_text_color}
        onChange={(value) => change({ event: { secondary_text_color: value } })}
      />
      <Switch
        label={brandingMessages.screenSaverSameAsButton}
        checked={sameAsButton}
        onChange={(input) => {
          const { onEditScreenSaver, ...colors } = screenSaverToggle(input.currentTarget.checked, event);
          change({ event: colors, theme: { onEditScreenSaver } });
        }}
      />
      {!sameAsButton && (
        <>
          <ColorField
            label="Screen saver background color"
            value={event.screen_saver_background ?? ''}
            onChange={(value) => change({ event: { screen_saver_background: value } })}
          />
          <ColorField
            label="Screen saver font color"
            value={event.screen_saver_text_color ?? ''}
            onChange={(value) => change({ event: { screen_saver_text_color: value } })}
          />
        </>
      )}
    </Stack>
  );
}

/** Landing Agenda Background: one background colour (002 §2.2). */
export function LandingAgendaBackgroundModule({ draft }: ModuleProps) {
  return (
    <ColorField
      label="Background color"
      value={draft.event.splash_background_color}
      onChange={(value) => draft.change({ event: { splash_background_color: value } })}
    />
  );
}

/** Agenda Tile Background Shade: light or dark tiles (002 §9). */
export function AgendaTileShadeModule({ draft }: ModuleProps) {
  return (
    <Choice
      label="Tile shade"
      value={shadeOf(draft.theme.splash_background_shade)}
      options={shades}
      onChange={(shade: Shade) =>
        draft.change({ theme: { splash_background_shade: AGENDA_TILE_SHADES[shade] } })
      }
    />
  );
}

/** Stage Popups: the popups' background and font colours. */
export function PopupWindowsModule({ draft }: ModuleProps) {
  return (
    <Stack gap="sm">
      <ColorField
        label="Popup background color"
        value={draft.theme.theme_primary_color}
        onChange={(value) => draft.change({ theme: { theme_primary_color: value } })}
      />
      <ColorField
        label="Popup font color"
        value={draft.theme.primary_text_color}
        onChange={(value) => draft.change({ theme: { primary_text_color: value } })}
      />
    </Stack>
  );
}

/** Sidebar Overlay (002 §9 "Branding maths"): opacity and blur sliders, and the overlay shade. */
export function SidebarOverlayModule({ draft }: ModuleProps) {
  const { theme, change } = draft;
  const overlay: Shade =
    theme.primary_background_shade === OVERLAY_SHADES.light.primary_background_shade ? 'light' : 'dark';
  return (
    <Stack gap="md">
      <Choice
        label="Overlay shade"
        value={overlay}
        options={shades}
        onChange={(shade: Shade) => change({ theme: { ...OVERLAY_SHADES[shade] } })}
      />
      <LabelledControl label="Opacity">
        {(labelId) => (
          <Slider
            aria-labelledby={labelId}
            min={SIDEBAR_SLIDER.min}
            max={SIDEBAR_SLIDER.max}
            value={alphaSlider(theme.sidebar_alpha)}
            onChange={(slider) => {
              const alpha = sidebarAlpha(slider);
              change({ theme: { sidebar_alpha: alpha, page_item_alpha: pageItemAlpha(alpha) } });
            }}
          />
        )}
      </LabelledControl>
      <LabelledControl label="Blur">
        {(labelId) => (
          <Slider
            aria-labelledby={labelId}
            min={SIDEBAR_SLIDER.min}
            max={SIDEBAR_SLIDER.max}
            value={blurSlider(theme.sidebar_blur)}
            onChange={(slider) => change({ theme: { sidebar_blur: sidebarBlur(slider) } })}
          />
        )}
      </LabelledControl>
    </Stack>
  );
}

/** Lower thirds: colours from the buttons or the popups, optionally reversed (002 §9). */
export function LowerThirdsModule({ draft }: ModuleProps) {
  const colors = { ...draft.event, ...draft.theme };
  const { source, reverse } = lowerThirdChoice(draft.theme, colors);
  const write = (next: { source: typeof source; reverse: boolean }) =>
    draft.change({ theme: lowerThirdColors(next.source, next.reverse, colors) });
  return (
    <Stack gap="sm">
      <Choice
        label="Color source"
        value={source}
        options={LOWER_THIRD_SOURCES.map((value) => ({ value, label: value }))}
        onChange={(next) => write({ source: next, reverse })}
      />
      <Switch
        label="Reverse colors"
        checked={reverse}
        onChange={(input) => write({ source, reverse: input.currentTarget.checked })}
      />
    </Stack>
  );
}

/** Name Card (002 §4.6, §9): the toggle, the corner style and its colours. */
export function NameCardModule({ draft }: ModuleProps) {
  const { theme, change } = draft;
  const enabled = nameCardEnabled(theme);
  return (
    <Stack gap="sm">
      <Switch
        label="Custom name card"
        checked={enabled}
        onChange={(input) => change({ theme: nameCardToggle(input.currentTarget.checked, theme) })}
      />
      {enabled && (
        <>
          <Choice
            label="Corners"
            value={theme.name_card_radius ?? NAME_CARD_RADII[0].value}
            options={NAME_CARD_RADII}
            onChange={(radius) => change({ theme: { name_card_radius: radius } })}
          />
          <ColorField
            label="Name card background color"
            value={theme.name_card_background ?? ''}
            onChange={(value) => change({ theme: { name_card_background: value } })}
          />
          <ColorField
            label="Name card font color"
            value={theme.name_card_text_color ?? ''}
            onChange={(value) => change({ theme: { name_card_text_color: value } })}
          />
        </>
      )}
    </Stack>
  );
}
