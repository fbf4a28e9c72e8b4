import { Container, Stack, Textarea, Title } from '@mantine/core';
import { BOOTH_NAME_MAX_LENGTH, sponsorBoothUpdateSchema, type Booth } from '@studio/domain';
import { BoothResources } from '../../ui/booth-resources.tsx';
import { ImageUrlField } from '../../ui/image-url-field.tsx';
import { onFormFields, fieldProps, useStudioForm } from '../../ui/studio-form.ts';
import {
  DiscussionRoomsField,
  discussionRoomDrafts,
  discussionRoomsUpdate,
  type DiscussionRoomDraft,
} from '../../ui/discussion-rooms-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useRouteParam } from '../../ui/use-route-param.ts';
import { useAddBoothResource, useDeleteBoothResource } from '../../api/booth-resources.ts';
import { useSponsorBooth, useUpdateSponsorBooth } from './sponsor-api.ts';
import { FormActions } from '../../ui/form-actions.tsx';
import { Loading } from '../../ui/list-states.tsx';
import { ErrorAlert } from '../../ui/error-alert.tsx';

interface SponsorForm {
  name: string;
  description: string;
  hero_image: string;
  poster: string;
  discussion_group_objects: DiscussionRoomDraft[];
}

const formSchema = sponsorBoothUpdateSchema.omit({ poster: true, hero_asset: true, hero_asset_type: true });
const orNull = (value: string) => (value.trim() ? value.trim() : null);

function SponsorBoothForm({ booth }: { booth: Booth }) {
  const heroImage = booth.hero_asset_type === 'hero_asset_image' ? (booth.hero_asset ?? '') : '';
  const form = useStudioForm<SponsorForm>(formSchema, {
    initialValues: {
      name: booth.name,
      description: booth.description,
      hero_image: heroImage,
      poster: booth.poster ?? '',
      discussion_group_objects: discussionRoomDrafts(booth.discussion_group_objects),
    },
  });
  // The saved rooms (new ones now with their ids) replace the form's: saving again keeps them.
  const update = useUpdateSponsorBooth(booth.id, onFormFields(form), (saved) =>
    form.setFieldValue('discussion_group_objects', discussionRoomDrafts(saved.discussion_group_objects)),
  );
  const addResource = useAddBoothResource();
  const deleteResource = useDeleteBoothResource();
  const submit = form.onSubmit(({ hero_image, poster, discussion_group_objects: rooms, ...values }) =>
    update.mutate({
      ...values,
      poster: orNull(poster),
      ...discussionRoomsUpdate(rooms, booth.discussion_group_objects),
      ...(hero_image !== heroImage
        ? { hero_asset_type: orNull(hero_image) ? 'hero_asset_image' : null, hero_asset: orNull(hero_image) }
        : {}),
    }),
  );
  return (
    <Stack>
      <form onSubmit={submit} noValidate aria-label="Your booth">
        <Stack>
          <TextField label="Name" required maxLength={BOOTH_NAME_MAX_LENGTH} {...fieldProps(form, 'name')} />
          <Textarea label="Description" rows={4} {...form.getInputProps('description')} />
          <ImageUrlField
            label="Hero image"
            value={form.values.hero_image}
            onChange={(value) => form.setFieldValue('hero_image', value)}
            error={form.errors.hero_asset as string | undefined}
          />
          <ImageUrlField
            label="Poster"
            value={form.values.poster}
            onChange={(value) => form.setFieldValue('poster', value)}
            error={form.errors.poster as string | undefined}
          />
          <DiscussionRoomsField form={form} />
          <FormActions saving={update.isPending} label="Save booth" />
        </Stack>
      </form>
      <BoothResources
        booth={booth}
        actions={{
          add: (resource, done, failed) => addResource.mutate(resource, { onSuccess: done, onError: failed }),
          remove: (resource) => deleteResource.mutate(resource),
          adding: addResource.isPending,
        }}
      />
    </Stack>
  );
}

/** /sponsor/{eventId}/booth/{boothId}/ (001 §2.1): the sponsor edits their own booth, nothing else. */
export function SponsorBoothPage() {
  const boothId = useRouteParam('boothId');
  const booth = useSponsorBooth(boothId);
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1} size="h2">
          Your booth
        </Title>
        {booth.isPending ? (
          <Loading label="Loading your booth" />
        ) : booth.isError ? (
          <ErrorAlert error={booth.error} />
        ) : (
          <SponsorBoothForm booth={booth.data} />
        )}
      </Stack>
    </Container>
  );
}
