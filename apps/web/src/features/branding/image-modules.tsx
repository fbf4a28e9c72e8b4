import { Badge, Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { brandingMessages, makeDefault, type BrandingUploadName } from '@studio/domain';
import { ImageField, UploadButton, uploadHint } from './branding-controls.tsx';
import { uploadScope, type ModuleProps } from './module-props.ts';
import { DeleteIconButton } from '../../ui/delete-icon-button.tsx';

/** Logo (002 §5.6: transparent, at most 1600x1600). */
export const LogoModule = ({ draft, subject }: ModuleProps) => (
  <ImageField
    label="Logo"
    value={draft.event.logo_url}
    upload="logo"
    scope={uploadScope(subject)}
    onChange={(logo_url) => draft.change({ event: { logo_url } })}
  />
);

/** Favicon (002 §5.6: transparent PNG, at most 32x32, square). */
export const FaviconModule = ({ draft, subject }: ModuleProps) => (
  <ImageField
    label="Favicon"
    value={draft.event.favicon}
    upload="favicon"
    scope={uploadScope(subject)}
    onChange={(favicon) => draft.change({ event: { favicon } })}
  />
);

/** Social Media Thumbnail: stored in the social thumbnails' own folder (002 §7.2). */
export const SocialMediaThumbnailModule = ({ draft }: ModuleProps) => (
  <ImageField
    label="Social media thumbnail"
    value={draft.event.social_media_thumbnail}
    upload="socialThumbnail"
    scope="social-thumbnails"
    onChange={(social_media_thumbnail) => draft.change({ event: { social_media_thumbnail } })}
  />
);

/** A list of images whose first is the default (002 §3.2); 'Make Default' moves one first. */
function ImageList({
  label,
  items,
  upload,
  scope,
  onChange,
}: {
  label: string;
  items: readonly string[];
  upload: BrandingUploadName;
  scope: string;
  onChange: (items: string[]) => void;
}) {
  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed">
        {uploadHint(upload)} · {brandingMessages.imageCentredHint}
      </Text>
      {items.map((url, index) => (
        <Paper key={url} withBorder p="xs" aria-label={`${label} ${index + 1}`}>
          <Group justify="space-between" wrap="nowrap">
            <Image src={url} alt={`${label} ${index + 1}`} h={48} w={85} fit="contain" />
            <Group gap="xs" wrap="nowrap">
              {index === 0 ? (
                <Badge variant="light">Default</Badge>
              ) : (
                <Button size="xs" variant="default" onClick={() => onChange(makeDefault(items, index))}>
                  {brandingMessages.makeDefault}
                </Button>
              )}
              <DeleteIconButton
                label={`Remove ${label} ${index + 1}`}
                onClick={() => onChange(items.filter((_, at) => at !== index))}
              />
            </Group>
          </Group>
        </Paper>
      ))}
      <Group>
        <UploadButton
          label="Add image"
          upload={upload}
          scope={scope}
          onUploaded={(url) => onChange([...items, url])}
        />
      </Group>
    </Stack>
  );
}

export const VirtualBackgroundsModule = ({ draft, subject }: ModuleProps) => (
  <ImageList
    label="Virtual background"
    items={draft.theme.virtual_backgrounds}
    upload="virtualBackground"
    scope={uploadScope(subject)}
    onChange={(virtual_backgrounds) => draft.change({ theme: { virtual_backgrounds } })}
  />
);

export const OnstageLogosModule = ({ draft, subject }: ModuleProps) => (
  <ImageList
    label="Onstage logo"
    items={draft.theme.logos}
    upload="onstageLogo"
    scope={uploadScope(subject)}
    onChange={(logos) => draft.change({ theme: { logos } })}
  />
);
