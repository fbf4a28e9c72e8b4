import type { Tag } from '@studio/domain';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../api/api-error.ts';
import { tagSaveFailure } from './tags-api.ts';
import { nameTaken } from './tags-page.tsx';

const tag = (id: string, tag_name: string): Tag => ({
  id,
  tag_name,
  organization: 'o',
  created_at: '2026-11-22T00:00:00Z',
  events_count: 0,
  series_count: 0,
});

describe('tag library', () => {
  it('says a duplicate name with the name cut to 20 characters', () => {
    const duplicate = new ApiRequestError('x', 400, 'TAG_ALREADY_IN_ENTITY', null);
    expect(tagSaveFailure(duplicate, 'An exceptionally long tag name', 'Error creating tag')).toBe(
      'Tag with name "An exceptionally lon…" already exists in the Tag Library.',
    );
    expect(tagSaveFailure(new ApiRequestError('x', 500, null, null), 'Launch', 'Error creating tag')).toBe(
      'Error creating tag',
    );
  });

  it('finds a taken name trimmed and in any case, except the tag being renamed', () => {
    const library = [tag('1', 'Launch')];
    expect(nameTaken(library, ' launch ')).toBe(true);
    expect(nameTaken(library, 'launch', '1')).toBe(false);
    expect(nameTaken(library, 'Other')).toBe(false);
  });
});
