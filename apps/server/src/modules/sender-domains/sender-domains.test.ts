import { Resolver } from 'node:dns/promises';
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import { describe, expect, it } from 'vitest';
import {
  type ApiError,
  EMAIL_SENDER_ERROR_CODES,
  emailSenderMessages,
  type OrganizationDetail,
  type VanityEmailDomain,
} from '@studio/domain';
import { fileMailCatcher, fileStudio, madeBeforeAll, openedForFile } from '../../../test/file-studio.ts';
import { startTestDnsServer } from '../../../test/dns-server.ts';
import { createDnsLookup } from '../../platform/dns-lookup.ts';
import { createMailService } from '../../platform/mail/mail.ts';
import { createSecretBox } from '../../platform/secret-box.ts';
import { newAdmin, newMember } from '../access/access.fixtures.ts';
import { caller, type Api } from '../back-office/back-office.fixtures.ts';
import { createSenderDomainsRepository } from './sender-domains.repository.ts';
import { createSenderDomainsService } from './sender-domains.service.ts';

const PATH = '/api/core/vanity_email_domains/';
const RETURN_PATH_TARGET = 'bounces.studio.test';
type Organization = { api: Api; id: string };

const dns = openedForFile(startTestDnsServer);
const catcher = fileMailCatcher();
const studio = fileStudio(() => ({ dnsServers: [dns.address], mailReturnPathHost: RETURN_PATH_TARGET }));
const acme = madeBeforeAll(() => organization('Acme'));
const globex = madeBeforeAll(() => organization('Globex'));

async function organization(name: string): Promise<Organization> {
  const admin = await newAdmin(studio, name);
  return { api: caller(studio, admin.access), id: admin.organization.id };
}

const create = (org: Organization, address: string, organization = org.id) =>
  org.api.post<VanityEmailDomain & ApiError>(PATH, { email_sender: address, organization });
const verify = (org: Organization, id: string) =>
  org.api.post<VanityEmailDomain & ApiError>(`${PATH}${id}/verify/`);
/** Publishes the records the wizard shows, as the organisation's DNS administrator would. */
const publish = (sender: VanityEmailDomain) => {
  dns.setTxt(sender.dkim_host, [sender.dkim_text_value]);
  dns.setCname(sender.return_path_host, sender.return_path_value);
};

