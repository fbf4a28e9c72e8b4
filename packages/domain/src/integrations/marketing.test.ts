import { describe, expect, it } from 'vitest';
import { pardotListTakes, pardotListUpdateSchema, pardotSyncDirection } from './marketing.ts';

describe('Pardot activity types (spec 001)', () => {
  it('imports for SYNC_PARDOT and exports for every other activity type', () => {
    expect(pardotSyncDirection('SYNC_PARDOT')).toBe('import');
    expect(pardotSyncDirection('REGISTRATION')).toBe('export');
  });

  it('takes a registrant at the activity the list names, never into a list that imports', () => {
    expect(pardotListTakes('REGISTRATION', false)).toBe(true);
    expect(pardotListTakes('REGISTRATION', true)).toBe(false);
    expect(pardotListTakes('ATTENDED', true)).toBe(true);
    expect(pardotListTakes('ATTENDED', false)).toBe(false);
    expect(pardotListTakes('SYNC_PARDOT', false)).toBe(false);
    expect(pardotListTakes('SYNC_PARDOT', true)).toBe(false);
  });

  it('refuses an activity type that is not one of them', () => {
    expect(pardotListUpdateSchema.safeParse({ list_id: 1, activity_type: 'ATTENDED' }).success).toBe(true);
    expect(pardotListUpdateSchema.safeParse({ list_id: 1, activity_type: 'attended' }).success).toBe(false);
  });
});
