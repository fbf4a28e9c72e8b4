import { describe, expect, it } from 'vitest';
import {
  connectorLabel,
  fieldMappingQuerySchema,
  salesforceRecordType,
  saveFieldMappingsSchema,
} from './crm.ts';

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

describe('field mapping calls: the spec’s entity names (001 §7)', () => {
  const id = '00000000-0000-4000-8000-000000000001';
  const of = { crm_type: 'salesforce', crm_object_type: 'Lead' };

  it('reads `event` and `studio_template` as the entity, and a form by entity_type and entity_id', () => {
    expect(fieldMappingQuerySchema.parse({ ...of, event: id })).toMatchObject({
      entity_type: 'EVENT',
      entity_id: id,
    });
    expect(saveFieldMappingsSchema.parse({ ...of, studio_template: id, field_mappings: [] })).toMatchObject({
      entity_type: 'STUDIO_TEMPLATE',
      entity_id: id,
    });
    expect(fieldMappingQuerySchema.parse({ ...of, entity_type: 'GLOBAL_FORM', entity_id: id })).toMatchObject(
      {
        entity_type: 'GLOBAL_FORM',
      },
    );
  });

  it('takes a solution instance only when it is the CRM’s own connection', () => {
    const save = { ...of, event: id, field_mappings: [] };
    expect(saveFieldMappingsSchema.safeParse({ ...save, solution_instance_id: 'salesforce' }).success).toBe(
      true,
    );
    const other = saveFieldMappingsSchema.safeParse({ ...save, solution_instance_id: 'hubspot' });
    expect(other.error?.issues[0]?.path).toEqual(['solution_instance_id']);
  });
});

describe('connectorLabel: the name of an integration page', () => {
  it('names the connectors, webhooks and Slack, and nothing else', () => {
    expect(['hubspot', 'marketo', 'webhooks', 'slack'].map(connectorLabel)).toEqual([
      'HubSpot',
      'Marketo',
      'Webhooks',
      'Slack',
    ]);
    expect([connectorLabel('zapier'), connectorLabel('toString')]).toEqual([undefined, undefined]);
  });
});
