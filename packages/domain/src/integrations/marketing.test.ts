import { describe, expect, it } from 'vitest';
import { offeredOnEvent, pardotListTakes, pardotListUpdateSchema, pardotSyncDirection } from './marketing.ts';

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

describe('offeredOnEvent (spec 001 §5.10, 002 §5.11)', () => {
  it('offers Eloqua only with an event form id', () => {
    expect(offeredOnEvent('eloqua', { eloquaFormId: null })).toBe(false);
    expect(offeredOnEvent('eloqua', { eloquaFormId: '1234' })).toBe(true);
  });

  it('offers Wistia but not for an In_Person event, and the others everywhere', () => {
    expect(offeredOnEvent('wistia', { hostType: 'In_Person', eloquaFormId: null })).toBe(false);
    expect(offeredOnEvent('wistia', { hostType: undefined, eloquaFormId: null })).toBe(true);
    expect(offeredOnEvent('salesforce', { hostType: 'In_Person', eloquaFormId: null })).toBe(true);
  });
});