describe('custom email sender', () => {
  let sender: VanityEmailDomain;

  it('refuses an uppercase address, a public mailbox and a missing address with the spec messages', async () => {
    const upper = await create(acme, 'Events@Acme.test');
    expect(upper.status).toBe(400);
    expect(upper.body.errors?.email_sender).toEqual([emailSenderMessages.invalidEmail]);
    const free = await create(acme, 'acme.events@gmail.com');
    expect(free.status).toBe(400);
    expect(free.body.errors?.email_sender).toEqual([emailSenderMessages.freeMailDomain]);
    const blank = await create(acme, '   ');
    expect(blank.body.errors?.email_sender).toEqual([emailSenderMessages.required]);
  });

  it('creates the sender with a 2048-bit DKIM key and a return-path CNAME to the studio', async () => {
    const created = await create(acme, ' events@acme.test ');
    expect(created.status).toBe(201);
    sender = created.body;
    expect(sender).toMatchObject({
      email_sender: 'events@acme.test',
      organization: acme.id,
      email_domain_verified: false,
      return_path_host: 'studio-bounces.acme.test',
      return_path_value: RETURN_PATH_TARGET,
    });
    expect(sender.dkim_host).toMatch(/^studio[0-9a-f]{8}\._domainkey\.acme\.test$/);
    const key = /p=([A-Za-z0-9+/=]+)$/.exec(sender.dkim_text_value)?.[1] ?? '';
    const { createPublicKey } = await import('node:crypto');
    const publicKey = createPublicKey({ key: Buffer.from(key, 'base64'), format: 'der', type: 'spki' });
    expect(publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    // The private key is sealed at rest: no PEM in the row.
    const row = await studio.database.db
      .selectFrom('vanity_email_domains')
      .select('dkim_private_key_sealed')
      .executeTakeFirstOrThrow();
    expect(row.dkim_private_key_sealed).not.toContain('PRIVATE KEY');
  });

  it('answers EMAIL_SENDER_ALREADY_EXISTS for a second sender', async () => {
    const again = await create(acme, 'news@acme.test');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: EMAIL_SENDER_ERROR_CODES.alreadyExists,
      message: emailSenderMessages.alreadyExists,
    });
  });

  it('lists, gets and shows the organisation fields; another organisation sees nothing', async () => {
    const list = await acme.api.get<VanityEmailDomain[]>(`${PATH}?organization=${acme.id}`);
    expect(list.body.map((entry) => entry.id)).toEqual([sender.id]);
    expect((await acme.api.get(`${PATH}${sender.id}/`)).status).toBe(200);
    const detail = await acme.api.get<OrganizationDetail>(`/api/core/organization/${acme.id}/`);
    expect(detail.body).toMatchObject({ email_sender: 'events@acme.test', email_domain_verified: false });

    expect((await globex.api.get(`${PATH}${sender.id}/`)).status).toBe(404);
    expect((await globex.api.post(`${PATH}${sender.id}/verify/`)).status).toBe(404);
    expect((await globex.api.delete(`${PATH}${sender.id}/`)).status).toBe(404);
    expect((await globex.api.get(`${PATH}?organization=${acme.id}`)).status).toBe(404);
    expect((await create(globex, 'spoof@acme.test', acme.id)).status).toBe(404);
  });

  it('refuses members without organisation settings rights', async () => {
    const member = await newMember(studio, acme.id, 'MEMBER');
    const api = caller(studio, member.access);
    expect((await api.get(`${PATH}?organization=${acme.id}`)).status).toBe(403);
  });

  it('verifies only when both records are published, by a real DNS lookup', async () => {
    const missing = await verify(acme, sender.id);
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe(EMAIL_SENDER_ERROR_CODES.recordMissing);

    dns.setTxt(sender.dkim_host, [sender.dkim_text_value]);
    expect((await verify(acme, sender.id)).status).toBe(400); // the CNAME is still missing
    dns.setCname(sender.return_path_host, 'elsewhere.example');
    expect((await verify(acme, sender.id)).status).toBe(400); // pointing elsewhere

    publish(sender);
    const verified = await verify(acme, sender.id);
    expect(verified.status).toBe(200);
    expect(verified.body.email_domain_verified).toBe(true);
    const detail = await acme.api.get<OrganizationDetail>(`/api/core/organization/${acme.id}/`);
    expect(detail.body.email_domain_verified).toBe(true);
  });

  it('sends the organisation’s mail from its address, DKIM-signed with the published key', async () => {
    const db = studio.database.db;
    const senders = createSenderDomainsService({
      senders: createSenderDomainsRepository(db),
      dns: createDnsLookup([dns.address]),
      secretBox: createSecretBox(studio.secretKey, 'dkim private key v1'),
      returnPathTarget: RETURN_PATH_TARGET,
    });
    const mail = createMailService({
      db,
      smtpUrl: catcher.url,
      from: 'Event Studio <no-reply@studio.test>',
      log: () => ({ info: () => {}, error: () => {} }),
    });
    const sent = await mail.send({
      to: 'attendee@example.test',
      subject: 'See you tomorrow',
      text: 'Your reminder',
      html: '<p>Your reminder</p>',
      sender: await senders.mailSenderOf(acme.id),
      deliveryToken: 'delivery-1',
    });
    mail.close();
    expect(sent).toBe(true);
    const message = await catcher.waitFor((entry) => entry.subject === 'See you tomorrow');
    expect(message.headers.from).toBe('events@acme.test');
    // Bounces come back to the sender's return path, naming the message (VERP).
    expect(message.envelopeFrom).toBe('bounces+delivery-1@studio-bounces.acme.test');

    const resolver = new Resolver();
    resolver.setServers([dns.address]);
    const result = await dkimVerify(message.raw, {
      // The key record from the loopback DNS server; DKIM asks for nothing else.
      resolver: (name: string) => resolver.resolveTxt(name),
    });
    expect(result.results.map((entry) => [entry.signingDomain, entry.status.result])).toEqual([
      ['acme.test', 'pass'],
    ]);

    // An organisation without a verified sender: the studio's sender, Reply-To none.
    expect(await senders.mailSenderOf(globex.id)).toBeUndefined();
  });

  it('before verification, mail leaves from the studio with Reply-To the sender', async () => {
    const created = await create(globex, 'hello@globex.test');
    const senders = createSenderDomainsService({
      senders: createSenderDomainsRepository(studio.database.db),
      dns: createDnsLookup([dns.address]),
      secretBox: createSecretBox(studio.secretKey, 'dkim private key v1'),
      returnPathTarget: RETURN_PATH_TARGET,
    });
    expect(await senders.mailSenderOf(globex.id)).toEqual({ replyTo: 'hello@globex.test' });
    const removed = await globex.api.delete(`${PATH}${created.body.id}/`);
    expect(removed.status).toBe(204);
    expect(await senders.mailSenderOf(globex.id)).toBeUndefined();
  });

  it('answers 503 when DNS does not answer', async () => {
    const created = await create(globex, 'hello@globex.test');
    await dns.close();
    const refused = await verify(globex, created.body.id);
    expect(refused.status).toBe(503);
    expect(refused.body.message).toBe(emailSenderMessages.verificationFailed);
    // A server again in its place, for the file to close after its tests.
    Object.assign(dns, await startTestDnsServer());
  });
});
