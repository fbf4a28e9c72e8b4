import { describe, expect, it } from 'vitest';
import {
  type ApiError,
  DOMAIN_ERROR_CODES,
  domainMessages,
  EVENT_ROLES,
  type OrganizationDetail,
  type RegistrationDomain,
  type StudioEvent,
} from '@studio/domain';
import { fileStudio, madeBeforeAll, openedForFile } from '../../../test/file-studio.ts';
import { startTestDnsServer } from '../../../test/dns-server.ts';
import { newAdmin, newMember, setPlan } from '../access/access.fixtures.ts';
import { caller, newEvent, type Api } from '../back-office/back-office.fixtures.ts';

const attendeeOrigin = 'http://events.studio.test';
const times = { start: '2031-05-01T13:00:00Z', end: '2031-05-01T21:00:00Z', timezone: 'UTC' };
type Page = { count: number; results: RegistrationDomain[] };

const dns = openedForFile(startTestDnsServer);
const studio = fileStudio(() => ({ eventsPublicUrl: attendeeOrigin, dnsServers: [dns.address] }));
type Organization = { api: Api; id: string; adminId: string; event: StudioEvent };
const acme = madeBeforeAll(() => organization('Acme'));
const globex = madeBeforeAll(() => organization('Globex'));

async function organization(name: string): Promise<Organization> {
  const admin = await newAdmin(studio, name);
  const api = caller(studio, admin.access);
  const event = await newEvent(api, { title: `${name} summit`, ...times });
  return { api, id: admin.organization.id, adminId: admin.userId, event };
}

const domainsOf = (org: { id: string }) => `/api/core/organization/${org.id}/domains/`;
const add = (org: Organization, domain: string) =>
  org.api.post<RegistrationDomain & ApiError>(domainsOf(org), { domain });
const verify = (org: Organization, id: string) =>
  org.api.post<RegistrationDomain & ApiError>(`${domainsOf(org)}${id}/verify/`);
const makeDefault = (org: Organization, id: string, isDefault = true) =>
  org.api.patch<RegistrationDomain & ApiError>(`${domainsOf(org)}${id}/`, { is_default: isDefault });
/** Publishes the domain's TXT record on the loopback DNS server, as its owner would. */
const publish = (domain: RegistrationDomain) => {
  const txt = domain.dns_records.find((record) => record.type === 'TXT');
  if (!txt) throw new Error('no TXT record');
  dns.setTxt(txt.host, [txt.value]);
};
const onHost = (host: string, url: string, method: 'GET' | 'POST' = 'GET') =>
  studio.attendeeSite.inject({
    method,
    url,
    headers: { host },
    ...(method === 'POST' ? { payload: {} } : {}),
  });

type MessageKey = {
  [K in keyof typeof domainMessages]: (typeof domainMessages)[K] extends string ? K : never;
}[keyof typeof domainMessages];
/** A refusal: its status, and the code named `code` with the message named `message` (by default the same name). */
function expectRefusal(
  answer: { status: number; body: ApiError },
  status: number,
  code: keyof typeof DOMAIN_ERROR_CODES,
  message = code as MessageKey,
) {
  expect(answer.status).toBe(status);
  expect(answer.body).toMatchObject({ code: DOMAIN_ERROR_CODES[code], message: domainMessages[message] });
}

