import {
  accessMessages,
  DOMAIN_ERROR_CODES,
  domainMessages,
  messages,
  resolvePricingConfig,
  type RegistrationDomain,
} from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { acme, ada, json, page } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';

const DOMAINS = `/api/core/organization/${acme.id}/domains/`;
const typist = () => userEvent.setup({ delay: null });
const recordsOf = (domain: string): RegistrationDomain['dns_records'] => [
  { type: 'TXT', host: `_event-studio-challenge.${domain}`, value: 'event-studio-verification=abc123' },
  { type: 'CNAME', host: domain, value: 'events.studio.test' },
];

/** The domains API over a list the test starts with; verification succeeds once `published`. */
function domainsApi(options: { initial?: RegistrationDomain[]; listFails?: boolean } = {}) {
  let domains = options.initial ?? [];
  const state = { published: false };
  const routes = (path: string, init: RequestInit): Response | undefined => {
    if (path.startsWith(DOMAINS) && init.method === 'GET')
      return options.listFails ? json(500, { message: 'boom', code: 'INTERNAL_ERROR' }) : page(domains);
    if (path === DOMAINS && init.method === 'POST') {
      const { domain } = JSON.parse(init.body as string) as { domain: string };
      const added: RegistrationDomain = {
        id: `d-${domains.length + 1}`,
        domain,
        is_default: false,
        is_verified: false,
        created_at: '2026-11-24T10:00:00Z',
        dns_records: recordsOf(domain),
      };
      domains = [...domains, added];
      return json(201, added);
    }
    const verify = /^.*domains\/(d-\d+)\/verify\/$/.exec(path);
    if (verify && init.method === 'POST') {
      if (!state.published)
        return json(400, { message: domainMessages.recordMissing, code: DOMAIN_ERROR_CODES.recordMissing });
      domains = domains.map((domain) =>
        domain.id === verify[1] ? { ...domain, is_verified: true } : domain,
      );
      return json(
        200,
        domains.find((domain) => domain.id === verify[1]),
      );
    }
    const one = /^.*domains\/(d-\d+)\/$/.exec(path);
    if (one && init.method === 'PATCH') {
      domains = domains.map((domain) => ({ ...domain, is_default: domain.id === one[1] }));
      return json(
        200,
        domains.find((domain) => domain.id === one[1]),
      );
    }
    if (one && init.method === 'DELETE') {
      domains = domains.filter((domain) => domain.id !== one[1]);
      return new Response(null, { status: 204 });
    }
    return undefined;
  };
  return { routes, state };
}

describe('/settings-new/domains', () => {
  it('adds a domain and shows the DNS records to create, each with a copy button', async () => {
    const api = domainsApi();
    const { fetchMock } = openStudio('/settings-new/domains', { user: ada, routes: api.routes });
    const user = typist();
    expect(await screen.findByRole('region', { name: domainMessages.empty })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: domainMessages.add }));
    expect(await screen.findByText(domainMessages.required)).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: domainMessages.domainLabel }), 'https://x.test/');
    await user.click(screen.getByRole('button', { name: domainMessages.add }));
    expect(await screen.findByText(domainMessages.invalidDomain)).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: domainMessages.domainLabel }));
    await user.type(screen.getByRole('textbox', { name: domainMessages.domainLabel }), 'Events.Acme.test');
    await user.click(screen.getByRole('button', { name: domainMessages.add }));

    const card = await screen.findByRole('region', { name: 'events.acme.test' });
    expect(await screen.findByText(domainMessages.added)).toBeTruthy();
    expect(callsTo(fetchMock, DOMAINS).find((call) => call.method === 'POST')?.body).toEqual({
      domain: 'events.acme.test',
    });
    expect(within(card).getByText(domainMessages.verificationPending)).toBeTruthy();
    const records = within(card).getByRole('table', { name: 'DNS records of events.acme.test' });
    expect(within(records).getByText('_event-studio-challenge.events.acme.test')).toBeTruthy();
    expect(within(records).getByText('event-studio-verification=abc123')).toBeTruthy();
    expect(within(records).getByText('events.studio.test')).toBeTruthy();
    for (const name of ['Copy TXT host', 'Copy TXT value', 'Copy CNAME host', 'Copy CNAME value'])
      expect(within(records).getByRole('button', { name })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: domainMessages.makeDefault })).toBeNull();
  });

  it('says clearly when the record is missing, then verifies and makes the domain the default', async () => {
    const pending: RegistrationDomain = {
      id: 'd-1',
      domain: 'events.acme.test',
      is_default: false,
      is_verified: false,
      created_at: '2026-11-24T10:00:00Z',
      dns_records: recordsOf('events.acme.test'),
    };
    const api = domainsApi({ initial: [pending] });
    const { fetchMock } = openStudio('/settings-new/domains', { user: ada, routes: api.routes });
    const user = typist();
    const card = await screen.findByRole('region', { name: 'events.acme.test' });

    await user.click(within(card).getByRole('button', { name: domainMessages.verify }));
    expect((await within(card).findByRole('alert')).textContent).toBe(domainMessages.recordMissing);

    api.state.published = true;
    await user.click(within(card).getByRole('button', { name: domainMessages.verify }));
    expect(await within(card).findByText(domainMessages.recordVerified)).toBeTruthy();
    expect(within(card).queryByRole('alert')).toBeNull();
    expect(within(card).queryByRole('table')).toBeNull();

    await user.click(within(card).getByRole('button', { name: domainMessages.makeDefault }));
    expect(await within(card).findByText(domainMessages.isDefault)).toBeTruthy();
    expect(await screen.findByText(domainMessages.defaultSet)).toBeTruthy();
    expect(callsTo(fetchMock, `${DOMAINS}d-1/`).find((call) => call.method === 'PATCH')?.body).toEqual({
      is_default: true,
    });
  });

  it("deletes a domain after 'Are you sure?'", async () => {
    const verified: RegistrationDomain = {
      id: 'd-1',
      domain: 'events.acme.test',
      is_default: true,
      is_verified: true,
      created_at: '2026-11-24T10:00:00Z',
      dns_records: recordsOf('events.acme.test'),
    };
    openStudio('/settings-new/domains', { user: ada, routes: domainsApi({ initial: [verified] }).routes });
    const user = typist();
    const card = await screen.findByRole('region', { name: 'events.acme.test' });
    await user.click(within(card).getByRole('button', { name: domainMessages.delete }));
    const dialog = await screen.findByRole('dialog', { name: messages.confirmTitle });
    await user.click(within(dialog).getByRole('button', { name: domainMessages.delete }));
    expect(await screen.findByText(domainMessages.deleted)).toBeTruthy();
    expect(await screen.findByRole('region', { name: domainMessages.empty })).toBeTruthy();
  });

  it('says so when the domains cannot be loaded', async () => {
    openStudio('/settings-new/domains', { user: ada, routes: domainsApi({ listFails: true }).routes });
    expect((await screen.findAllByText(domainMessages.loadFailed)).length).toBeGreaterThan(0);
  });

  it('offers no adding when the plan has no white-label page domain', async () => {
    const organization = {
      ...acme,
      tier: 'STARTER',
      pricing_config: resolvePricingConfig({ tier: 'STARTER', config: {} }),
    };
    openStudio('/settings-new/domains', { user: ada, organization, routes: domainsApi().routes });
    expect(await screen.findByText(accessMessages.featureNotEnabled)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: domainMessages.add })).toBeNull());
  });
});
