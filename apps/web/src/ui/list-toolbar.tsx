import type { ReactNode } from 'react';
import { ListFilters, type FilterWidth } from './list-filters.tsx';
import type { ListState, useListPage } from './list-page.ts';
import { SelectField } from './select-field.tsx';
import { ListSearchInput } from './server-list.tsx';

/** One single-choice control of a list's toolbar (Show, Type, Sort by, Tag …), kept in the address. */
export interface ListChoice<S extends ListState> {
  /** The address key it sets. */
  key: keyof S & string;
  label: string;
  /** Its width in the toolbar's row. */
  width: number;
  options: readonly { value: string; label: string }[];
  /** A choice that may be cleared, with what it shows then ("All tags"); otherwise one is always chosen. */
  placeholder?: string;
  /** An order, not a filter (Sort by): the Filters button does not count it. */
  order?: boolean;
}

/** Options in the order of a label table ({value: label}), or of the values given. */
export const labelledOptions = <T extends string>(
  labels: Record<T, string>,
  values: readonly T[] = Object.keys(labels) as T[],
) => values.map((value) => ({ value, label: labels[value] }));

/**
 * A list page's toolbar: its search box and its choices through the list kit (one row on a wide
 * screen, a Filters drawer on a phone), each choice going back to page 1 as useListPage's `show`.
 * Controls of another shape (multi-selects) come after the choices as `children`.
 */
export function ListToolbar<S extends ListState>({
  list,
  searchPlaceholder,
  choices = [],
  children,
  childKeys = [],
  footer,
}: {
  list: Pick<
    ReturnType<typeof useListPage<S>>,
    'state' | 'show' | 'searchText' | 'setSearchText' | 'activeFilters'
  >;
  searchPlaceholder: string;
  choices?: readonly (ListChoice<S> | false)[];
  children?: (width: FilterWidth) => ReactNode;
  /** Counted as active filters besides the choices (the keys the children set). */
  childKeys?: readonly (keyof S)[];
  footer?: ReactNode;
}) {
  const shown = choices.filter((choice): choice is ListChoice<S> => choice !== false);
  const filterKeys = shown.filter((choice) => !choice.order).map((choice) => choice.key);
  return (
    <ListFilters
      activeCount={list.activeFilters([...filterKeys, ...childKeys])}
      search={
        <ListSearchInput
          value={list.searchText}
          onChange={list.setSearchText}
          placeholder={searchPlaceholder}
        />
      }
      footer={footer}
    >
      {(width) => (
        <>
          {shown.map((choice) => (
            <SelectField
              key={choice.key}
              label={choice.label}
              w={width(choice.width)}
              searchable={choice.placeholder !== undefined}
              clearable={choice.placeholder !== undefined}
              allowDeselect={choice.placeholder !== undefined}
              placeholder={choice.placeholder}
              options={choice.options}
              value={(list.state[choice.key] as string | undefined) || null}
              onChange={(value) => {
                if (value !== null || choice.placeholder !== undefined)
                  list.show({ [choice.key]: value ?? '' } as Partial<S>);
              }}
            />
          ))}
          {children?.(width)}
        </>
      )}
    </ListFilters>
  );
}
