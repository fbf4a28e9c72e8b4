import { describe, expect, it } from 'vitest';
import { REQUIRED, titleError } from './template-dialogs.tsx';
import { parseTemplateSearch, templateListParams, templatesHref } from './templates-page.tsx';

describe('templates list address state', () => {
  it('leaves defaults out and round-trips the rest', () => {
    expect(templatesHref(parseTemplateSearch({}))).toBe('/templates');
    const href = templatesHref({ search: 'q1', scope: 'mine', sort: 'title', page: 2 });
    expect(href).toBe('/templates?search=q1&scope=mine&sort=title&page=2');
    expect(parseTemplateSearch(Object.fromEntries(new URL(href, 'http://x').searchParams))).toEqual({
      search: 'q1',
      scope: 'mine',
      sort: 'title',
      page: 2,
    });
    expect(parseTemplateSearch({ sort: 'bogus', scope: 'theirs' })).toMatchObject({
      sort: '-created_at',
      scope: 'all',
    });
  });

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
