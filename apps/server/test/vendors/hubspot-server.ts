import { bearer, startVendorServer, type RecordedRequest, type Reply } from './vendor-server.ts';

/**
 * A local HubSpot for the connector's tests: account info, CRM v3 properties of contacts, and
 * contacts batch read and batch upsert by email, with HubSpot's documented answer shapes; two
 * accounts (portals), each answering its own private app token with its own contacts.
 */
export const HUBSPOT_TOKEN = 'pat-eu1-11111111-2222-3333-4444-555555555555';
export const HUBSPOT_PORTAL_ID = 24_681_357;
/** A second HubSpot account (portal), with its own private app token and contacts. */
export const HUBSPOT_OTHER_TOKEN = 'pat-eu1-99999999-8888-7777-6666-555555555555';
export const HUBSPOT_OTHER_PORTAL_ID = 13_579_246;

const property = (name: string, label: string, extra: Record<string, unknown> = {}) => ({
  name,
  label,
  type: 'string',
  fieldType: 'text',
  groupName: 'contactinformation',
  hidden: false,
  hubspotDefined: true,
  modificationMetadata: { archivable: true, readOnlyDefinition: true, readOnlyValue: false },
  ...extra,
});

export const HUBSPOT_PROPERTIES = [
  property('email', 'Email'),
  property('firstname', 'First Name'),
  property('lastname', 'Last Name'),
  property('company', 'Company Name'),
  property('jobtitle', 'Job Title'),
  property('hs_object_id', 'Record ID', {
    modificationMetadata: { archivable: false, readOnlyDefinition: true, readOnlyValue: true },
  }),
  property('event_source', 'Event source', { hubspotDefined: false }),
];

/** The second account's own custom property (its contacts have one more field). */
export const HUBSPOT_OTHER_PROPERTY = property('team_region', 'Team region', { hubspotDefined: false });

type Contact = { id: string; properties: Record<string, string> };

export type HubSpotServer = Awaited<ReturnType<typeof startHubSpotServer>>;

export async function startHubSpotServer() {
  const contacts: Contact[] = [];
  const otherContacts: Contact[] = [];
  const portals = new Map([
    [HUBSPOT_TOKEN, { portalId: HUBSPOT_PORTAL_ID, contacts, properties: HUBSPOT_PROPERTIES }],
    [
      HUBSPOT_OTHER_TOKEN,
      {
        portalId: HUBSPOT_OTHER_PORTAL_ID,
        contacts: otherContacts,
        properties: [...HUBSPOT_PROPERTIES, HUBSPOT_OTHER_PROPERTY],
      },
    ],
  ]);

  /** Tokens the portal's admin revoked: refused as unknown ones. */
  const revoked = new Set<string>();

  function handle(request: RecordedRequest): Reply {
    const token = bearer(request) ?? '';
    const portal = revoked.has(token) ? undefined : portals.get(token);
    if (!portal)
      return {
        status: 401,
        json: {
          status: 'error',
          message: 'Authentication credentials not found.',
          category: 'INVALID_AUTHENTICATION',
        },
      };
    if (request.method === 'GET' && request.path === '/account-info/v3/details')
      return {
        status: 200,
        json: {
          portalId: portal.portalId,
          timeZone: 'Europe/Dublin',
          companyCurrency: 'EUR',
          uiDomain: 'app-eu1.hubspot.com',
          dataHostingLocation: 'eu1',
        },
      };
    if (request.method === 'GET' && request.path === '/crm/v3/properties/contacts')
      return { status: 200, json: { results: portal.properties } };
    const body = request.text ? (JSON.parse(request.text) as Record<string, unknown>) : {};
    if (request.method === 'POST' && request.path === '/crm/v3/objects/contacts/batch/read') {
      const ids = (body.inputs as { id: string }[]).map((input) => input.id.toLowerCase());
      const found = portal.contacts.filter((contact) =>
        ids.includes(contact.properties.email!.toLowerCase()),
      );
      return {
        status: 200,
        json: {
          status: 'COMPLETE',
          results: found,
          startedAt: new Date().toISOString(),
          completedAt: new Date().toISOString(),
        },
      };
    }
    if (request.method === 'POST' && request.path === '/crm/v3/objects/contacts/batch/upsert') {
      const results = (
        body.inputs as { idProperty: string; id: string; properties: Record<string, string> }[]
      ).map((input) => {
        let contact = portal.contacts.find(
          (c) => c.properties.email?.toLowerCase() === input.id.toLowerCase(),
        );
        if (!contact) {
          contact = { id: String(1000 + portal.contacts.length), properties: { email: input.id } };
          portal.contacts.push(contact);
        }
        Object.assign(contact.properties, input.properties);
        return { ...contact, new: false };
      });
      return {
        status: 200,
        json: {
          status: 'COMPLETE',
          results,
          startedAt: new Date().toISOString(),
          completedAt: new Date().toISOString(),
        },
      };
    }
    return { status: 404, json: { status: 'error', message: 'Not found', category: 'OBJECT_NOT_FOUND' } };
  }

  const fake = await startVendorServer(handle);
  return { ...fake, contacts, otherContacts, revoked };
}
