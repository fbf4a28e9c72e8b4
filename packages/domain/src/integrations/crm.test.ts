import { describe, expect, it } from 'vitest';
import { salesforceRecordType } from './crm.ts';

describe('salesforceRecordType: one Salesforce record per registrant', () => {
  it('is their Contact when they are one and the event maps Contact, else a Lead', () => {
    expect(salesforceRecordType(['Lead', 'Contact'], true)).toBe('Contact');
    expect(salesforceRecordType(['Lead', 'Contact'], false)).toBe('Lead');
    expect(salesforceRecordType(['Lead'], true)).toBe('Lead');
  });

  it('keeps to Contacts when the event maps Contact alone', () => {
    expect(salesforceRecordType(['Contact'], false)).toBe('Contact');
  });
});
