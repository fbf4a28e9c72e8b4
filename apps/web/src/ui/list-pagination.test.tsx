import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../testing/render-widget.tsx';
import { estimatedRange, ListPagination, pageCount } from './list-pagination.tsx';

describe('ListPagination', () => {
  it.each([
    [0, false],
    [25, false],
    [26, true],
  ])('with %i items of 25 per page, shown: %s', (total, shown) => {
    renderWidget(<ListPagination total={total} pageSize={25} page={1} onChange={() => undefined} />);
    expect(screen.queryByRole('navigation', { name: 'Pages' }) !== null).toBe(shown);
  });

  it('counts pages and moves to the one chosen', async () => {
    expect(pageCount(51, 25)).toBe(3);
    expect(pageCount(0, 25)).toBe(1);
    const onChange = vi.fn();
    renderWidget(<ListPagination total={51} pageSize={25} page={1} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: '3' }));
    expect(onChange).toHaveBeenCalledWith(3);
    // The arrows, icons only, are named.
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
  });

  it('says the total is an estimate when the server says so', () => {
    expect(estimatedRange(12_400, 25, 2)).toBe('Showing 26–50 of about 12,400');
    renderWidget(
      <ListPagination total={12_400} pageSize={25} page={2} onChange={() => undefined} estimated />,
    );
    expect(screen.getByText('Showing 26–50 of about 12,400')).toBeTruthy();
  });

  it('says nothing of the kind for an exact total', () => {
    renderWidget(<ListPagination total={51} pageSize={25} page={1} onChange={() => undefined} />);
    expect(screen.queryByText(/of about/)).toBeNull();
  });
});
