import { Checkbox } from '@mantine/core';
import { selectedIds, toggleSelection, type PeopleSelection } from '@studio/domain';
import { TAP_CHECK_SIZE } from '../../ui/tap-target.ts';

/** The selection of a people list (speakers, staff) before anyone is chosen. */
export const noSelection: PeopleSelection = { all: false, ids: [] };

/**
 * The header's box of a people list (002 §4.7): ticked, it selects every person of the list —
 * all, with the rows then toggled off kept as exclusions — or only the rows shown where the list
 * is narrowed (`allPagesSelectable` false); with anyone chosen, it clears the selection.
 */
export function SelectAllBox({
  label,
  ids,
  selection,
  allPagesSelectable,
  onSelect,
}: {
  label: string;
  /** The rows shown. */
  ids: readonly string[];
  selection: PeopleSelection;
  allPagesSelectable: boolean;
  onSelect: (selection: PeopleSelection) => void;
}) {
  const chosenHere = selectedIds(selection, ids).length;
  const allChosen = selection.all
    ? (selection.excluded ?? []).length === 0
    : chosenHere === ids.length && ids.length > 0;
  const someChosen = selection.all || chosenHere > 0;
  const selectAll = () => {
    if (someChosen) onSelect(noSelection);
    else onSelect(allPagesSelectable ? { all: true, excluded: [] } : { all: false, ids: [...ids] });
  };
  return (
    <Checkbox
      size={TAP_CHECK_SIZE}
      aria-label={label}
      checked={allChosen}
      indeterminate={someChosen && !allChosen}
      onChange={selectAll}
    />
  );
}

/** A row's box: toggles the person in (or, under select-all, out of) the selection. */
export function SelectPersonBox({
  id,
  name,
  selection,
  onSelect,
}: {
  id: string;
  name: string;
  selection: PeopleSelection;
  onSelect: (selection: PeopleSelection) => void;
}) {
  return (
    <Checkbox
      size={TAP_CHECK_SIZE}
      aria-label={`Select ${name}`}
      checked={selectedIds(selection, [id]).length === 1}
      onChange={() => onSelect(toggleSelection(selection, id))}
    />
  );
}
