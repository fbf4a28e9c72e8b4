import { marketingMessages } from '@studio/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { PARDOT_CREDENTIALS, startPardotServer } from '../../../../test/vendors/pardot-server.ts';
import {
  failureOf,
  expectCredentialsRefused,
  fileVendorServer,
  loopbackVendorOptions,
} from '../../../../test/vendors/vendor-server.ts';
import { PardotClient, type PardotCredentials } from './pardot.ts';

describe('Pardot client (issue 36) against a local Salesforce token endpoint and Pardot v5', () => {
  const pardot = fileVendorServer(startPardotServer);
  const clientWith = (credentials: PardotCredentials = PARDOT_CREDENTIALS) =>
    new PardotClient(credentials, { ...loopbackVendorOptions(pardot.url), loginUrl: pardot.url });
  let client: PardotClient;

  beforeEach(() => {
    client = clientWith();
  });

  it('gets a Salesforce token by the refresh token grant and sends it with the business unit header', async () => {
    expect(await client.health()).toBe(true);
    const token = pardot.to('/services/oauth2/token')[0]!;
    expect(Object.fromEntries(new URLSearchParams(token.text))).toEqual({
      grant_type: 'refresh_token',
      client_id: PARDOT_CREDENTIALS.clientId,
      client_secret: PARDOT_CREDENTIALS.clientSecret,
      refresh_token: PARDOT_CREDENTIALS.refreshToken,
    });
    const call = pardot.to('/api/v5/objects/lists')[0]!;
    expect(call.headers.authorization).toMatch(/^Bearer 00Dpardot!token-\d+$/);
    expect(call.headers['pardot-business-unit-id']).toBe(PARDOT_CREDENTIALS.businessUnitId);
  });

  it('answers bad credentials with the spec message, without the secret or refresh token', async () => {
    const wrong = clientWith({ ...PARDOT_CREDENTIALS, refreshToken: 'revoked-refresh-token' });
    await expectCredentialsRefused(wrong, 'revoked-refresh-token', PARDOT_CREDENTIALS.clientSecret);
    // A wrong business unit is refused by Pardot itself (400), not taken for a good connection.
    const otherUnit = clientWith({ ...PARDOT_CREDENTIALS, businessUnitId: '0Uv000000000002AAA' });
    expect(await failureOf(otherUnit.health())).toMatchObject({ kind: 'rejected', code: '181' });
  });

  it('looks a list up by id with the fields v5 needs, null when Pardot has none', async () => {
    expect(await client.list(1234)).toMatchObject({ id: 1234, name: 'summit_registrants', isDynamic: false });
    expect(pardot.to('/api/v5/objects/lists/1234')[0]!.query.get('fields')).toContain('name');
    expect(await client.list(999)).toBeNull();
    expect(marketingMessages.pardotListNotFound).toBe('Pardot List ID is not found!');
  });

  it('upserts prospects by email and adds them to a list (export)', async () => {
    const created = await client.upsertProspect({ email: 'ada@example.com', firstName: 'Ada' });
    const again = await client.upsertProspect({ email: 'ada@example.com', company: 'Engines Ltd' });
    expect(again.id).toBe(created.id);
    expect(again).toMatchObject({ email: 'ada@example.com', firstName: 'Ada', company: 'Engines Ltd' });
    const membership = await client.addToList(1234, created.id);
    expect(membership).toMatchObject({ listId: 1234, prospectId: created.id });
    expect(await failureOf(client.addToList(999, created.id))).toMatchObject({
      kind: 'rejected',
      code: '85',
    });
  });

  it('reads every page of a list’s memberships and their prospects (import)', async () => {
    const before = pardot.memberships.filter((membership) => membership.listId === 1234).length;
    const memberships = await client.listMemberships(1234);
    expect(memberships).toHaveLength(before);
    expect(pardot.to('/api/v5/objects/list-memberships').length).toBe(before);
    expect(await client.prospect(7001)).toMatchObject({ email: 'grace@example.com' });
    expect(await client.prospect(1)).toBeNull();
  });

  it('renews an expired token once on 401', async () => {
    await client.list(1234);
    pardot.expireTokens();
    expect(await client.list(1234)).not.toBeNull();
    expect(pardot.to('/services/oauth2/token')).toHaveLength(2);
  });

  it('retries 429 and 5xx with back-off, bounded', async () => {
    await client.authenticate();
    pardot.answerNext(
      { status: 429, json: { code: 66, message: 'Rate limit exceeded' } },
      { status: 502, text: 'Bad Gateway' },
    );
    expect(await client.list(1234)).not.toBeNull();
    expect(pardot.to('/api/v5/objects/lists/1234')).toHaveLength(3);
    pardot.answerNext({ status: 500 }, { status: 500 }, { status: 500 });
    expect(await failureOf(client.list(1234))).toMatchObject({ kind: 'unavailable', status: 500 });
  });

  it('turns garbage answers into a typed error', async () => {
    await client.authenticate();
    pardot.answerNext({ text: 'not json' });
    expect(await failureOf(client.list(1234))).toMatchObject({ kind: 'bad_answer' });
    pardot.answerNext({ json: { id: 'x', name: 4 } });
    expect(await failureOf(client.list(1234))).toMatchObject({ kind: 'bad_answer' });
  });
});
