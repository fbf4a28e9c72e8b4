import { schemaResolver } from '@mantine/form';
import { messages, templateDetailsFormSchema } from '@studio/domain';
import { describe, expect, it } from 'vitest';
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

  it('needs a title, and the source event when made from one', () => {
    const errorsOf = schemaResolver(templateDetailsFormSchema, { sync: true });
    expect(errorsOf({ title: '  ' }).title).toBe(messages.fieldRequired);
    expect(errorsOf({ title: 'Webinar' })).toEqual({});
    expect(errorsOf({ title: 'Webinar', event: null }).event).toBe(messages.fieldRequired);
  });
});
