import { Anchor, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { createBoothResourceSchema, type Booth, type BoothResource } from '@studio/domain';
import { fieldProps, onFormFields, useStudioForm } from './studio-form.ts';
import { TextField } from './text-field.tsx';
import { DeleteIconButton } from './delete-icon-button.tsx';

export interface ResourceActions {
  add: (
    resource: { booth: string; kind: 'file' | 'link'; title: string; url: string },
    done: () => void,
    failed: (error: unknown) => void,
  ) => void;
  remove: (resource: BoothResource) => void;
  adding: boolean;
}

/** A booth's files and links: listed, added, deleted (organisers and the booth's sponsor). */
export function BoothResources({ booth, actions }: { booth: Booth; actions: ResourceActions }) {
  const form = useStudioForm<{ booth: string; kind: 'file' | 'link'; title: string; url: string }>(
    createBoothResourceSchema,
    { initialValues: { booth: booth.id, kind: 'link', title: '', url: '' } },
  );
  const submit = form.onSubmit((values) => actions.add(values, () => form.reset(), onFormFields(form)));
  return (
    <Stack gap="xs">
      <Text fw={600}>Resources</Text>
      {booth.resources.length === 0 && (
        <Text size="sm" c="dimmed">
          No resources yet.
        </Text>
      )}
      <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
        {booth.resources.map((resource) => (
          <Group component="li" key={resource.id} justify="space-between" wrap="nowrap">
            <Anchor href={resource.url} target="_blank" rel="noreferrer" truncate>
              {resource.title} ({resource.kind})
            </Anchor>
            <DeleteIconButton label={`Delete ${resource.title}`} onClick={() => actions.remove(resource)} />
          </Group>
        ))}
      </Stack>
      <form onSubmit={submit} noValidate aria-label="Add a resource">
        <Stack gap="xs">
          <SegmentedControl
            aria-label="Resource kind"
            data={[
              { label: 'Link', value: 'link' },
              { label: 'File', value: 'file' },
            ]}
            {...form.getInputProps('kind')}
          />
          <TextField label="Resource title" {...fieldProps(form, 'title')} />
          <TextField label="Resource URL" {...fieldProps(form, 'url')} />
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={actions.adding}>
              Add resource
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
