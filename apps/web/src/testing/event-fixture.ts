import type { StudioEvent } from '@studio/domain';
import { acme, type ExtraRoutes, json } from './fake-studio-api.ts';

/** An event as the API answers it, upcoming on any day a test runs (2031); the fields given win. */
export const eventFixture = (
  fields: Partial<StudioEvent> & Pick<StudioEvent, 'id' | 'title'>,
): StudioEvent => ({
  start_time: '2031-12-01T10:00:00Z',
  end_time: '2031-12-01T11:00:00Z',
  timezone: 'UTC',
  event_type: 'Conference',
  organization: acme.id,
  description: null,
  location: null,
  host_type: 'Virtual',
  is_blueprint: false,
  registration_form: null,
  registration_form_data: null,
  marketo_campaign_id: null,
  salesforce_campaign_id: null,
  wistia_project_id: null,
  pardot_list: null,
  integration_config_updated: false,
  builder_raw_json: null,
  series: null,
  workspace: null,
  tags: [],
  template: null,
  stage_roll_video_asset: null,
  filler_slide: null,
  is_ready: true,
  created_by: null,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  ...fields,
});

/**
 * The fake API of an event's own pages: `more` answers first, then every read under the event
 * answers the event and every workflow has completed (nothing is being duplicated).
 */
export const eventPageRoutes =
  (event: StudioEvent, more?: ExtraRoutes): ExtraRoutes =>
  (path, init) =>
    more?.(path, init) ??
    (path.startsWith(`/api/event/${event.id}/`)
      ? json(200, event)
      : path.startsWith('/api/core/workflows/')
        ? json(200, { id: event.id, status: 'COMPLETED', failed: false })
        : undefined);
