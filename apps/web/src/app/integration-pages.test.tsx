import {
  accessMessages,
  CRM_TYPES,
  crmMessages,
  INTEGRATION_TYPES,
  marketingMessages,
  type ActivityWebhook,
  type CrmConnection,
  type IntegrationTemplate,
} from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { acme, ada, json, page, type ExtraRoutes } from '../testing/fake-studio-api.ts';
import { bodiesSentTo, callsTo, openStudio } from '../testing/open-studio.tsx';
import { weeklyRepeatingEvent } from '../testing/repeating-event-fixture.ts';
import { crmConnection, enabledEventCrmSettings, SIGNED_IN } from '../testing/crm-fixture.ts';
import { eventFixture } from '../testing/event-fixture.ts';
import { launchTemplate } from '../testing/template-fixture.ts';

const wait = { timeout: 10_000 };
const template = launchTemplate();
const spring = { ...weeklyRepeatingEvent(null), name: 'Spring series', is_repeating: false };
const EVENT = '00000000-0000-4000-8000-000000000001';
const TEMPLATE_PATH = '/api/event/studio-templates/t-1/integration_template/';
const SERIES_PATH = '/api/event/series/s-1/integration_template/';

const connection = (crmType: CrmConnection['crm_type'], connected: boolean): CrmConnection =>
  crmConnection(
    crmType,
    connected ? { ...SIGNED_IN, account_id: '24681357', stored_credentials: ['access_token'] } : {},
  );

const integrationTemplate = (
  entityType: IntegrationTemplate['entity_type'],
  entityId: string,
  hubspotPortal: string | null = null,
): IntegrationTemplate => ({
  entity_type: entityType,
  entity_id: entityId,
  settings: CRM_TYPES.map((crmType) => ({
    crm_type: crmType,
    is_enabled: true,
    campaign_member_status: null,
    hubspot_portal_id: crmType === 'hubspot' ? hubspotPortal : null,
  })),
});

const seriesWebhook: ActivityWebhook = {
  id: 'wh-s',
  event: null,
  series: 's-1',
  studio_template: null,
  url: 'https://crm.example.com/series-hooks',
  description: 'Series sync',
  activity_types: ['user_profile:registered'],
  is_active: true,
  disabled_reason: null,
  created_at: '2026-11-25T10:00:00Z',
};

/**
 * HubSpot connected, the others not; a template and a series with their integration templates;
 * the series with one webhook, the template with none.
 */
const routes: ExtraRoutes = (path, init) => {
  const [route, query] = path.split('?');
  if (route === '/api/event/activity-webhooks/')
    return page(new URLSearchParams(query).get('series') === 's-1' ? [seriesWebhook] : []);
  if (route === '/api/integrations/crm/connections/')
    return json(
      200,
      INTEGRATION_TYPES.map((type) => connection(type, type === 'hubspot')),
    );
  if (route === `/api/event/${EVENT}/`) return json(200, eventFixture({ id: EVENT, title: 'Summit' }));
  if (route === `/api/event/${EVENT}/integration_activity_sync_status/`)
    return json(200, { integrationStatusMap: {} });
  if (route === '/api/event/studio-templates/t-1/') return json(200, template);
  if (route === '/api/event/series/s-1/') return json(200, spring);
  if (route === TEMPLATE_PATH) return json(200, integrationTemplate('STUDIO_TEMPLATE', 't-1'));
  if (route === `${TEMPLATE_PATH}hubspot/`) {
    const body = JSON.parse(init.body as string) as { hubspot_portal_id?: string };
    return json(200, integrationTemplate('STUDIO_TEMPLATE', 't-1', body.hubspot_portal_id ?? null));
  }
  if (route === SERIES_PATH) return json(200, integrationTemplate('SERIES', 's-1'));
  if (route === `${SERIES_PATH}salesforce/`) return json(200, integrationTemplate('SERIES', 's-1'));
  if (route?.startsWith('/api/core/tags/') || route?.startsWith('/api/core/workspaces/')) return page([]);
  return undefined;
};