describe('custom registration domains', () => {
  let pending: RegistrationDomain;

  it('adds a domain and answers the DNS records to create', async () => {
    const added = await add(acme, '  Events.Acme.test. ');
    expect(added.status).toBe(201);
    pending = added.body;
    expect(pending).toMatchObject({ domain: 'events.acme.test', is_default: false, is_verified: false });
    const [txt, cname] = pending.dns_records;
    expect(txt).toMatchObject({ type: 'TXT', host: '_event-studio-challenge.events.acme.test' });
    expect(txt?.value).toMatch(/^event-studio-verification=[0-9a-f]{32}$/);
    expect(cname).toEqual({ type: 'CNAME', host: 'events.acme.test', value: 'events.studio.test' });
    const listed = await acme.api.get<Page>(domainsOf(acme));
    expect(listed.body.results.map((domain) => domain.id)).toEqual([pending.id]);
    const detail = await acme.api.get<OrganizationDetail>(`/api/core/organization/${acme.id}/`);
    expect(detail.body.registration_app_vanity_domain_settings).toEqual([
      { domain: 'events.acme.test', is_default: false, is_verified: false },
    ]);
  });

  it('refuses invalid host names, and the same domain twice', async () => {
    for (const domain of [
      'https://events.acme.test',
      'events.acme.test/register',
      'localhost',
      '10.0.0.1',
      'a..b.test',
      '-a.test',
      '*.acme.test',
    ]) {
      const refused = await add(acme, domain);
      expect(refused.status, domain).toBe(400);
      expect(refused.body.errors?.domain).toEqual([domainMessages.invalidDomain]);
    }
    expect((await add(acme, '')).body.errors?.domain).toEqual([domainMessages.required]);
    const twice = await add(acme, 'EVENTS.acme.test');
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe(DOMAIN_ERROR_CODES.alreadyAdded);
  });

  it('does not make an unverified domain the default', async () => {
    expectRefusal(await makeDefault(acme, pending.id), 400, 'notVerified');
  });

  it('verifies by a real DNS lookup: a missing or wrong TXT record is refused', async () => {
    expectRefusal(await verify(acme, pending.id), 400, 'recordMissing');
    dns.setTxt('_event-studio-challenge.events.acme.test', ['event-studio-verification=not-the-token']);
    expect((await verify(acme, pending.id)).body.code).toBe(DOMAIN_ERROR_CODES.recordMissing);
    // A domain Globex added too, before anyone verified it.
    const rival = await add(globex, 'events.acme.test');
    expect(rival.status).toBe(201);

    publish(pending);
    const verified = await verify(acme, pending.id);
    expect(verified.status).toBe(200);
    expect(verified.body.is_verified).toBe(true);

    // Now claimed: Globex can neither verify it nor add it again.
    publish(rival.body);
    expect((await verify(globex, rival.body.id)).body.code).toBe(DOMAIN_ERROR_CODES.claimed);
    await globex.api.delete(`${domainsOf(globex)}${rival.body.id}/`);
    expectRefusal(await add(globex, 'events.acme.test'), 409, 'claimed', 'claimedElsewhere');
  });

  it('makes a verified domain the default: attendee links and magic links use it', async () => {
    const made = await makeDefault(acme, pending.id);
    expect(made.status).toBe(200);
    expect(made.body.is_default).toBe(true);
    const links = await acme.api.get<{ landing: string; register: string }>(
      `/api/event/${acme.event.id}/attendee_links/`,
    );
    expect(links.body.landing).toBe(`https://events.acme.test/e/${acme.event.id}`);
    expect(links.body.register).toBe(`https://events.acme.test/e/${acme.event.id}/register`);
    const detail = await acme.api.get<OrganizationDetail>(`/api/core/organization/${acme.id}/`);
    expect(detail.body.registration_app_vanity_domain_settings).toEqual([
      { domain: 'events.acme.test', is_default: true, is_verified: true },
    ]);

    await studio.database.db
      .insertInto('event_roles')
      .values({ event_id: acme.event.id, user_id: acme.adminId, role: EVENT_ROLES.SPEAKER })
      .execute();
    const link = await acme.api.get<{ url: string }>(
      `/api/event/magic_link/?user_id=${acme.adminId}&event_id=${acme.event.id}`,
    );
    expect(link.body.url).toMatch(
      new RegExp(`^https://events\\.acme\\.test/e/${acme.event.id}/enter\\?token=`),
    );
    // Globex's links stay on the attendee site's own address.
    const other = await globex.api.get<{ landing: string }>(`/api/event/${globex.event.id}/attendee_links/`);
    expect(other.body.landing).toBe(`${attendeeOrigin}/e/${globex.event.id}`);
  });

  it("serves only the organisation's events on its domain", async () => {
    expect((await onHost('events.acme.test', `/e/${acme.event.id}`)).statusCode).toBe(200);
    expect((await onHost('events.acme.test:443', `/e/${acme.event.id}/register`)).statusCode).toBe(200);
    const elsewhere = await onHost('events.acme.test', `/e/${globex.event.id}`);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.headers['content-type']).toMatch(/text\/html/);
    const register = await onHost('events.acme.test', `/api/event/${globex.event.id}/register/`, 'POST');
    expect(register.statusCode).toBe(404);
    expect(register.json()).toMatchObject({ code: 'NOT_FOUND' });
    // The attendee site's own host serves every organisation's events.
    expect((await onHost('events.studio.test', `/e/${globex.event.id}`)).statusCode).toBe(200);
  });

  it("serves only the organisation's hub pages on its domain", async () => {
    const hubPage = async (org: Organization) =>
      (
        await org.api.post<{ id: string }>('/api/event/hub-pages/', {
          name: 'Our events',
          events: [org.event.id],
        })
      ).body.id;
    const acmeHub = await hubPage(acme);
    const globexHub = await hubPage(globex);
    expect((await onHost('events.acme.test', `/h/${acmeHub}`)).statusCode).toBe(200);
    expect((await onHost('events.acme.test', `/h/${globexHub}`)).statusCode).toBe(404);
    expect((await onHost('events.studio.test', `/h/${globexHub}`)).statusCode).toBe(200);
  });

  it('lets pages on a verified domain read media cross-origin, and no other domain', async () => {
    const media = (origin: string) =>
      studio.app.inject({ method: 'GET', url: '/api/media/none/master.m3u8', headers: { origin } });
    expect((await media('https://events.acme.test')).headers['access-control-allow-origin']).toBe(
      'https://events.acme.test',
    );
    await add(globex, 'unverified.globex.test');
    for (const origin of ['https://unverified.globex.test', 'http://events.acme.test', 'https://evil.test'])
      expect((await media(origin)).headers['access-control-allow-origin']).toBeUndefined();
    expect((await media(attendeeOrigin)).headers['access-control-allow-origin']).toBe(attendeeOrigin);
  });

  it("answers the TLS proxy's question: only verified domains get a certificate", async () => {
    const ask = (domain: string) =>
      studio.app.inject({ method: 'GET', url: `/api/public/domains/allowed?domain=${domain}` });
    expect((await ask('events.acme.test')).statusCode).toBe(200);
    expect((await ask('unknown.acme.test')).statusCode).toBe(404);
    await add(globex, 'pending.globex.test');
    expect((await ask('pending.globex.test')).statusCode).toBe(404);
  });

  it("is another organisation's 404, an admin's setting, and gated by the plan", async () => {
    expect((await globex.api.get(domainsOf(acme))).status).toBe(404);
    expect((await globex.api.post(`${domainsOf(globex)}${pending.id}/verify/`)).status).toBe(404);
    expect((await globex.api.patch(`${domainsOf(globex)}${pending.id}/`, { is_default: false })).status).toBe(
      404,
    );
    expect((await globex.api.delete(`${domainsOf(globex)}${pending.id}/`)).status).toBe(404);
    expect((await globex.api.delete(`${domainsOf(globex)}not-an-id/`)).status).toBe(404);

    const editor = await newMember(studio, acme.id, 'EVENT_EDITOR');
    expect((await caller(studio, editor.access).get(domainsOf(acme))).status).toBe(403);
    expect((await studio.app.inject({ method: 'GET', url: domainsOf(acme) })).statusCode).toBe(401);

    await setPlan(studio, globex.id, 'STARTER', {});
    const gated = await add(globex, 'events.globex.test');
    expect(gated.status).toBe(403);
    expect(gated.body.code).toBe('FEATURE_NOT_ENABLED');
    await setPlan(studio, globex.id, 'STARTER', { whitelabelPageDomain: true });
    expect((await add(globex, 'events.globex.test')).status).toBe(201);
  });

  it('makes one default of several chosen at the same time (the last one), with no server error', async () => {
    const initech = await organization('Initech');
    const ids: string[] = [];
    for (const name of ['a', 'b', 'c', 'd']) ids.push((await add(initech, `${name}.initech.test`)).body.id);
    // Verified as a DNS lookup would have (the lookups are tested above).
    await studio.database.db
      .updateTable('registration_domains')
      .set({ is_verified: true })
      .where('organization_id', '=', initech.id)
      .execute();
    for (const round of [1, 2, 3]) {
      const answers = await Promise.all(ids.map((id) => makeDefault(initech, id)));
      expect(
        answers.map((answer) => answer.status),
        `round ${round}`,
      ).toEqual([200, 200, 200, 200]);
      const listed = await initech.api.get<OrganizationDetail>(`/api/core/organization/${initech.id}/`);
      expect(
        listed.body.registration_app_vanity_domain_settings.filter((domain) => domain.is_default),
      ).toHaveLength(1);
    }
  });

  it('deleting the default domain puts the links back on the attendee site', async () => {
    expect((await acme.api.delete(`${domainsOf(acme)}${pending.id}/`)).status).toBe(204);
    const links = await acme.api.get<{ landing: string }>(`/api/event/${acme.event.id}/attendee_links/`);
    expect(links.body.landing).toBe(`${attendeeOrigin}/e/${acme.event.id}`);
    expect((await onHost('events.acme.test', `/e/${globex.event.id}`)).statusCode).toBe(200);
  });

  it('answers 503 when DNS does not answer', async () => {
    const domain = (await add(acme, 'later.acme.test')).body;
    await dns.close();
    expectRefusal(await verify(acme, domain.id), 503, 'lookupFailed');
    // A server again in its place, for the file to close after its tests.
    Object.assign(dns, await startTestDnsServer());
  });
});
