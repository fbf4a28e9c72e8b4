import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCountingStudio, type CountingStudio } from '../../../test/statement-counter.ts';
import {
  MARKETO_CLIENT,
  startMarketoServer,
  type MarketoServer,
} from '../../../test/vendors/marketo-server.ts';
import type { Api } from '../back-office/back-office.fixtures.ts';
import { chatOnNow } from '../engagement/engagement.fixtures.ts';
import { crmConfig } from './crm.fixtures.ts';

/**
 * What Marketo's engagement activities cost a chat post: whether the organisation has Marketo at all
 * is kept per node until one of its connections changes, so an organisation without it asks nothing.
 */
let marketo: MarketoServer;
let studio: CountingStudio;
let api: Api;
let post: (text: string) => Promise<void>;

beforeAll(async () => {
  marketo = await startMarketoServer();
  studio = await createCountingStudio(crmConfig({ marketoBaseUrl: marketo.url }));
  ({ api, post } = await chatOnNow(studio, 'Counted Marketo'));
});
afterAll(async () => {
  await studio.close();
  await marketo.close();
});

const connectionReads = (statements: string[]) =>
  statements.filter((statement) => statement.includes('crm_connections'));

describe('statements of a chat post and Marketo', () => {
  it('asks no connection of an organisation without Marketo, and asks again once Marketo is connected', async () => {
    await post('first');
    expect(connectionReads(await studio.statementsOf(() => post('second')))).toEqual([]);

    const connected = await api.post('/api/integrations/crm/authenticate/', {
      crm_type: 'marketo',
      client_id: MARKETO_CLIENT.clientId,
      client_secret: MARKETO_CLIENT.clientSecret,
    });
    expect(connected.status).toBe(200);
    // The kept "no Marketo" is forgotten with the connection's write.
    expect(connectionReads(await studio.statementsOf(() => post('third')))).not.toEqual([]);
  });
});