describe("a template's and a series' integration pages (issue 36 §5)", () => {
  it("a template's summary shows each CRM, connected or not, with the way to its settings", async () => {
    openStudio('/templates/t-1/integration/info', { user: ada, routes });
    const hubspot = await screen.findByRole('article', { name: 'HubSpot' }, wait);
    expect(within(hubspot).getByText('Connected')).toBeTruthy();
    expect(within(hubspot).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe(
      '/templates/t-1/integration/hubspot/settings',
    );
    const salesforce = screen.getByRole('article', { name: 'Salesforce' });
    expect(within(salesforce).getByRole('link', { name: 'Connect' }).getAttribute('href')).toBe(
      '/integrations/applications/salesforce/settings/authentication',
    );
  });

  it("a template's summary counts its webhooks with the way to them", async () => {
    const { fetchMock } = openStudio('/templates/t-1/integration', { user: ada, routes });
    const webhooks = await screen.findByRole('article', { name: 'Webhooks' }, wait);
    expect(await within(webhooks).findByText('0 webhooks', {}, wait)).toBeTruthy();
    expect(within(webhooks).getByRole('link', { name: 'Manage webhooks' }).getAttribute('href')).toBe(
      '/templates/t-1/integration/webhooks',
    );
    expect(callsTo(fetchMock, '/api/event/activity-webhooks/')[0]?.url).toContain('studio_template=t-1');
    expect(screen.queryByRole('article', { name: 'Slack' })).toBeNull();
  });

  it("a series' webhooks page lists the series' own webhooks", async () => {
    openStudio('/series/s-1/integration/webhooks', { user: ada, routes });
    expect(await screen.findByRole('article', { name: seriesWebhook.url }, wait)).toBeTruthy();
    expect(screen.getByText(/activities of each of this series' events/)).toBeTruthy();
  });

  it("a series' summary counts its webhooks", async () => {
    openStudio('/series/s-1/integration/summary', { user: ada, routes });
    const webhooks = await screen.findByRole('article', { name: 'Webhooks' }, wait);
    expect(await within(webhooks).findByText('1 webhook', {}, wait)).toBeTruthy();
  });

  it("a template's CRM settings save the HubSpot portal and lead to its field mappings", async () => {
    const user = userEvent.setup();
    const { fetchMock } = openStudio('/templates/t-1/integration/hubspot/settings', { user: ada, routes });
    const portal = await screen.findByRole('textbox', { name: 'HubSpot portal id' }, wait);
    await user.type(portal, '24681357');
    await user.click(screen.getByRole('button', { name: 'Save portal id' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, `${TEMPLATE_PATH}hubspot/`)).toEqual([
        { hubspot_portal_id: '24681357' },
      ]),
    );
    expect(screen.getByRole('link', { name: 'Map contacts fields' }).getAttribute('href')).toBe(
      '/templates/t-1/integration/hubspot/field-mapping/contacts',
    );
  });

  it("a series' CRM page turns its events' pushes off, with no field mapping of its own", async () => {
    const user = userEvent.setup();
    const { fetchMock } = openStudio('/series/s-1/integration/salesforce', { user: ada, routes });
    expect(await screen.findByText(crmMessages.notConnected('Salesforce'), {}, wait)).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: /^Send the registrants of this series' events/ }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, `${SERIES_PATH}salesforce/`)).toEqual([{ is_enabled: false }]),
    );
    expect(screen.queryByRole('link', { name: /^Map / })).toBeNull();
  });

  it("a series' integration summary is the one without a type", async () => {
    openStudio('/series/s-1/integration/summary', { user: ada, routes });
    const salesforce = await screen.findByRole('article', { name: 'Salesforce' }, wait);
    expect(within(salesforce).getByRole('link', { name: 'Connect' })).toBeTruthy();
    expect(screen.queryByText(crmMessages.settingsOnEvents)).toBeNull();
  });

  it("says the spec message when a template's integration template cannot be read", async () => {
    const failing: ExtraRoutes = (path, init) =>
      path.split('?')[0] === TEMPLATE_PATH ? json(500, { message: 'down' }) : routes(path, init);
    openStudio('/templates/t-1/integration/info', { user: ada, routes: failing });
    expect(
      await screen.findByText(crmMessages.integrationTemplateFailed, {}, { timeout: 20_000 }),
    ).toBeTruthy();
  });

  it('a connector set up per event shows the summary and says so on a repeating event', async () => {
    const weekly = weeklyRepeatingEvent(null);
    openStudio('/repeating-event/s-1/integration/slack', {
      user: ada,
      routes: (path, init) =>
        path.split('?')[0] === '/api/event/series/s-1/' ? json(200, weekly) : routes(path, init),
    });
    expect(await screen.findByText(crmMessages.settingsOnEvents, {}, wait)).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'HubSpot' }, wait)).toBeTruthy();
  });
});

