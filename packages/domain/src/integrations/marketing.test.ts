import { describe, expect, it } from 'vitest';
import {
  isMarketoFolderSearch,
  marketingMessages,
  notOfferedReason,
  offeredOnEvent,
  pardotListMove,
  pardotListUpdateSchema,
  pardotSyncDirection,
} from './marketing.ts';

describe('Pardot activity types (spec 001)', () => {
  it('imports for SYNC_PARDOT and exports for every other activity type', () => {
    expect(pardotSyncDirection('SYNC_PARDOT')).toBe('import');
    expect(pardotSyncDirection('REGISTRATION')).toBe('export');
  });

  it('takes a registrant at the activity the list names, lets go of the unseated, never changes a list that imports', () => {
    expect(pardotListMove('REGISTRATION', 'REGISTRATION')).toBe('add');
    expect(pardotListMove('REGISTRATION', 'ATTENDED')).toBeNull();
    for (const status of ['WAITLISTED', 'REJECTED', 'CANCELED'] as const)
      expect(pardotListMove('REGISTRATION', status)).toBe('remove');
    expect(pardotListMove('ATTENDED', 'ATTENDED')).toBe('add');
    expect(pardotListMove('ATTENDED', 'REGISTRATION')).toBeNull();
    expect(pardotListMove('ATTENDED', 'CANCELED')).toBeNull();
    expect(pardotListMove('SYNC_PARDOT', 'REGISTRATION')).toBeNull();
    expect(pardotListMove('SYNC_PARDOT', 'ATTENDED')).toBeNull();
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

  it('says why a connector is not offered, and nothing for one that is', () => {
    expect(notOfferedReason('wistia', { hostType: 'In_Person', eloquaFormId: null })).toBe(
      marketingMessages.wistiaInPerson,
    );
    expect(notOfferedReason('eloqua', { hostType: 'Virtual', eloquaFormId: null })).toBe(
      marketingMessages.eloquaFormMissing,
    );
    expect(notOfferedReason('eloqua', { hostType: 'In_Person', eloquaFormId: '1234' })).toBeNull();
  });
});

describe('isMarketoFolderSearch (spec 001 §5)', () => {
  it('searches Marketo campaign folders only for a non-blank text', () => {
    expect(isMarketoFolderSearch('Webinars')).toBe(true);
    expect(isMarketoFolderSearch(' w ')).toBe(true);
    expect(isMarketoFolderSearch('')).toBe(false);
    expect(isMarketoFolderSearch('   ')).toBe(false);
  });
});
