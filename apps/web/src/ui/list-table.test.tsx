import { DEFAULT_THEME, Table } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../testing/render-widget.tsx';
import { ACTIONS_COLUMN, columnRules, ListTable } from './list-table.tsx';

const { breakpoints } = DEFAULT_THEME;

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
});
