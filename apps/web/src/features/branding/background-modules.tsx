import { Stack, Switch, Text, Title } from '@mantine/core';
import {
  BACKGROUND_TYPES,
  backgroundType,
  backgroundValueFor,
  brandingMessages,
  headerOverlayFor,
  heroGradientHeight,
  HERO_GRADIENT_HEIGHTS,
  isGradient,
  type BackgroundType,
  type BrandingUploadName,
  type ThemeObj,
} from '@studio/domain';
import { useRef, useState } from 'react';
import { BrandingTextField, Choice, ColorField, ImageField } from './branding-controls.tsx';
import { uploadScope, type ModuleProps } from './module-props.ts';

type BackgroundField =
  | 'splash_page_hero'
  | 'mobile_splash_page_hero'
  | 'stage_background'
  | 'mobile_stage_background'
  | 'event_background'
  | 'mobile_event_background';

interface Device {
  label: 'Desktop' | 'Mobile';
  field: BackgroundField;
  upload: BrandingUploadName;
}

/**
 * One background of one device (002 §4.6): Image, Solid Color or Gradient, inferred from the
 * stored value; choosing a type writes the domain's value for it (the last image again for Image).
 */
function BackgroundField({
  device,
  value,
  error,
  header,
  scope,
  onChange,
}: {
  device: Device;
  value: string;
  error: string | undefined;
  header: boolean;
  scope: string;
  onChange: (value: string, type: BackgroundType) => void;
}) {
  const type = backgroundType(value);
  // Switching back to Image restores the image shown before.
  const [lastImage, setLastImage] = useState(type === 'Image' && value ? value : null);
  return (
    <Stack gap="xs">
      <Title order={4} size="h6">
        {device.label}
      </Title>
      <Choice
        label={`${device.label} background type`}
        value={type}
        options={BACKGROUND_TYPES.map((option) => ({ value: option, label: option }))}
        onChange={(next) => {
          const image = type === 'Image' && value ? value : lastImage;
          setLastImage(image);
          onChange(backgroundValueFor(next, { header, lastImage: image }), next);
        }}
      />
      {type === 'Image' && (
        <>
          <ImageField
            label={`${device.label} image`}
            value={value || null}
            upload={device.upload}
            scope={scope}
            onChange={(url) => onChange(url ?? '', 'Image')}
          />
          {error && (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          )}
        </>
      )}
      {type === 'Solid Color' && (
        <ColorField label={`${device.label} color`} value={value} onChange={(next) => onChange(next, type)} />
      )}
      {type === 'Gradient' && (
        <BrandingTextField
          label={`${device.label} gradient`}
          value={value}
          error={isGradient(value) ? undefined : brandingMessages.invalidBackground}
          onChange={(next) => onChange(next, type)}
        />
      )}
    </Stack>
  );
}

function BackgroundsOf({
  devices,
  header = false,
  draft,
  errors,
  subject,
  onTypeChange,
}: ModuleProps & {
  devices: readonly Device[];
  header?: boolean;
  onTypeChange?: (type: BackgroundType) => void;
}) {
  return (
    <Stack gap="lg">
      {devices.map((device) => (
        <BackgroundField
          key={device.field}
          device={device}
          value={draft.theme[device.field]}
          error={errors[`theme_obj.${device.field}`]}
          header={header}
          scope={uploadScope(subject)}
          onChange={(value, type) => {
            draft.change({ theme: { [device.field]: value } });
            onTypeChange?.(type);
          }}
        />
      ))}
    </Stack>
  );
}

/**
 * Hero Background (the landing header; 002 §4.6): desktop and mobile backgrounds, the overlay
 * (off for Gradient or Solid Color, its last state again back on Image), the bottom gradient and
 * the colour of text over the image.
 */
export function HeroBackgroundModule(props: ModuleProps) {
  const { theme, change } = props.draft;
  const lastOverlay = useRef(theme.is_overlay_visible);
  const hasImage = backgroundType(theme.splash_page_hero) === 'Image';
  return (
    <Stack gap="lg">
      <BackgroundsOf
        {...props}
        header
        devices={[
          { label: 'Desktop', field: 'splash_page_hero', upload: 'heroDesktop' },
          { label: 'Mobile', field: 'mobile_splash_page_hero', upload: 'heroMobile' },
        ]}
        onTypeChange={(type) =>
          change({ theme: { is_overlay_visible: headerOverlayFor(type, lastOverlay.current) } })
        }
      />
      <Switch
        label="Dark overlay on the image"
        checked={theme.is_overlay_visible}
        disabled={!hasImage}
        onChange={(input) => {
          lastOverlay.current = input.currentTarget.checked;
          change({ theme: { is_overlay_visible: input.currentTarget.checked } });
        }}
      />
      <Switch
        label="Bottom gradient"
        checked={theme.splash_gradient_height === HERO_GRADIENT_HEIGHTS.shown}
        onChange={(input) =>
          change({
            theme: {
              splash_gradient_height: heroGradientHeight(
                input.currentTarget.checked,
              ) as ThemeObj['splash_gradient_height'],
            },
          })
        }
      />
      <ColorField
        label="Text color on the image"
        value={theme.splash_text_onimage_color}
        onChange={(value) => change({ theme: { splash_text_onimage_color: value } })}
      />
    </Stack>
  );
}

export const StageBackgroundModule = (props: ModuleProps) => (
  <BackgroundsOf
    {...props}
    devices={[
      { label: 'Desktop', field: 'stage_background', upload: 'stageDesktop' },
      { label: 'Mobile', field: 'mobile_stage_background', upload: 'stageMobile' },
    ]}
  />
);

export const VideoStreamBackgroundModule = (props: ModuleProps) => (
  <BackgroundsOf
    {...props}
    devices={[
      { label: 'Desktop', field: 'event_background', upload: 'videoStreamDesktop' },
      { label: 'Mobile', field: 'mobile_event_background', upload: 'videoStreamMobile' },
    ]}
  />
);
