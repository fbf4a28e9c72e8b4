import { useState } from 'react';
import { Button, Drawer, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { BOOTH_NAME_MAX_LENGTH, createBoothSchema, type Booth, type BoothType } from '@studio/domain';
import { onFormFields, useStudioForm } from '../../ui/studio-form.ts';
import {
  DiscussionRoomsField,
  discussionRoomDrafts,
  discussionRoomsUpdate,
  type DiscussionRoomDraft,
} from '../../ui/discussion-rooms-field.tsx';
import { BoothResources } from '../../ui/booth-resources.tsx';
import { ImageUrlField } from '../../ui/image-url-field.tsx';
import type { VideoPicker } from '../../ui/select-videos-dialog.tsx';
import { useAddBoothResource, useDeleteBoothResource } from '../../api/booth-resources.ts';
import { NameAndDescriptionFields } from './name-fields.tsx';
import { useSaveBooth } from './rooms-booths-api.ts';
import { FormActions } from '../../ui/form-actions.tsx';

interface BoothForm {
  event: string;
  name: string;
  description: string;
  booth_type: BoothType;
  hero_kind: 'image' | 'video';
  hero_image: string;
  /** A library video: its id, and its name once picked here (an existing one shows as 'A library video'). */
  hero_video: { id: string; name: string | null } | null;
  poster: string;
  discussion_group_objects: DiscussionRoomDraft[];
}

/** The form keeps empty image fields as ''; they are sent as null. */
const boothFormSchema = createBoothSchema.omit({ poster: true, hero_asset: true, hero_asset_type: true });
const orNull = (value: string) => (value.trim() ? value.trim() : null);

/** The hero as the booth answer gives it, and as the form sends it. */
function heroOf(form: Pick<BoothForm, 'hero_kind' | 'hero_image' | 'hero_video'>) {
  if (form.hero_kind === 'video')
    return form.hero_video
      ? { hero_asset_type: 'hero_asset_video' as const, hero_asset: form.hero_video.id }
      : { hero_asset_type: null, hero_asset: null };
  const image = orNull(form.hero_image);
  return { hero_asset_type: image ? ('hero_asset_image' as const) : null, hero_asset: image };
}

/**
 * Creates or edits a booth: name, description, type, the hero (an uploaded image or a library
 * video picked with the library's dialog), poster, its discussion rooms, then its resources.
 */
export function BoothDrawer({
  eventId,
  booth,
  boothType,
  workspace,
  VideoPicker,
  onClose,
}: {
  eventId: string;
  booth: Booth | null;
  boothType: BoothType;
  /** The event's team, whose library the hero video is picked from (null: videos without a team). */
  workspace: string | null;
  VideoPicker: VideoPicker;
  onClose: () => void;
}) {
  const heroImage = booth?.hero_asset_type === 'hero_asset_image' ? (booth.hero_asset ?? '') : '';
  const heroVideo =
    booth?.hero_asset_type === 'hero_asset_video' && booth.hero_asset
      ? { id: booth.hero_asset, name: null }
      : null;
  const [picking, setPicking] = useState(false);
  const form = useStudioForm<BoothForm>(boothFormSchema, {
    initialValues: {
      event: eventId,
      name: booth?.name ?? '',
      description: booth?.description ?? '',
      booth_type: booth?.booth_type ?? boothType,
      hero_kind: heroVideo ? 'video' : 'image',
      hero_image: heroImage,
      hero_video: heroVideo,
      poster: booth?.poster ?? '',
      discussion_group_objects: discussionRoomDrafts(booth?.discussion_group_objects ?? []),
    },
  });
  const initialHero = heroOf(form.getInitialValues());
  const save = useSaveBooth(eventId, onClose, onFormFields(form));
  const addResource = useAddBoothResource();
  const deleteResource = useDeleteBoothResource();
  const submit = form.onSubmit(
    ({
      event: _event,
      hero_kind,
      hero_image,
      hero_video,
      poster,
      discussion_group_objects: rooms,
      ...values
    }) => {
      const hero = heroOf({ hero_kind, hero_image, hero_video });
      const changed =
        hero.hero_asset !== initialHero.hero_asset || hero.hero_asset_type !== initialHero.hero_asset_type;
      save.mutate({
        id: booth?.id,
        values: {
          ...values,
          poster: orNull(poster),
          ...(changed || !booth ? hero : {}),
          ...discussionRoomsUpdate(rooms, booth?.discussion_group_objects ?? []),
        },
      });
    },
  );
  const { hero_kind: heroKind, hero_video: pickedVideo } = form.getValues();
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      title={booth ? 'Edit Booth' : 'Add Booth'}
      closeButtonProps={{ 'aria-label': 'Close drawer' }}
    >
      <Stack>
        <form onSubmit={submit} noValidate>
          <Stack>
            <NameAndDescriptionFields form={form} nameMaxLength={BOOTH_NAME_MAX_LENGTH} />
            <Select
              label="Booth type"
              data={[
                { value: 'primary', label: 'Primary' },
                { value: 'secondary', label: 'Secondary' },
              ]}
              allowDeselect={false}
              {...form.getInputProps('booth_type')}
            />
            <Stack gap={6}>
              <Text size="sm" fw={500} id="booth-hero-label">
                Hero
              </Text>
              <SegmentedControl
                aria-labelledby="booth-hero-label"
                data={[
                  { value: 'image', label: 'Image' },
                  { value: 'video', label: 'Library video' },
                ]}
                {...form.getInputProps('hero_kind')}
              />
              {heroKind === 'image' ? (
                <ImageUrlField
                  label="Hero image"
                  uploadScope={`events/${eventId}`}
                  value={form.values.hero_image}
                  onChange={(value) => form.setFieldValue('hero_image', value)}
                  error={form.errors.hero_asset as string | undefined}
                />
              ) : (
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm" c={pickedVideo ? undefined : 'dimmed'} truncate>
                    {pickedVideo ? (pickedVideo.name ?? 'A library video') : 'No video chosen'}
                  </Text>
                  <Group gap="xs" wrap="nowrap">
                    {pickedVideo && (
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => form.setFieldValue('hero_video', null)}
                      >
                        Remove
                      </Button>
                    )}
                    <Button size="xs" variant="light" onClick={() => setPicking(true)}>
                      {pickedVideo ? 'Change video' : 'Choose a video'}
                    </Button>
                  </Group>
                </Group>
              )}
              {heroKind === 'video' && form.errors.hero_asset && (
                <Text c="red" size="xs">
                  {form.errors.hero_asset}
                </Text>
              )}
            </Stack>
            <ImageUrlField
              label="Poster"
              uploadScope={`events/${eventId}`}
              value={form.values.poster}
              onChange={(value) => form.setFieldValue('poster', value)}
              error={form.errors.poster as string | undefined}
            />
            <DiscussionRoomsField form={form} />
            <FormActions onCancel={onClose} saving={save.isPending} sticky />
          </Stack>
        </form>
        {picking && (
          <VideoPicker
            opened
            title="Select Hero Video"
            maxSelections={1}
            restrictToWorkspace={workspace}
            onClose={() => setPicking(false)}
            onSave={([video]) => {
              if (video) form.setFieldValue('hero_video', { id: video.id, name: video.name });
              setPicking(false);
            }}
          />
        )}
        {booth && (
          <BoothResources
            booth={booth}
            actions={{
              add: (resource, done, failed) =>
                addResource.mutate(resource, { onSuccess: done, onError: failed }),
              remove: (resource) => deleteResource.mutate(resource),
              adding: addResource.isPending,
            }}
          />
        )}
      </Stack>
    </Drawer>
  );
}
