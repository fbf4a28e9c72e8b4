import { Button, Drawer, Group, Select, Stack, Textarea } from '@mantine/core';
import { BOOTH_NAME_MAX_LENGTH, createBoothSchema, type Booth, type BoothType } from '@studio/domain';
import { fieldProps, onFormFields, useStudioForm } from '../../ui/studio-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import { BoothResources } from '../../ui/booth-resources.tsx';
import { ImageUrlField } from '../../ui/image-url-field.tsx';
import { useAddBoothResource, useDeleteBoothResource, useSaveBooth } from './rooms-booths-api.ts';

interface BoothForm {
  event: string;
  name: string;
  description: string;
  booth_type: BoothType;
  hero_image: string;
  poster: string;
}

/** The form keeps empty image fields as ''; they are sent as null. */
const boothFormSchema = createBoothSchema.omit({ poster: true, hero_asset: true, hero_asset_type: true });
const orNull = (value: string) => (value.trim() ? value.trim() : null);

/** Creates or edits a booth: name, description, type, hero image, poster, then its resources. */
export function BoothDrawer({
  eventId,
  booth,
  boothType,
  onClose,
}: {
  eventId: string;
  booth: Booth | null;
  boothType: BoothType;
  onClose: () => void;
}) {
  const heroImage = booth?.hero_asset_type === 'hero_asset_image' ? (booth.hero_asset ?? '') : '';
  const form = useStudioForm<BoothForm>(boothFormSchema, {
    initialValues: {
      event: eventId,
      name: booth?.name ?? '',
      description: booth?.description ?? '',
      booth_type: booth?.booth_type ?? boothType,
      hero_image: heroImage,
      poster: booth?.poster ?? '',
    },
  });
  const save = useSaveBooth(eventId, onClose, onFormFields(form));
  const addResource = useAddBoothResource(() => undefined);
  const deleteResource = useDeleteBoothResource();
  const submit = form.onSubmit(({ event: _event, hero_image, poster, ...values }) =>
    save.mutate({
      id: booth?.id,
      values: {
        ...values,
        poster: orNull(poster),
        // A hero video chosen elsewhere stays unless an image replaces it.
        ...(hero_image !== heroImage || !booth
          ? {
              hero_asset_type: orNull(hero_image) ? 'hero_asset_image' : null,
              hero_asset: orNull(hero_image),
            }
          : {}),
      },
    }),
  );
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
            <TextField
              label="Name"
              required
              data-autofocus
              maxLength={BOOTH_NAME_MAX_LENGTH}
              {...fieldProps(form, 'name')}
            />
            <Textarea label="Description" rows={3} {...form.getInputProps('description')} />
            <Select
              label="Booth type"
              data={[
                { value: 'primary', label: 'Primary' },
                { value: 'secondary', label: 'Secondary' },
              ]}
              allowDeselect={false}
              {...form.getInputProps('booth_type')}
            />
            <ImageUrlField
              label="Hero image"
              uploadScope={`events/${eventId}`}
              value={form.values.hero_image}
              onChange={(value) => form.setFieldValue('hero_image', value)}
              error={form.errors.hero_asset as string | undefined}
            />
            <ImageUrlField
              label="Poster"
              uploadScope={`events/${eventId}`}
              value={form.values.poster}
              onChange={(value) => form.setFieldValue('poster', value)}
              error={form.errors.poster as string | undefined}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
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
