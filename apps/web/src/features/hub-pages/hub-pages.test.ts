import { describe, expect, it } from 'vitest';
import { hubPageListParams } from './hub-pages-page.tsx';

describe('hub pages list address state', () => {
  it('turns the scope into workspace__isnull', () => {
    const base = { search: '', sort: '-created_at', page: 1 } as const;
    expect(hubPageListParams({ ...base, scope: 'all' }, 'o').has('workspace__isnull')).toBe(false);
    expect(hubPageListParams({ ...base, scope: 'organization' }, 'o').get('workspace__isnull')).toBe('true');
    expect(hubPageListParams({ ...base, scope: 'workspace' }, 'o').get('workspace__isnull')).toBe('false');
  });
});
