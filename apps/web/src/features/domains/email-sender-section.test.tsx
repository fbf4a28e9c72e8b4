import {
  EMAIL_SENDER_ERROR_CODES,
  EMAIL_SENDER_VERIFY_COOLDOWN_MS,
  emailSenderMessages,
  type VanityEmailDomain,
} from '@studio/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { acme, ada, json } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';

const SENDERS = '/api/core/vanity_email_domains/';
const typist = () => userEvent.setup({ delay: null });

const pendingSender = (address: string): VanityEmailDomain => ({
  id: 's-1',
  email_sender: address,
  organization: acme.id,
  email_domain_verified: false,
  dkim_host: 'studioa1b2c3d4._domainkey.acme.test',
  dkim_text_value: 'v=DKIM1; k=rsa; p=MIIBIjANBgkq',
  return_path_host: 'studio-bounces.acme.test',
  return_path_value: 'bounces.studio.test',
});

/** The senders API over the organisation's one sender; verification succeeds once `published`. */
function sendersApi(options: { initial?: VanityEmailDomain; createFails?: string } = {}) {
  let sender = options.initial;
  const state = { published: false, verifyCalls: 0 };
  const routes = (path: string, init: RequestInit): Response | undefined => {
    if (path.startsWith(`${SENDERS}?`) && init.method === 'GET') return json(200, sender ? [sender] : []);
    if (path === SENDERS && init.method === 'POST') {
      if (options.createFails) return json(409, { message: 'Conflict', code: options.createFails });
      const { email_sender: address } = JSON.parse(init.body as string) as { email_sender: string };
      sender = pendingSender(address);
      return json(201, sender);
    }
    if (path === `${SENDERS}s-1/verify/` && init.method === 'POST') {
      state.verifyCalls += 1;
      if (!state.published || !sender)
        return json(400, {
          message: emailSenderMessages.recordsMissingNote,
          code: EMAIL_SENDER_ERROR_CODES.recordMissing,
        });
      sender = { ...sender, email_domain_verified: true };
      return json(200, sender);
    }
    if (path === `${SENDERS}s-1/` && init.method === 'DELETE') {
      sender = undefined;
      return new Response(null, { status: 204 });
    }
    return undefined;
  };
  return { routes, state };
}