describe('team-level integrations: the connection an event, a template or a series uses (issue 36 §5)', () => {
  const BLUE = '5b1e0000-0000-4000-8000-000000000001';
  /** The organisation has no HubSpot connection; the pages' team has one. */
  const teamRoutes: ExtraRoutes = (path, init) => {
    const [route, query = ''] = path.split('?');
    if (route === `/api/event/${EVENT}/integration_settings/`) return json(200, enabledEventCrmSettings());
    if (route !== '/api/integrations/crm/connections/') return routes(path, init);
    const used = query !== '';
    return json(
      200,
      INTEGRATION_TYPES.map((type) => ({
        ...connection(type, used && type === 'hubspot'),
        workspace_id: used ? BLUE : null,
      })),
    );
  };
  const connectionQueries = (fetchMock: Parameters<typeof callsTo>[0]) =>
    callsTo(fetchMock, '/api/integrations/crm/connections/').map((call) => call.url.split('?')[1]);

  it("an event's summary shows its team's connection", async () => {
    const { fetchMock } = openStudio(`/events/${EVENT}/integration`, { user: ada, routes: teamRoutes });
    const hubspot = await screen.findByRole('article', { name: 'HubSpot' }, wait);
    expect(await within(hubspot).findByText('Connected', {}, wait)).toBeTruthy();
    expect(connectionQueries(fetchMock)).toEqual([`event=${EVENT}`]);
  });

  it("an event's CRM settings offer what its team's connection allows", async () => {
    const { fetchMock } = openStudio(`/events/${EVENT}/integration/hubspot/settings`, {
      user: ada,
      routes: teamRoutes,
    });
    expect(await screen.findByRole('textbox', { name: 'HubSpot portal id' }, wait)).toBeTruthy();
    expect(connectionQueries(fetchMock)).toEqual([`event=${EVENT}`]);
  });

  it("a template's summary shows the connection its team's events use", async () => {
    const { fetchMock } = openStudio('/templates/t-1/integration/info', { user: ada, routes: teamRoutes });
    const hubspot = await screen.findByRole('article', { name: 'HubSpot' }, wait);
    expect(await within(hubspot).findByText('Connected', {}, wait)).toBeTruthy();
    expect(connectionQueries(fetchMock)).toEqual(['studio_template=t-1']);
  });

  it("a series' summary shows the connection its team's events use", async () => {
    const { fetchMock } = openStudio('/series/s-1/integration/summary', { user: ada, routes: teamRoutes });
    const hubspot = await screen.findByRole('article', { name: 'HubSpot' }, wait);
    expect(await within(hubspot).findByText('Connected', {}, wait)).toBeTruthy();
    expect(connectionQueries(fetchMock)).toEqual(['series=s-1']);
  });
});

