import { crmMessages, marketingMessages } from '@studio/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { MARKETO_CLIENT, startMarketoServer } from '../../../../test/vendors/marketo-server.ts';
import {
  failureOf,
  expectCredentialsRefused,
  fileVendorServer,
  loopbackVendorOptions,
} from '../../../../test/vendors/vendor-server.ts';
import { MarketoClient } from './marketo.ts';

describe('Marketo client (issue 36) against a local Marketo', () => {
  const marketo = fileVendorServer(startMarketoServer);
  let client: MarketoClient;
  beforeEach(() => {
    client = new MarketoClient(MARKETO_CLIENT, loopbackVendorOptions(marketo.url));
  });

  it('authenticates with client credentials in a form body, keeps the token, and reports health', async () => {
    await client.authenticate();
    await client.program(1001);
    await client.program(1001);
    const [token] = marketo.to('/identity/oauth/token');
    expect(marketo.to('/identity/oauth/token')).toHaveLength(1);
    expect(token!.method).toBe('POST');
    expect(Object.fromEntries(new URLSearchParams(token!.text))).toEqual({
      grant_type: 'client_credentials',
      client_id: MARKETO_CLIENT.clientId,
      client_secret: MARKETO_CLIENT.clientSecret,
    });
    // The token travels in the header, never in the URL.
    const call = marketo.to('/rest/asset/v1/program/1001.json')[0]!;
    expect(call.headers.authorization).toBe('Bearer marketo-token-1');
    expect(call.query.has('access_token')).toBe(false);
    expect(await client.health()).toBe(true);
  });

  it('answers bad credentials with the spec message and no secret', async () => {
    const wrong = new MarketoClient(
      { clientId: 'someone', clientSecret: 'wrong-secret-value' },
      loopbackVendorOptions(marketo.url),
    );
    await expectCredentialsRefused(wrong, 'wrong-secret-value');
  });

  it('validates a program by id: the program, or null when Marketo has none', async () => {
    expect(await client.program(1001)).toMatchObject({ id: 1001, name: 'Base webinar', channel: 'Webinar' });
    expect(await client.program(4242)).toBeNull();
  });

  it('searches folders by name only for a non-blank search', async () => {
    expect(await client.searchFolders('   ')).toEqual([]);
    expect(marketo.to('/rest/asset/v1/folders.json')).toHaveLength(0);
    const found = await client.searchFolders('webinars');
    expect(found.map((folder) => folder.name)).toEqual(['Webinars', 'Webinars 2026']);
  });

  it('clones the base program into a folder, and refuses a duplicate name with Marketo’s code', async () => {
    const cloned = await client.cloneProgram({
      baseProgramId: 1001,
      programName: 'Summit 2026',
      folderId: 21,
    });
    expect(cloned).toMatchObject({ name: 'Summit 2026', folder: { value: 21 } });
    const request = marketo.to('/rest/asset/v1/program/1001/clone.json')[0]!;
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(JSON.parse(new URLSearchParams(request.text).get('folder')!)).toEqual({ id: 21, type: 'Folder' });
    const duplicate = await failureOf(
      client.cloneProgram({ baseProgramId: 1001, programName: 'Summit 2026', folderId: 21 }),
    );
    expect(duplicate).toMatchObject({ kind: 'rejected', code: '711' });
    expect(duplicate.userMessage).toBe(crmMessages.somethingWentWrong);
  });

  it('creates and approves the studio activity types; a refused one is named in the spec message', async () => {
    marketo.refuseActivityType('studio_user_engagement');
    const result = await client.createStudioActivityTypes();
    expect(result.ids.user_profile).toBeDefined();
    expect(result.ids.user_engagement).toBeUndefined();
    expect(result.failures).toEqual(['User Engagement']);
    expect(result.message).toBe('Failed to create a new Custom Activity: "User Engagement"');
    expect(marketo.activityTypes.get('studio_user_profile')?.status).toBe('approved');
    expect(marketingMessages.marketoActivityTypeFailed(['User Profile'])).toBe(
      'Failed to create a new Custom Activity: "User Profile"',
    );
    expect(marketingMessages.marketoCustomActivityFailed).toBe('Creating Marketo custom activity failed!');
  });

  it('pushes leads (createOrUpdate by email), custom activities and program member status', async () => {
    const statuses = await client.pushLeads([
      { email: 'ada@example.com', firstName: 'Ada' },
      { firstName: 'No email' },
    ]);
    expect(statuses.map((status) => status.status)).toEqual(['created', 'skipped']);
    expect(JSON.parse(marketo.to('/rest/v1/leads.json')[0]!.text)).toMatchObject({
      action: 'createOrUpdate',
      lookupField: 'email',
    });
    const leadId = statuses[0]!.id!;

    const type = await client.createActivityType({
      apiName: 'studio_attended',
      name: 'Attended',
      primaryAttribute: { apiName: 'event_name', name: 'Event name', dataType: 'string' },
      attributes: [{ apiName: 'activity_id', name: 'Activity id', dataType: 'string' }],
    });
    expect(marketo.activityTypes.get('studio_attended')).toMatchObject({
      status: 'approved',
      attributes: [{ apiName: 'activity_id' }],
    });
    const activity = {
      leadId,
      activityTypeId: type.id,
      activityDate: '2026-11-25T10:00:00Z',
      primaryAttributeValue: 'Summit',
      attributes: [{ apiName: 'activity_id', value: 'user_profile:attended' }],
    };
    const added = await client.pushActivities([
      activity,
      { ...activity, leadId: 999_999 },
      { ...activity, attributes: [{ apiName: 'unknown', value: 'x' }] },
    ]);
    expect(added.map((one) => one.status)).toEqual(['added', 'skipped', 'skipped']);
    expect(marketo.activities).toEqual([activity]);

    const statusNames = (await client.memberStatuses('Webinar')).map((status) => status.name);
    expect(statusNames).toEqual(['Not in Program', 'Registered', 'No Show', 'Attended']);
    expect(await failureOf(client.memberStatuses('Nope'))).toMatchObject({ kind: 'not_found' });
    await client.setMemberStatus(1001, 'Attended', [leadId]);
    expect(await client.programMembers(1001, [leadId])).toEqual([
      expect.objectContaining({ leadId, statusName: 'Attended', reachedSuccess: true }),
    ]);
    expect(await client.programMembers(1001, [999999])).toEqual([]);
    expect(await failureOf(client.programMembers(4242, [leadId]))).toMatchObject({
      kind: 'not_found',
      code: '1013',
    });
  });

  it('fetches a new token when Marketo calls it expired (602), once', async () => {
    await client.program(1001);
    marketo.expireTokens();
    expect(await client.program(1001)).not.toBeNull();
    expect(marketo.to('/identity/oauth/token')).toHaveLength(2);
  });

  it('retries 429, 5xx and Marketo’s rate limit (606), and gives up after the bounded retries', async () => {
    await client.authenticate();
    marketo.answerNext(
      { status: 429, headers: { 'retry-after': '0' } },
      {
        json: { success: false, errors: [{ code: '606', message: 'Max rate limit exceeded' }] },
      },
    );
    const before = marketo.requests.length;
    expect(await client.program(1001)).not.toBeNull();
    expect(marketo.requests.length - before).toBe(3);
    marketo.answerNext({ status: 503 });
    expect(await client.program(1001)).not.toBeNull();

    marketo.answerNext(
      ...Array.from({ length: 3 }, () => ({ json: { success: false, errors: [{ code: 606 }] } })),
    );
    expect(await failureOf(client.program(1001))).toMatchObject({ kind: 'rate_limited', code: '606' });
  });

  it('turns garbage answers into a typed error', async () => {
    await client.authenticate();
    marketo.answerNext({ text: '<html>maintenance</html>' });
    expect(await failureOf(client.program(1001))).toMatchObject({ kind: 'bad_answer' });
    marketo.answerNext({ json: { success: true, result: [{ id: 'not a number' }] } });
    expect(await failureOf(client.program(1001))).toMatchObject({ kind: 'bad_answer' });
  });

  it('keeps secrets out of errors even when Marketo repeats them', async () => {
    marketo.answerNext({
      status: 400,
      json: { error: 'invalid_client', error_description: MARKETO_CLIENT.clientSecret },
    });
    const failure = await failureOf(client.authenticate());
    expect(failure.message).not.toContain(MARKETO_CLIENT.clientSecret);
    await client.program(1001);
    const token = marketo.requests.at(-1)!.headers.authorization!.slice('Bearer '.length);
    marketo.answerNext({
      json: { success: false, errors: [{ code: '1003', message: `Invalid value ${token}` }] },
    });
    const refused = await failureOf(client.program(1001));
    expect(refused).toMatchObject({ kind: 'rejected', code: '1003' });
    expect(refused.message).not.toContain(token);
  });
});
