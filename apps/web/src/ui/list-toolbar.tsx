import { TagsInput } from '@mantine/core';
import type { ListAddressValue } from '@studio/domain';
import type { ReactNode } from 'react';
import { ListFilters, type FilterWidth } from './list-filters.tsx';
import type { ListState, useListPage } from './list-page.ts';
import { MultiSelectField, namedPill } from './multi-select-field.tsx';
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
  /**
   * Several may be chosen (the address keeps a list; `placeholder` shows while none is): picked from
   * the options (Status, Events), or typed, the options suggested (Company).
   */
  several?: 'picked' | 'typed';
}

/** Options in the order of a label table ({value: label}), or of the values given. */
export const labelledOptions = <T extends string>(
  labels: Record<T, string>,
  values: readonly T[] = Object.keys(labels) as T[],
) => values.map((value) => ({ value, label: labels[value] }));

/** The Sort by choice of a list whose address keeps its order under `sort`. */
export const sortChoice = (width: number, options: ListChoice<ListState>['options']) =>
  ({ key: 'sort', label: 'Sort by', width, options, order: true }) as const;

/**
 * The Company choice of a list of people: companies typed, those of the people shown suggested
 * (each once; a person without one suggests none).
 */
export const companyChoice = <K extends string>(
  key: K,
  width: number,
  companiesShown: readonly (string | null | undefined)[],
  placeholder: string,
) => {
  const companies = new Set(companiesShown.filter((company): company is string => !!company));
  const options = [...companies].map((company) => ({ value: company, label: company }));
  return { key, label: 'Company', width, options, placeholder, several: 'typed' } as const;
};

/** What the toolbar reads of useListPage's answer. */
export type ListToolbarList<S extends ListState> = Pick<
  ReturnType<typeof useListPage<S>>,
  'state' | 'show' | 'searchText' | 'setSearchText' | 'activeFilters'
>;

/**
 * A list page's toolbar: its search box and its choices through the list kit (one row on a wide
 * screen, a Filters drawer on a phone), each choice going back to page 1 as useListPage's `show`.
 * Controls of another shape (multi-selects) come after the choices as `children`.
 */
export function ListToolbar<S extends ListState>({
  list,
  searchPlaceholder,
  searchAriaLabel,
  choices = [],
  children,
  childKeys = [],
  footer,
}: {
  list: ListToolbarList<S>;
  searchPlaceholder: string;
  /** The search box's name without a visible label (the box is labelled "Search" otherwise). */
  searchAriaLabel?: string;
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
          ariaLabel={searchAriaLabel}
        />
      }
      footer={footer}
    >
      {(width) => (
        <>
          {shown.map((choice) => (
            <ChoiceField key={choice.key} choice={choice} list={list} w={width(choice.width)} />
          ))}
          {children?.(width)}
        </>
      )}
    </ListFilters>
  );
}

/** One choice of the toolbar: a select, or for several values a multi-select or a tags input. */
function ChoiceField<S extends ListState>({
  choice,
  list,
  w,
}: {
  choice: ListChoice<S>;
  list: Pick<ReturnType<typeof useListPage<S>>, 'state' | 'show'>;
  w: string | number;
}) {
  const { key, label, options, placeholder } = choice;
  const set = (value: ListAddressValue) => list.show({ [key]: value } as Partial<S>);
  if (choice.several) {
    const chosen = list.state[key] as readonly string[];
    const shared = { label, w, placeholder: chosen.length > 0 ? undefined : placeholder, value: [...chosen] };
    return choice.several === 'picked' ? (
      <MultiSelectField {...shared} options={options} onChange={set} />
    ) : (
      <TagsInput
        {...shared}
        data={options.map((option) => option.value)}
        clearable
        onChange={set}
        renderPill={namedPill}
      />
    );
  }
  const optional = placeholder !== undefined;
  return (
    <SelectField
      label={label}
      w={w}
      searchable={optional}
      clearable={optional}
      allowDeselect={optional}
      placeholder={placeholder}
      options={options}
      value={(list.state[key] as string | undefined) || null}
      onChange={(value) => {
        if (value !== null || optional) set(value ?? '');
      }}
    />
  );
}
