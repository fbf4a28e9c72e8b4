import { Button, Checkbox, Group, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { CHOICE_TYPES, type FormComponent, type FormOption } from '@studio/domain';
import { IconPlus } from '@tabler/icons-react';
import { uniqueKey } from './field-palette.ts';
import { DeleteIconButton } from '../../ui/delete-icon-button.tsx';

/** The selected field's settings: label, key, placeholder, help text and its link, required, options. */
export function FieldEditor({
  component,
  keys,
  errors,
  onChange,
}: {
  component: FormComponent;
  /** The other fields' keys (a key is unique in the form). */
  keys: readonly string[];
  errors: Record<string, string>;
  onChange: (component: FormComponent) => void;
}) {
  const set = (changes: Partial<FormComponent>) => onChange({ ...component, ...changes });
  const hasOptions = (CHOICE_TYPES as readonly string[]).includes(component.type);
  const hasPlaceholder = !['checkbox', 'consent', 'radio', 'hidden'].includes(component.type);
  const options = component.data?.values ?? [];
  const setOptions = (values: FormOption[]) => set({ data: { values } });
  return (
    <Stack gap="sm" aria-label="Field settings" role="group">
      <TextInput
        label="Label"
        required
        value={component.label}
        error={errors.label}
        onChange={(event) => set({ label: event.currentTarget.value })}
      />
      <TextInput
        label="Key"
        description="The answer's name in exports and integrations."
        required
        value={component.key}
        error={
          errors.key ?? (keys.includes(component.key) ? 'Each field key may appear only once.' : undefined)
        }
        disabled={Boolean(component.profile_field)}
        onChange={(event) => set({ key: event.currentTarget.value })}
      />
      {hasPlaceholder && (
        <TextInput
          label="Placeholder"
          value={component.placeholder ?? ''}
          onChange={(event) => set({ placeholder: event.currentTarget.value || undefined })}
        />
      )}
      {component.type !== 'hidden' && (
        <>
          <Textarea
            label="Help text"
            description="Shown under the field."
            rows={2}
            value={component.description ?? ''}
            error={errors.description}
            onChange={(event) => set({ description: event.currentTarget.value || undefined })}
          />
          <TextInput
            label="Link"
            description="A page the help text opens, such as your privacy policy."
            placeholder="https://"
            type="url"
            value={component.link ?? ''}
            error={errors.link}
            onChange={(event) => set({ link: event.currentTarget.value.trim() || undefined })}
          />
          <Checkbox
            label="Required"
            checked={component.validate?.required ?? false}
            onChange={(event) =>
              set({ validate: { ...component.validate, required: event.currentTarget.checked } })
            }
          />
        </>
      )}
      {component.type === 'select' && (
        <Switch
          label="Allow many answers"
          checked={component.multiple ?? false}
          onChange={(event) => set({ multiple: event.currentTarget.checked || undefined })}
        />
      )}
      {hasOptions && (
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            Options
          </Text>
          {errors.options && (
            <Text size="xs" c="red">
              {errors.options}
            </Text>
          )}
          {options.map((option, index) => (
            <Group key={index} gap="xs" wrap="nowrap">
              <TextInput
                aria-label={`Option ${index + 1} label`}
                value={option.label}
                flex={1}
                onChange={(event) => {
                  const label = event.currentTarget.value;
                  const others = options.filter((_, at) => at !== index).map((o) => o.value);
                  setOptions(
                    options.map((o, at) => (at === index ? { label, value: uniqueKey(label, others) } : o)),
                  );
                }}
              />
              <DeleteIconButton
                label={`Remove option ${option.label || index + 1}`}
                onClick={() => setOptions(options.filter((_, at) => at !== index))}
              />
            </Group>
          ))}
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => {
              const label = `Option ${options.length + 1}`;
              setOptions([
                ...options,
                {
                  label,
                  value: uniqueKey(
                    label,
                    options.map((o) => o.value),
                  ),
                },
              ]);
            }}
          >
            Add option
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