describe("a webinar's integration pages", () => {
  it('the index is the summary, every connector with its way to the webinar’s own settings', async () => {
    openStudio(`/webinar/${EVENT}/integration`, { user: ada, routes });
    const hubspot = await screen.findByRole('article', { name: 'HubSpot' }, wait);
    expect(within(hubspot).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe(
      `/webinar/${EVENT}/integration/hubspot/settings`,
    );
    expect(screen.getByRole('article', { name: 'Marketo' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Wistia' })).toBeTruthy();
    const webhooks = screen.getByRole('article', { name: 'Webhooks' });
    expect(within(webhooks).getByRole('link', { name: 'Manage webhooks' }).getAttribute('href')).toBe(
      `/webinar/${EVENT}/integration/webhooks`,
    );
  });
});

describe("an in-person event's integration pages", () => {
  const inPerson: ExtraRoutes = (path, init) =>
    path.split('?')[0] === `/api/event/${EVENT}/`
      ? json(200, eventFixture({ id: EVENT, title: 'Summit', host_type: 'In_Person' }))
      : routes(path, init);

  it('offers no Wistia card on the summary', async () => {
    openStudio(`/events/${EVENT}/integration`, { user: ada, routes: inPerson });
    expect(await screen.findByRole('article', { name: 'Marketo' }, wait)).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Wistia' })).toBeNull();
  });

  it("answers Wistia's settings page with the reason", async () => {
    openStudio(`/events/${EVENT}/integration/wistia/settings`, { user: ada, routes: inPerson });
    expect(await screen.findByText(marketingMessages.wistiaInPerson, {}, wait)).toBeTruthy();
  });
});

describe("an event's Eloqua", () => {
  /** Eloqua connected, with this event form id (none: not offered on events). */
  const eloquaRoutes =
    (formId: string | null): ExtraRoutes =>
    (path, init) =>
      path.split('?')[0] === '/api/integrations/crm/connections/'
        ? json(
            200,
            INTEGRATION_TYPES.map((type) =>
              type === 'eloqua'
                ? { ...connection(type, true), eloqua_form_id: formId }
                : connection(type, type === 'hubspot'),
            ),
          )
        : routes(path, init);

  it('is not offered on the summary while the organisation has no event form', async () => {
    openStudio(`/events/${EVENT}/integration`, { user: ada, routes: eloquaRoutes(null) });
    expect(await screen.findByRole('article', { name: 'Marketo' }, wait)).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Eloqua' })).toBeNull();
  });

  it('is offered, connected, with an event form', async () => {
    openStudio(`/events/${EVENT}/integration`, { user: ada, routes: eloquaRoutes('1234') });
    const eloqua = await screen.findByRole('article', { name: 'Eloqua' }, wait);
    expect(within(eloqua).getByText('Connected')).toBeTruthy();
  });
});

describe('the organisation’s authentications', () => {
  it('lists the stored sign-ins, never their secrets, each with its settings', async () => {
    openStudio('/integrations/authentications', { user: ada, routes });
    const table = await screen.findByRole('table', { name: 'Authentications' }, wait);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByRole('link', { name: 'HubSpot' }).getAttribute('href')).toBe(
      '/integrations/authentications/hubspot/settings',
    );
  });
});

describe('the field-mapping screen reads the fields of the connection its owner uses', () => {
  const TARGET_FIELDS = '/api/integrations/crm/hubspot/target_fields/';
  const targetQueries = (fetchMock: Parameters<typeof callsTo>[0]) =>
    callsTo(fetchMock, TARGET_FIELDS).map((call) => call.url.split('?')[1]);

  it.each([
    [`/events/${EVENT}/integration/hubspot/field-mapping/contacts`, `event=${EVENT}`],
    ['/templates/t-1/integration/hubspot/field-mapping/contacts', 'studio_template=t-1'],
  ])('%s asks with %s (its team’s connection, not the organisation’s)', async (mappingPage, owner) => {
    const { fetchMock } = openStudio(mappingPage, { user: ada, routes });
    await waitFor(
      () => expect(targetQueries(fetchMock)).toEqual([`crm_object_type=contacts&${owner}`]),
      wait,
    );
  });
});

describe("a global form's field mapping (GLOBAL_FORM)", () => {
  const FORM_MAPPING = '/settings-new/forms/f-1/hubspot/field-mapping/contacts';

  it("needs the 'one-click register' and 'form-level field mapping' flags, and asks nothing without them", async () => {
    const { fetchMock } = openStudio(FORM_MAPPING, {
      user: ada,
      organization: { ...acme, feature_flags: { ...acme.feature_flags, isOneClickRegisterEnabled: true } },
      routes,
    });
    expect(await screen.findByText(accessMessages.featureNotEnabled, {}, wait)).toBeTruthy();
    expect(callsTo(fetchMock, '/api/integrations/field-mappings/')).toEqual([]);
  });

  it('with both flags on, opens the mapping of the form', async () => {
    const { fetchMock } = openStudio(FORM_MAPPING, {
      user: ada,
      organization: {
        ...acme,
        feature_flags: {
          ...acme.feature_flags,
          isOneClickRegisterEnabled: true,
          isFormLevelFieldMappingEnabled: true,
        },
      },
      routes,
    });
    await waitFor(
      () =>
        expect(callsTo(fetchMock, '/api/integrations/field-mappings/source_fields/')[0]?.url).toContain(
          'form_id=f-1',
        ),
      wait,
    );
    expect(screen.queryByText(accessMessages.featureNotEnabled)).toBeNull();
    // A global form maps to the organisation's connection.
    await waitFor(
      () =>
        expect(
          callsTo(fetchMock, '/api/integrations/crm/hubspot/target_fields/').map(
            (call) => call.url.split('?')[1],
          ),
        ).toEqual(['crm_object_type=contacts']),
      wait,
    );
  });
});
