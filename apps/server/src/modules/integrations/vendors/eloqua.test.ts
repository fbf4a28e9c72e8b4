import { beforeEach, describe, expect, it } from 'vitest';
import { ELOQUA_CREDENTIALS, startEloquaServer } from '../../../../test/vendors/eloqua-server.ts';
import {
  failureOf,
  expectCredentialsRefused,
  fileVendorServer,
  loopbackVendorOptions,
} from '../../../../test/vendors/vendor-server.ts';
import { EloquaClient } from './eloqua.ts';

describe('Eloqua client (issue 36) against a local Eloqua', () => {
  const eloqua = fileVendorServer(startEloquaServer);
  let client: EloquaClient;
  beforeEach(() => {
    client = new EloquaClient(ELOQUA_CREDENTIALS, loopbackVendorOptions(eloqua.url));
  });

  it('discovers the site’s base URL with Basic Company\\User:password', async () => {
    expect(await client.authenticate()).toEqual({ siteId: 42, siteName: 'EventCo', baseUrl: eloqua.url });
    const sent = eloqua.to('/id')[0]!.headers.authorization!;
    expect(Buffer.from(sent.replace('Basic ', ''), 'base64').toString()).toBe(
      'EventCo\\Integration.User:eloqua-password-9!',
    );
    expect(await client.health()).toBe(true);
  });

  it('answers bad credentials ("Not authenticated.") with the spec message and no password', async () => {
    const wrong = new EloquaClient(
      { ...ELOQUA_CREDENTIALS, password: 'wrong-password' },
      loopbackVendorOptions(eloqua.url),
    );
    await expectCredentialsRefused(wrong, 'wrong-password');
  });

  it('validates a form id: the form, or null for an unknown or malformed id', async () => {
    expect(await client.form('1234')).toMatchObject({ id: '1234', name: 'Summit registration' });
    expect(eloqua.to('/api/REST/2.0/assets/form/1234')).toHaveLength(1);
    expect(await client.form('999')).toBeNull();
    expect(await client.form('../id')).toBeNull();
  });

  it('submits form data as FieldValues', async () => {
    expect(await client.submitForm('1234', { '501': 'ada@example.com', '502': 'Ada' })).toEqual({ id: '1' });
    expect(eloqua.submissions.at(-1)).toEqual({
      formId: '1234',
      fieldValues: [
        { type: 'FieldValue', id: '501', value: 'ada@example.com' },
        { type: 'FieldValue', id: '502', value: 'Ada' },
      ],
    });
    expect(await failureOf(client.submitForm('999', {}))).toMatchObject({ kind: 'not_found' });
  });

  it('retries 429 and 5xx, bounded', async () => {
    await client.authenticate();
    eloqua.answerNext({ status: 429 }, { status: 503 });
    expect(await client.form('1234')).not.toBeNull();
    eloqua.answerNext({ status: 503 }, { status: 503 }, { status: 503 });
    expect(await failureOf(client.form('1234'))).toMatchObject({ kind: 'unavailable' });
  });

  it('turns garbage answers into a typed error, discovery included', async () => {
    eloqua.answerNext({ text: '<html>' });
    expect(await failureOf(client.authenticate())).toMatchObject({ kind: 'bad_answer' });
    eloqua.answerNext({ json: { urls: { base: 'not a url' } } });
    expect(await failureOf(client.authenticate())).toMatchObject({ kind: 'bad_answer' });
    await client.authenticate();
    eloqua.answerNext({ json: { type: 'Contact', id: 1 } });
    expect(await failureOf(client.form('1234'))).toMatchObject({ kind: 'bad_answer' });
  });
});
