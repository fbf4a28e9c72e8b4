import { MultiSelect, Pill, type ComboboxRenderPillInput, type MultiSelectProps } from '@mantine/core';
import { messages } from '@studio/domain';

export interface MultiSelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** Spec 001 §9: the multi-select list is at most 300 px high. */
export const MULTI_SELECT_LIST_HEIGHT = 300;

/** Spec 000 §5: select options need a non-empty value and label; others are left out. */
export const validOptions = <T extends { value: string; label: string }>(options: readonly T[]): T[] =>
  options.filter((option) => option.value.trim() !== '' && option.label.trim() !== '');

/**
 * A chosen value's pill (a multi-select's `renderPill`) whose × is a button named for it ("Remove
 * Registrations"): Mantine's own is a nameless icon hidden from assistive technology.
 */
export function namedPill({ option, value, onRemove, disabled, reorderProps }: ComboboxRenderPillInput) {
  // A value missing from the options (not loaded yet) shows as itself, as Mantine's pill does.
  const label = option?.label ?? value;
  return (
    <Pill
      withRemoveButton={!option?.disabled}
      onRemove={onRemove}
      disabled={disabled}
      // `md`: its × is as tall as the pill, 25 px — over WCAG 2.2's 24 px target minimum (`sm`: 22).
      size="md"
      removeButtonProps={{ 'aria-hidden': false, 'aria-label': `Remove ${label}` }}
      {...reorderProps}
    >
      {label}
    </Pill>
  );
}

interface MultiSelectFieldProps extends Omit<
  MultiSelectProps,
  'data' | 'nothingFoundMessage' | 'value' | 'onChange'
> {
  options: readonly MultiSelectOption[];
  value: string[];
  onChange: (value: string[]) => void;
}

/**
 * Spec 000 §2 multi-select: searchable, 'No options found!' when nothing matches. The placeholder
 * prompts only while nothing is chosen (beside the chosen values it would read as one of them).
 */
export function MultiSelectField({ options, value, onChange, placeholder, ...props }: MultiSelectFieldProps) {
  return (
    <MultiSelect
      searchable
      clearable
      maxDropdownHeight={MULTI_SELECT_LIST_HEIGHT}
      nothingFoundMessage={messages.selectEmpty}
      renderPill={namedPill}
      {...props}
      placeholder={value.length > 0 ? undefined : placeholder}
      value={value}
      onChange={onChange}
      data={validOptions(options).map(({ value: optionValue, label, disabled }) => ({
        value: optionValue,
        label,
        disabled: disabled ?? false,
      }))}
    />
  );
}
