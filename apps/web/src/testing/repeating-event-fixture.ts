import { acme } from './fake-studio-api.ts';

/** A weekly repeating event of Acme's, its programme held by `programme_event` (null: none to come). */
export const weeklyRepeatingEvent = (programme_event: string | null) => ({
  id: 's-1',
  organization: acme.id,
  name: 'Weekly demo',
  description: null,
  workspace: null,
  is_repeating: true,
  recurrence: null,
  event_type: 'Conference',
  host_type: 'Virtual',
  location: null,
  events: ['e-next'],
  events_count: 1,
  start_time: null,
  end_time: null,
  tags: [],
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  programme_event,
});
