import { describe, expect, it } from 'vitest';
import { REQUIRED, titleError } from './template-dialogs.tsx';
import { templateListParams } from './templates-page.tsx';

describe('templates list address state', () => {
  it('asks for search, my workspaces and the sort', () => {
    expect(
      Object.fromEntries(
        templateListParams({ search: 'q1', scope: 'mine', sort: '-title', page: 1 }, 'org-1'),
      ),
    ).toMatchObject({
      search: 'q1',
      workspace: 'mine',
      ordering: '-title',
      offset: '0',
      limit: '25',
    });
  });

  it('needs a title', () => {
    expect(titleError('  ')).toBe(REQUIRED);
    expect(titleError('Webinar')).toBeUndefined();
  });
});
