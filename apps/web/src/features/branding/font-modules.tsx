import { NativeSelect, Stack, Switch, Text } from '@mantine/core';
import {
  brandingFonts,
  brandingMessages,
  BRANDING_TIMINGS,
  DEFAULT_FONT_NAME,
  FONT_FILE_TYPES,
  fontsLinked,
  isCustomFontType,
  linkedLandingFont,
  WEB_SAFE_FONTS,
  type FontSettings,
  type ThemeObj,
} from '@studio/domain';
import { useState } from 'react';
import { BrandingTextField, ColorField, UploadButton } from './branding-controls.tsx';
import { uploadScope, type ModuleProps } from './module-props.ts';

type Variant = 'stage' | 'landing';

/** Where each font setting is stored in `theme_obj`, for the stage and the landing. */
const FIELDS = {
  stage: {
    type: 'font_type',
    name: 'theme_font_name',
    link: 'theme_font_link',
    src: 'theme_font_src',
    customName: 'custom_font_name',
    color: 'primary_text_color',
  },
  landing: {
    type: 'splash_font_type',
    name: 'splash_theme_font_name',
    link: 'splash_theme_font_link',
    src: 'splash_theme_font_src',
    customName: 'splash_custom_font_name',
    color: 'splash_text_color',
  },
} as const satisfies Record<Variant, Record<keyof FontSettings, keyof ThemeObj>>;

const themeOf = (variant: Variant, font: Partial<FontSettings>): Partial<ThemeObj> =>
  Object.fromEntries(
    Object.entries(font).map(([setting, value]) => [FIELDS[variant][setting as keyof FontSettings], value]),
  );

const WEB_FONT = 'Web Font';
const CUSTOM = 'Custom';
/** 002 §2.2: Default-GT-America, the eleven web-safe fonts, Web Font, Custom. */
const CHOICES = [DEFAULT_FONT_NAME, ...WEB_SAFE_FONTS, WEB_FONT, CUSTOM];

const choiceOf = (font: FontSettings) =>
  font.type === 'Default'
    ? DEFAULT_FONT_NAME
    : font.type === 'Web Safe Font'
      ? (font.name ?? DEFAULT_FONT_NAME)
      : isCustomFontType(font.type)
        ? CUSTOM
        : WEB_FONT;

/** 002 §4.6: what choosing an option writes (the landing's custom type is 'Custom Splash'). */
function fontFor(choice: string, variant: Variant): Partial<FontSettings> {
  if (choice === DEFAULT_FONT_NAME) return { type: 'Default', name: null, link: null };
  if (choice === WEB_FONT) return { type: 'Web Font', name: null, link: null };
  if (choice === CUSTOM) return { type: variant === 'stage' ? 'Custom' : 'Custom Splash' };
  return { type: 'Web Safe Font', name: choice, link: null };
}

/**
 * Stage Font and Event Landing Font (002 §2.2, §4.6, §5.5): the font choice, a web font's name and
 * URL (checked after 200 ms), a custom font file, and the text colour. The stage's 'Use same font
 * and color as event landing' writes every change to both sets while on.
 */
function FontModule({ variant, draft, errors, subject }: ModuleProps & { variant: Variant }) {
  const fonts = brandingFonts(draft);
  const font = fonts[variant];
  const [linked, setLinked] = useState(() => fontsLinked(fonts.stage, fonts.landing));
  const error = (setting: 'name' | 'link' | 'src') => errors[`theme_obj.${FIELDS[variant][setting]}`];

  function write(changes: Partial<FontSettings>) {
    const next = { ...font, ...changes };
    if (!linked) return draft.change({ theme: themeOf(variant, changes) });
    const stage =
      variant === 'stage' ? next : { ...next, type: next.type === 'Custom Splash' ? 'Custom' : next.type };
    draft.change({
      theme: {
        ...themeOf('stage', stage),
        ...themeOf('landing', linkedLandingFont(stage)),
      },
    });
  }

  const choice = choiceOf(font);
  return (
    <Stack gap="sm">
      {variant === 'stage' && (
        <Switch
          label={brandingMessages.sameFontAsLanding}
          checked={linked}
          onChange={(input) => {
            const on = input.currentTarget.checked;
            setLinked(on);
            if (on)
              draft.change({
                theme: themeOf('stage', {
                  ...fonts.landing,
                  type: isCustomFontType(fonts.landing.type) ? 'Custom' : fonts.landing.type,
                }),
              });
          }}
        />
      )}
      <NativeSelect
        label="Font"
        data={CHOICES}
        value={choice}
        onChange={(input) => write(fontFor(input.currentTarget.value, variant))}
      />
      {choice === WEB_FONT && (
        <>
          <FontCheckedField
            label="Font name"
            value={font.name ?? ''}
            error={error('name')}
            onChange={(name) => write({ name })}
          />
          <FontCheckedField
            label="Font URL"
            value={font.link ?? ''}
            error={error('link')}
            onChange={(link) => write({ link })}
          />
        </>
      )}
      {choice === CUSTOM && (
        <Stack gap={6}>
          <Text size="xs" c="dimmed">
            {FONT_FILE_TYPES.join(', ')}
          </Text>
          {font.src && <Text size="sm">{font.src.slice(font.src.lastIndexOf('/') + 1)}</Text>}
          <UploadButton
            label={font.src ? 'Replace font file' : 'Upload font file'}
            upload="font"
            scope={uploadScope(subject)}
            onUploaded={(src) => write({ src })}
          />
          {error('src') && (
            <Text size="sm" c="red" role="alert">
              {error('src')}
            </Text>
          )}
          <BrandingTextField
            label="Font name"
            value={font.customName ?? ''}
            onChange={(customName) => write({ customName })}
          />
        </Stack>
      )}
      <ColorField label="Font color" value={font.color ?? ''} onChange={(color) => write({ color })} />
    </Stack>
  );
}

/** A web font's name or URL, handed on (and so checked) 200 ms after typing stops (002 §5.5). */
function FontCheckedField(props: {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return <BrandingTextField {...props} delayMs={BRANDING_TIMINGS.fontCheckDebounceMs} />;
}

export const StageFontModule = (props: ModuleProps) => <FontModule {...props} variant="stage" />;
export const LandingFontModule = (props: ModuleProps) => <FontModule {...props} variant="landing" />;
