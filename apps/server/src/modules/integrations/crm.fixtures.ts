import type { IntegrationActivitySync } from '@studio/domain';
import { expect } from 'vitest';
import { configOf, fileStudio, type FileStudioConfig } from '../../../test/file-studio.ts';
import { eventually, type TestStudio } from '../../../test/harness.ts';
import type { StudioConfig } from '../../studio.ts';
import type { Api } from '../back-office/back-office.fixtures.ts';

/**
 * The configuration of a studio whose CRM and marketing calls go to the local vendor servers `crm`
 * names: its worker polling every 50 ms, failed pushes retried at once, outbound calls allowed to
 * 127.0.0.1.
 */
export function crmConfig(crm: NonNullable<StudioConfig['crm']>): Partial<StudioConfig> {
  return {
    role: 'all',
    jobs: { pollIntervalMs: 50 },
    outboundAllowedHosts: ['127.0.0.1'],
    crm,
    crmRetryDelayMs: 1,
  };
}

/**
 * The test file's studio of crmConfig: built before its tests, `crm` (and `config`, when a
 * function) read then, after the vendor servers opened earlier in the file know their addresses;
 * closed after them.
 */
export function fileCrmStudio(
  crm: () => NonNullable<StudioConfig['crm']>,
  config: FileStudioConfig = {},
): TestStudio {
  return fileStudio(() => ({ ...crmConfig(crm()), ...configOf(config) }));
}

/** Waits until the event's integration sync status (the worker's pushes, per CRM) matches `expected`. */
export function syncStatusReaches(api: Api, eventId: string, expected: Record<string, object>) {
  return eventually(async () => {
    const status = await api.get<IntegrationActivitySync>(
      `/api/event/${eventId}/integration_activity_sync_status/`,
    );
    expect(status.body.integrationStatusMap).toMatchObject(expected);
  });
}