describe('/settings-new/domains: the email sender wizard', () => {
  it('validates the address, creates the sender and shows its TXT and CNAME records', async () => {
    const api = sendersApi();
    const { fetchMock } = openStudio('/settings-new/domains', { user: ada, routes: api.routes });
    const user = typist();
    await user.click(await screen.findByRole('button', { name: emailSenderMessages.setUp }));
    const drawer = await screen.findByRole('dialog', { name: emailSenderMessages.title });
    expect(within(drawer).getByText(emailSenderMessages.selectDomainStep)).toBeTruthy();
    expect(within(drawer).getByRole('combobox', { name: emailSenderMessages.domainType })).toHaveProperty(
      'value',
      emailSenderMessages.domainTypeEmail,
    );

    const address = within(drawer).getByRole('textbox', { name: emailSenderMessages.emailLabel });
    await user.click(within(drawer).getByRole('button', { name: emailSenderMessages.continue }));
    expect(await within(drawer).findByText(emailSenderMessages.required)).toBeTruthy();
    await user.type(address, 'Events@Acme.test');
    await user.click(within(drawer).getByRole('button', { name: emailSenderMessages.continue }));
    expect(await within(drawer).findByText(emailSenderMessages.invalidEmail)).toBeTruthy();
    expect(callsTo(fetchMock, SENDERS).filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.clear(address);
    await user.type(address, ' events@acme.test ');
    await user.click(within(drawer).getByRole('button', { name: emailSenderMessages.continue }));
    const records = await within(drawer).findByRole('table', { name: 'DNS records of events@acme.test' });
    expect(callsTo(fetchMock, SENDERS).find((call) => call.method === 'POST')?.body).toEqual({
      email_sender: 'events@acme.test',
      organization: acme.id,
    });
    for (const value of [
      'studioa1b2c3d4._domainkey.acme.test',
      'v=DKIM1; k=rsa; p=MIIBIjANBgkq',
      'studio-bounces.acme.test',
      'bounces.studio.test',
    ])
      expect(within(records).getByText(value)).toBeTruthy();
    for (const name of ['Copy TXT host', 'Copy TXT value', 'Copy CNAME host', 'Copy CNAME value'])
      expect(within(records).getByRole('button', { name })).toBeTruthy();
    expect(within(drawer).getByText(emailSenderMessages.verificationPending)).toBeTruthy();
    expect(within(drawer).getByText(emailSenderMessages.propagationNote)).toBeTruthy();
  });

  it('says the sender exists with the spec message', async () => {
    const api = sendersApi({ createFails: EMAIL_SENDER_ERROR_CODES.alreadyExists });
    openStudio('/settings-new/domains', { user: ada, routes: api.routes });
    const user = typist();
    await user.click(await screen.findByRole('button', { name: emailSenderMessages.setUp }));
    const drawer = await screen.findByRole('dialog', { name: emailSenderMessages.title });
    await user.type(
      within(drawer).getByRole('textbox', { name: emailSenderMessages.emailLabel }),
      'events@acme.test',
    );
    await user.click(within(drawer).getByRole('button', { name: emailSenderMessages.continue }));
    expect(await screen.findByText(emailSenderMessages.alreadyExists)).toBeTruthy();
  });

  it("keeps each record's Copy button whole beside a value that wraps, and fits a phone's drawer", async () => {
    const api = sendersApi({ initial: pendingSender('events@acme.test') });
    openStudio('/settings-new/domains', { user: ada, routes: api.routes });
    const user = typist();
    const card = await screen.findByRole('region', { name: 'events@acme.test' });
    await user.click(within(card).getByRole('button', { name: emailSenderMessages.dnsRecordsStep }));
    const drawer = await screen.findByRole('dialog', { name: emailSenderMessages.title });
    const records = within(drawer).getByRole('table', { name: 'DNS records of events@acme.test' });
    // No minimum width: at 390 px the records fit the drawer instead of scrolling out of sight.
    const scroller = records.closest<HTMLElement>('.mantine-TableScrollContainer-scrollContainer');
    expect(scroller?.style.getPropertyValue('--table-min-width') ?? '').not.toMatch(/[1-9]/);
    for (const name of ['Copy TXT host', 'Copy TXT value', 'Copy CNAME host', 'Copy CNAME value']) {
      const copy = within(records).getByRole('button', { name });
      // The button keeps its width ("Copy", not "C"); the value breaks anywhere, and the button
      // goes under it when the cell is too narrow for both.
      expect(copy.style.flexShrink).toBe('0');
      const row = copy.parentElement!;
      expect(row.style.getPropertyValue('--group-wrap')).toBe('wrap');
      expect((row.firstElementChild as HTMLElement).style.overflowWrap).toBe('anywhere');
    }
  });

  it('notes missing records, rests Verify for 20 s, then verifies', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = sendersApi({ initial: pendingSender('events@acme.test') });
      openStudio('/settings-new/domains', { user: ada, routes: api.routes });
      const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime.bind(vi) });
      const card = await screen.findByRole('region', { name: 'events@acme.test' });
      expect(within(card).getByText(emailSenderMessages.verificationPending)).toBeTruthy();
      await user.click(within(card).getByRole('button', { name: emailSenderMessages.dnsRecordsStep }));
      const drawer = await screen.findByRole('dialog', { name: emailSenderMessages.title });
      const verify = within(drawer).getByRole('button', { name: emailSenderMessages.verify });

      await user.click(verify);
      expect(await within(drawer).findByText(emailSenderMessages.recordsMissingNote)).toBeTruthy();
      expect(verify).toHaveProperty('disabled', true);
      api.state.published = true;
      await act(() => vi.advanceTimersByTimeAsync(EMAIL_SENDER_VERIFY_COOLDOWN_MS));
      await waitFor(() => expect(verify).toHaveProperty('disabled', false));
      await user.click(verify);
      expect(await within(drawer).findByText(emailSenderMessages.recordVerified)).toBeTruthy();
      expect(api.state.verifyCalls).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('deletes the sender after confirmation, back to the set-up button', async () => {
    const api = sendersApi({ initial: pendingSender('events@acme.test') });
    openStudio('/settings-new/domains', { user: ada, routes: api.routes });
    const user = typist();
    const card = await screen.findByRole('region', { name: 'events@acme.test' });
    await user.click(within(card).getByRole('button', { name: emailSenderMessages.delete }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: emailSenderMessages.delete }));
    expect(await screen.findByText(emailSenderMessages.deleted)).toBeTruthy();
    expect(await screen.findByRole('button', { name: emailSenderMessages.setUp })).toBeTruthy();
  });
});
