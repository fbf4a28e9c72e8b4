import { Badge, Group, Select, Stack, Text, type SelectProps } from '@mantine/core';
import { messages } from '@studio/domain';
import { teamNameOf } from './formats.ts';

/** Spec 001 §3 "Select option (widget)" — the parts this studio uses. */
export interface SelectOption {
  label: string;
  value: string;
  subLabel?: string;
  disabled?: boolean;
  badgeLabel?: string;
}

/** Spec 001 §9: the dropdown is 300 px high. */
export const SELECT_DROPDOWN_HEIGHT = 300;

interface SelectFieldProps extends Omit<SelectProps, 'data' | 'renderOption' | 'nothingFoundMessage'> {
  options: readonly SelectOption[];
}

/** A searchable select whose empty state says 'No options found!' (spec 001 §8). */
export function SelectField({ options, ...props }: SelectFieldProps) {
  const byValue = new Map(options.map((option) => [option.value, option]));
  return (
    <Select
      searchable
      maxDropdownHeight={SELECT_DROPDOWN_HEIGHT}
      nothingFoundMessage={messages.selectEmpty}
      {...props}
      data={options.map(({ label, value, disabled }) => ({ label, value, disabled: disabled ?? false }))}
      renderOption={({ option }) => {
        const full = byValue.get(option.value);
        return (
          <Group gap="xs" wrap="nowrap" justify="space-between" w="100%">
            <Stack gap={0}>
              <Text size="sm">{option.label}</Text>
              {full?.subLabel && (
                <Text size="xs" c="dimmed">
                  {full.subLabel}
                </Text>
              )}
            </Stack>
            {full?.badgeLabel && <Badge size="xs">{full.badgeLabel}</Badge>}
          </Group>
        );
      }}
    />
  );
}

/**
 * The Workspace choice of a create or edit form: shown only where the organisation has teams on
 * (`options` given), and clearable (no team: the whole organisation, named as the lists name it).
 */
export function WorkspaceField({
  options,
  ...props
}: Omit<SelectFieldProps, 'label' | 'options'> & { options: readonly SelectOption[] | null | undefined }) {
  if (!options) return null;
  return (
    <SelectField label="Workspace" clearable placeholder={teamNameOf(null)} options={options} {...props} />
  );
}
