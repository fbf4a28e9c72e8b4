import type {
  ActivityWebhook,
  CrmConnection,
  Page,
  SlackConnection,
  SlackNotification,
  StudioEvent,
} from '@studio/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileStudio } from '../../../test/file-studio.ts';
import { newMember } from '../access/access.fixtures.ts';
import { caller, type Api } from '../back-office/back-office.fixtures.ts';
import { registrationEvent } from '../registration/registrants/registrants.fixtures.ts';
import { otherOrganization, teamsFixture } from './team-integrations.fixtures.ts';

const webhooks = '/api/event/activity-webhooks/';
const hook = { url: 'http://127.0.0.1:9/hook', activity_types: ['user_profile:registered'] };

describe('the Integrations Editor (an organisation role): the integration work of every team, nothing else', () => {
  const studio = fileStudio({ outboundAllowedHosts: ['127.0.0.1'] });
  let teams: Awaited<ReturnType<typeof teamsFixture>>;
  let editor: Api;
  let foreignEvent: StudioEvent;

  beforeAll(async () => {
    teams = await teamsFixture(studio, 'Integrated Org');
    const member = await newMember(studio, teams.organizationId, 'INTEGRATIONS_EDITOR');
    editor = caller(studio, member.access);
    foreignEvent = await registrationEvent((await otherOrganization(studio, 'Elsewhere')).api);
  });

  it('sees every team’s events, though in no team', async () => {
    const listed = await editor.get<Page<StudioEvent>>('/api/event/?limit=100');
    expect(listed.status).toBe(200);
    expect(listed.body.results.map((event) => event.id)).toEqual(
      expect.arrayContaining([teams.blueEvent.id, teams.redEvent.id]),
    );
  });

  it('reads and creates the organisation’s webhooks and an event’s; a team admin still may not', async () => {
    const created = await editor.post<ActivityWebhook>(webhooks, { ...hook, description: 'Everything' });
    expect(created.status).toBe(201);
    const listed = await editor.get<Page<ActivityWebhook>>(webhooks);
    expect(listed.status).toBe(200);
    expect(listed.body.results.map((webhook) => webhook.id)).toContain(created.body.id);
    const ofEvent = await editor.post<ActivityWebhook>(webhooks, { ...hook, event: teams.redEvent.id });
    expect(ofEvent.status).toBe(201);

    expect((await teams.team.get(webhooks)).status).toBe(403);
    expect((await teams.team.post(webhooks, hook)).status).toBe(403);
    // Another organisation's event stays unknown.
    expect((await editor.get(`${webhooks}?event=${foreignEvent.id}`)).status).toBe(404);
  });

  it('reads an event’s Slack notifications, the Slack connection and the CRM applications', async () => {
    const notifications = await editor.get<Page<SlackNotification>>(
      `/api/event/slack-notifications/?event=${teams.redEvent.id}`,
    );
    expect(notifications.status).toBe(200);
    expect(notifications.body.results).toEqual([]);
    const slack = await editor.get<SlackConnection>(`/api/core/organization/${teams.organizationId}/slack/`);
    expect(slack.status).toBe(200);
    const crms = await editor.get<CrmConnection[]>('/api/integrations/crm/connections/');
    expect(crms.status).toBe(200);
    expect(crms.body.map((connection) => connection.crm_type)).toContain('hubspot');
    expect((await teams.team.get('/api/integrations/crm/connections/')).status).toBe(403);
    expect((await editor.get(`/api/event/slack-notifications/?event=${foreignEvent.id}`)).status).toBe(404);
  });

  it('is refused an edit of an event and a branding change', async () => {
    const event = `/api/event/${teams.redEvent.id}/`;
    expect((await editor.patch(event, { title: 'Renamed' })).status).toBe(403);
    expect((await editor.patch(event, { theme_obj: { theme_primary_color: '#abc' } })).status).toBe(403);
    expect(
      (
        await editor.put(`/api/core/organization/${teams.organizationId}/brand_kit/`, {
          theme_secondary_color: '#000',
        })
      ).status,
    ).toBe(403);
  });
});
