import { DEFAULT_THEME, Table } from '@mantine/core';
import { screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../testing/render-widget.tsx';
import { ACTIONS_COLUMN, columnRules, ListTable } from './list-table.tsx';

const { breakpoints } = DEFAULT_THEME;

/** A selector's specificity as [ids, classes/attributes/pseudo-classes, types]; `:where(…)` counts nothing. */
function specificity(selector: string): [number, number, number] {
  let plain = selector.replace(/"[^"]*"/g, '""');
  // Drop each `:where(…)` with its nested parentheses.
  for (let at = plain.indexOf(':where('); at !== -1; at = plain.indexOf(':where(')) {
    let depth = 0;
    let end = at + ':where'.length;
    for (; end < plain.length; end++) {
      if (plain[end] === '(') depth++;
      if (plain[end] === ')' && --depth === 0) break;
    }
    plain = plain.slice(0, at) + plain.slice(end + 1);
  }
  const ids = plain.match(/#[\w-]+/g)?.length ?? 0;
  const classes = (plain.match(/\.[\w-]+|\[[^\]]*\]|(?<!:):[\w-]+/g) ?? []).length;
  const types = (plain.replace(/\[[^\]]*\]|[.#:][\w-]+/g, ' ').match(/[a-z][\w-]*/gi) ?? []).length;
  return [ids, classes, types];
}

const outranks = (a: [number, number, number], b: [number, number, number]) =>
  a[0] !== b[0] ? a[0] > b[0] : a[1] !== b[1] ? a[1] > b[1] : a[2] > b[2];

/** Mantine's own rule for a table row's background, from its stylesheet. */
function mantineRowRule() {
  const css = readFileSync(createRequire(import.meta.url).resolve('@mantine/core/styles.css'), 'utf8');
  const rule = /(\.m_[\w]+) \{\s*border-bottom: none;\s*background-color: transparent;\s*\}/.exec(css);
  if (!rule?.[1]) throw new Error('Mantine no longer gives rows a transparent background this way');
  return rule[1];
}

describe('the list column rule', () => {
  it('leaves a column out below its breakpoint, header and cells, counting only the columns shown', () => {
    const rules = columnRules(
      's',
      ['Name', false, { header: 'Email', visibleFrom: 'md' }, 'Role', { header: 'Teams', visibleFrom: 'lg' }],
      breakpoints,
    );
    expect(rules).toContain(
      '@media not all and (min-width: 62em) { [data-list-table="s"] > * > tr > :nth-child(2) { display: none; } }',
    );
    expect(rules).toContain(
      '@media not all and (min-width: 75em) { [data-list-table="s"] > * > tr > :nth-child(4)',
    );
    expect(rules).not.toContain('sticky');
  });

  it('keeps the row actions at the right edge', () => {
    expect(columnRules('s', ['Name', ACTIONS_COLUMN], breakpoints)).toContain(
      '[data-list-table="s"] > * > tr > :last-child:not([colspan]) { position: sticky; right: 0;',
    );
    expect(columnRules('s', ['Name', ACTIONS_COLUMN, false], breakpoints)).toContain('sticky');
    expect(columnRules('s', ['Name', 'Created'], breakpoints)).toBe('');
  });

  it('applies the rule to its table and heads every column', () => {
    const { container } = renderWidget(
      <ListTable label="Teams" columns={['Name', { header: 'Created', visibleFrom: 'sm' }, ACTIONS_COLUMN]}>
        <Table.Tr>
          <Table.Td>Sales</Table.Td>
          <Table.Td>Today</Table.Td>
          <Table.Td>Rename</Table.Td>
        </Table.Tr>
      </ListTable>,
    );
    const table = screen.getByRole('table', { name: 'Teams' });
    const scope = table.getAttribute('data-list-table') ?? '';
    expect(scope).not.toBe('');
    expect([...container.querySelectorAll('style')].map((style) => style.textContent)).toContain(
      columnRules(scope, ['Name', { header: 'Created', visibleFrom: 'sm' }, ACTIONS_COLUMN], breakpoints),
    );
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Created',
      '',
    ]);
  });

  it('scrolls in a region named like the table that a keyboard can reach (a table of text has no link to tab to)', () => {
    renderWidget(
      <ListTable label="Sessions" minWidth={560} columns={['Session', 'Attendees']}>
        <Table.Tr>
          <Table.Td>Keynote</Table.Td>
          <Table.Td>120</Table.Td>
        </Table.Tr>
      </ListTable>,
    );
    const scroller = screen.getByRole('region', { name: 'Sessions' });
    expect(scroller.tabIndex).toBe(0);
    expect(scroller.contains(screen.getByRole('table', { name: 'Sessions' }))).toBe(true);
  });

  it('gives every row an opaque background for the pinned actions cell to take (not see-through)', () => {
    renderWidget(
      <ListTable striped label="Teams" columns={['Name', 'Status', ACTIONS_COLUMN]}>
        {['Sales', 'Support', 'Customer Success'].map((name) => (
          <Table.Tr key={name}>
            <Table.Td>{name}</Table.Td>
            <Table.Td>Active</Table.Td>
            <Table.Td>Rename</Table.Td>
          </Table.Tr>
        ))}
      </ListTable>,
    );
    const table = screen.getByRole('table', { name: 'Teams' });
    const scope = table.getAttribute('data-list-table') ?? '';
    const rules = columnRules(scope, ['Name', 'Status', ACTIONS_COLUMN], breakpoints);
    expect(rules).toContain(
      ':last-child:not([colspan]) { position: sticky; right: 0; background-color: inherit; }',
    );
    const rowRule = /^(.*) \{ background-color: var\(--mantine-color-body\); \}$/m.exec(rules);
    const selector = rowRule?.[1] ?? '';
    expect(selector).not.toBe('');
    // It outranks Mantine's `transparent` on every row (the pinned cell copied that and showed the cells under it)…
    expect(outranks(specificity(selector), specificity(mantineRowRule()))).toBe(true);
    // … on the header and plain rows, and leaves the striped rows their stripe (hover outranks it: two classes).
    const [header, sales, support, success] = screen.getAllByRole('row');
    expect([header, sales, support, success].map((row) => row?.matches(selector))).toEqual([
      true,
      false,
      true,
      false,
    ]);
    expect(outranks([0, 2, 0], specificity(selector))).toBe(true);
  });
});
