import type { Series } from '@studio/domain';
import { acme } from './fake-studio-api.ts';

/** A series of Acme's as the API answers it (no events unless given); the fields given win. */
export const seriesFixture = (fields: Partial<Series> = {}): Series => ({
  id: 's-1',
  organization: acme.id,
  name: 'Spring series',
  description: null,
  workspace: null,
  is_repeating: false,
  recurrence: null,
  event_type: 'Conference',
  host_type: 'Virtual',
  location: null,
  events: [],
  events_count: fields.events?.length ?? 0,
  start_time: null,
  end_time: null,
  tags: [],
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  programme_event: null,
  ...fields,
});
