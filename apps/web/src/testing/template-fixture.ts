import { acme } from './fake-studio-api.ts';

/** Acme's "Launch template" as the API answers it: no start time of its own, only a duration. */
export const launchTemplate = (durationMinutes = 90) => ({
  id: 't-1',
  organization: acme.id,
  title: 'Launch template',
  workspace: null,
  registration_form_data: null,
  settings: {
    event_type: 'Conference',
    host_type: 'Virtual',
    description: null,
    location: null,
    timezone: 'UTC',
    duration_minutes: durationMinutes,
    is_blueprint: false,
    registration_form: null,
    marketo_campaign_id: null,
    salesforce_campaign_id: null,
    wistia_project_id: null,
    pardot_list: null,
    builder_raw_json: null,
    tags: [],
  },
  source_event: null,
  stage_roll_video_asset: null,
  filler_slide: null,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
});
