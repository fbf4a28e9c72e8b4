import {
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Menu,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  followLabelKey,
  formioDataSchema,
  registrationFormMessages,
  type FormComponent,
  type FormioData,
} from '@studio/domain';
import { IconChevronDown, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { RegistrationFormFields } from '../../ui/registration-form/registration-form-fields.tsx';
import { useRegistrationAnswers } from '../../ui/registration-form/use-registration-answers.ts';
import { SortableList } from '../../ui/sortable-list.tsx';
import { FieldEditor } from './field-editor.tsx';
import { FIELD_TYPES, newComponent, PROFILE_ITEMS, TYPE_LABELS, type PaletteItem } from './field-palette.ts';
import { DeleteIconButton } from '../../ui/delete-icon-button.tsx';

export interface FormBuilderProps {
  name: string;
  formio_data: FormioData;
  saving: boolean;
  onSave: (form: { name: string; formio_data: FormioData }) => void;
}

/** Problems of the form as the server would see them, by field key (and its setting). */
function formProblems(components: readonly FormComponent[]) {
  const parsed = formioDataSchema.safeParse({ components });
  const byKey: Record<string, Record<string, string>> = {};
  const general: string[] = [];
  if (parsed.success) return { ok: true, byKey, general };
  for (const issue of parsed.error.issues) {
    const [, index, setting] = issue.path;
    const component = typeof index === 'number' ? components[index] : undefined;
    if (!component) {
      general.push(issue.message);
      continue;
    }
    const field = setting === 'data' ? 'options' : String(setting ?? 'label');
    byKey[component.key] = { ...byKey[component.key], [field]: issue.message };
  }
  return { ok: false, byKey, general };
}

/**
 * The form builder (issue 16 §1): a palette of field types and ready-made profile fields, the
 * form's fields in their order (drag to reorder), the selected field's settings, and a live
 * preview rendered as registrants will see it.
 */
export function FormBuilder({ name: initialName, formio_data, saving, onSave }: FormBuilderProps) {
  const [name, setName] = useState(initialName);
  const [components, setComponents] = useState<FormComponent[]>(formio_data.components);
  const [selected, setSelected] = useState<string | null>(formio_data.components[0]?.key ?? null);
  const [showProblems, setShowProblems] = useState(false);
  // The keys of the fields added since the form was saved whose key was never typed: they follow the label.
  const [following, setFollowing] = useState<string[]>([]);
  const keys = components.map((component) => component.key);
  const problems = formProblems(components);
  const selectedIndex = components.findIndex((component) => component.key === selected);
  const current = components[selectedIndex];

  const add = (item: PaletteItem) => {
    const component = newComponent(item, keys);
    setComponents([...components, component]);
    setSelected(component.key);
    setFollowing([...following, component.key]);
  };
  const replace = (edited: FormComponent) => {
    const before = components[selectedIndex];
    const isNew = before !== undefined && following.includes(before.key);
    const others = keys.filter((_, index) => index !== selectedIndex);
    const component = before ? followLabelKey(before, edited, isNew, others) : edited;
    if (before && isNew)
      setFollowing([
        ...following.filter((key) => key !== before.key),
        ...(edited.key === before.key ? [component.key] : []),
      ]);
    setComponents(components.map((c, index) => (index === selectedIndex ? component : c)));
    setSelected(component.key);
  };
  const save = () => {
    setShowProblems(true);
    if (!problems.ok || !name.trim()) return;
    // Saved, the keys stay: answers are stored and exported under them.
    setFollowing([]);
    onSave({ name: name.trim(), formio_data: { components } });
  };

  return (
    <Stack>
      <Group align="flex-end" justify="space-between">
        <TextInput
          label="Form name"
          required
          value={name}
          error={showProblems && !name.trim() ? 'This field is required.' : undefined}
          onChange={(event) => setName(event.currentTarget.value)}
          w={360}
          maw="100%"
        />
        <Group>
          <Palette label="Add field" items={FIELD_TYPES} onAdd={add} />
          <Palette label="Add profile field" items={PROFILE_ITEMS} onAdd={add} taken={keys} />
          <Button onClick={save} loading={saving}>
            Save
          </Button>
        </Group>
      </Group>
      {showProblems && !problems.ok && (
        <Alert color="red" role="alert" title="Fix the form before saving">
          {problems.general[0] ?? 'Some fields need attention (marked in red).'}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Title order={2} size="h5" mb="xs">
            Fields
          </Title>
          <Text size="xs" c="dimmed" mb="xs">
            First name, last name and email are always asked, first.
          </Text>
          {components.length === 0 ? (
            <Text c="dimmed" size="sm">
              {registrationFormMessages.noFields}
            </Text>
          ) : (
            <FieldList
              components={components}
              selected={selected}
              onSelect={setSelected}
              onReorder={setComponents}
              onRemove={(index) => {
                setComponents(components.filter((_, at) => at !== index));
                setFollowing(following.filter((key) => key !== components[index]?.key));
                if (index === selectedIndex) setSelected(null);
              }}
            />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Title order={2} size="h5" mb="xs">
            Field settings
          </Title>
          {current ? (
            <FieldEditor
              component={current}
              keys={keys.filter((_, index) => index !== selectedIndex)}
              errors={showProblems ? (problems.byKey[current.key] ?? {}) : {}}
              onChange={replace}
            />
          ) : (
            <Text c="dimmed" size="sm">
              Choose a field to change its settings.
            </Text>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Preview components={components} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** The form's fields in their order (drag or move buttons), each chosen to edit or removed. */
function FieldList({
  components,
  selected,
  onSelect,
  onRemove,
  onReorder,
}: {
  components: readonly FormComponent[];
  selected: string | null;
  onSelect: (key: string) => void;
  onRemove: (index: number) => void;
  onReorder: (components: FormComponent[]) => void;
}) {
  // Keys may repeat while being edited: the position keeps the ids unique.
  const fields = components.map((component, index) => ({
    id: `${index}:${component.key}`,
    index,
    component,
  }));
  return (
    <SortableList
      items={fields}
      label="Form fields"
      labelOf={(field) => field.component.label}
      selectedId={fields.find((field) => field.component.key === selected)?.id ?? null}
      compact
      onReorder={(ordered) => onReorder(ordered.map((field) => field.component))}
      renderItem={({ component, index }) => (
        <>
          <UnstyledButton
            onClick={() => onSelect(component.key)}
            style={{ flex: 1, minWidth: 0 }}
            aria-pressed={selected === component.key}
          >
            <Text size="sm" fw={500} truncate>
              {component.label}
              {component.validate?.required && component.type !== 'hidden' ? ' *' : ''}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {component.key}
            </Text>
          </UnstyledButton>
          <Badge variant="light" size="sm">
            {component.type === 'select' && component.multiple ? 'Multi-select' : TYPE_LABELS[component.type]}
          </Badge>
          <DeleteIconButton
            label={`Remove ${component.label}`}
            size="sm"
            onClick={() => onRemove(index)}
            iconSize={14}
          />
        </>
      )}
    />
  );
}

function Palette({
  label,
  items,
  onAdd,
  taken = [],
}: {
  label: string;
  items: readonly PaletteItem[];
  onAdd: (item: PaletteItem) => void;
  taken?: readonly string[];
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={360} style={{ overflowY: 'auto' }}>
        {items.map((item) => (
          <Menu.Item
            key={item.label}
            onClick={() => onAdd(item)}
            disabled={Boolean(item.component.key && taken.includes(item.component.key))}
          >
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The live preview: the form as registrants see it, checked by the server's rules on "Try it". */
function Preview({ components }: { components: FormComponent[] }) {
  const form = {
    components: components.filter(
      (component) => formioDataSchema.safeParse({ components: [component] }).success,
    ),
  };
  const answers = useRegistrationAnswers(form);
  const [checked, setChecked] = useState(false);
  return (
    <Paper withBorder p="md" radius="md" role="region" aria-label="Preview">
      <Title order={2} size="h5" mb="sm">
        Preview
      </Title>
      <RegistrationFormFields
        form={form}
        values={answers.values}
        errors={answers.errors}
        onChange={(key, value) => {
          answers.onChange(key, value);
          setChecked(false);
        }}
      />
      <Group mt="sm" gap="xs">
        <Button variant="light" size="xs" onClick={() => setChecked(answers.check() !== null)}>
          Try it
        </Button>
        {checked && (
          <Text size="xs" c="green">
            These answers would be accepted.
          </Text>
        )}
      </Group>
    </Paper>
  );
}
