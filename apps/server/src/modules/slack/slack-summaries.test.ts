import type { SlackNotification, StudioEvent } from '@studio/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileStudio, openedForFile } from '../../../test/file-studio.ts';
import { eventually, newOrganization } from '../../../test/harness.ts';
import { startLocalSlack } from '../../../test/slack-server.ts';
import { at, caller, type Api } from '../back-office/back-office.fixtures.ts';
import {
  register,
  registrant,
  registrationEvent,
  registrationsOf,
  setStatus,
} from '../registration/registrants/registrants.fixtures.ts';
import { createJobQueue, type JobQueue } from '../../platform/jobs/job-queue.ts';
import { slackSummariesSweepJob } from './slack.jobs.ts';

const BOT_TOKEN = 'xoxb-summaries-1234';

/** Spec 002 §3.17: PRE_EVENT_REGISTRANT_SUMMARY and POST_EVENT_ATTENDED_SUMMARY, on a fake clock. */
describe('Slack summaries: the registrant count before the event, the attended count after it', () => {
  let now = new Date();
  const slack = openedForFile(() =>
    startLocalSlack({
      clientId: 'studio-app',
      clientSecret: 'studio-secret',
      codes: {},
      tokens: { [BOT_TOKEN]: { teamId: 'T0SUM', teamName: 'Summaries', botUserId: 'U0BOT' } },
      channels: [
        { id: 'C0DAILY', name: 'daily', is_member: true },
        { id: 'C0SIGNUPS', name: 'signups', is_member: true },
      ],
    }),
  );
  const studio = fileStudio(() => ({
    role: 'all',
    jobs: { pollIntervalMs: 50 },
    clock: () => now,
    outboundAllowedHosts: ['127.0.0.1'],
    slack: { apiBaseUrl: slack.apiBaseUrl },
  }));
  let api: Api;
  let event: StudioEvent;
  let sender: JobQueue;

  beforeAll(async () => {
    // Sends the sweep as the schedule would; the studio's own worker runs it.
    sender = createJobQueue({ database: studio.database, log: { info() {}, warn() {}, error() {} } });
    sender.register(slackSummariesSweepJob, () => Promise.reject(new Error("the studio's worker sweeps")));
    const admin = await newOrganization(studio.app);
    api = caller(studio, admin.access);
    const connected = await api.put(`/api/core/organization/${admin.organization.id}/slack/token/`, {
      bot_token: BOT_TOKEN,
    });
    expect(connected.status).toBe(200);
    event = await registrationEvent(api);
  });
  afterAll(async () => {
    await sender.stop();
  });

  /** One sweep on the studio's worker at this now; resolves once it and the posts it queued are done. */
  async function sweepAt(moment: Date) {
    now = moment;
    const id = await sender.send(slackSummariesSweepJob, {});
    const open = () =>
      sql<{ open: number }>`select count(*)::int as open from pgboss.job
        where (id = ${id} or name = 'slack.message') and state not in ('completed', 'failed')`.execute(
        studio.database.db,
      );
    await eventually(async () => expect((await open()).rows[0]?.open).toBe(0));
  }
  const summariesPosted = () => slack.posted.filter((message) => message.channel === 'C0DAILY');

  it('posts each summary once, at its time, with the counts of that moment', async () => {
    const summaries = await api.post<SlackNotification>('/api/event/slack-notifications/', {
      event: event.id,
      channel_id: 'C0DAILY',
      channel_name: 'daily',
      notification_types: ['PRE_EVENT_REGISTRANT_SUMMARY', 'POST_EVENT_ATTENDED_SUMMARY'],
    });
    expect(summaries.status).toBe(201);
    // A registration notification in another channel never posts a summary.
    await api.post('/api/event/slack-notifications/', {
      event: event.id,
      channel_id: 'C0SIGNUPS',
      notification_types: ['REGISTRATION'],
    });
    const people = [registrant('Grace'), registrant('Ada'), registrant('Lin')];
    for (const person of people) expect((await register(studio, event.id, person)).status).toBe(201);
    const registrations = await registrationsOf(studio, event.id);
    expect((await setStatus(api, registrations.get(people[0]!.email)!.id, 'ATTENDED')).status).toBe(200);
    await eventually(() => Promise.resolve(expect(slack.posted).toHaveLength(3)));

    const start = new Date(event.start_time);
    const end = new Date(event.end_time);
    await sweepAt(at(start, -61));
    expect(summariesPosted()).toEqual([]);

    await sweepAt(at(start, -59));
    await sweepAt(at(start, -58));
    expect(summariesPosted().map((message) => message.text)).toEqual([
      `${event.title} starts in 59 minutes: 3 registered`,
    ]);
    expect(summariesPosted()[0]!.blocks).toEqual([
      {
        type: 'section',
        text: { type: 'mrkdwn', text: `*${event.title}* starts in 59 minutes: *3 registered*` },
      },
    ]);

    await sweepAt(at(end, -1));
    expect(summariesPosted()).toHaveLength(1);
    await sweepAt(at(end, 1));
    await sweepAt(at(end, 2));
    expect(summariesPosted().map((message) => message.text)).toEqual([
      `${event.title} starts in 59 minutes: 3 registered`,
      `${event.title} has ended: 1 attended`,
    ]);
    // Only the summaries: no activity of the other notification was posted on the way.
    expect(slack.posted).toHaveLength(5);
  });

  it('posts no summary for an event long over, nor for a notification that is turned off', async () => {
    const other = await registrationEvent(api);
    const created = await api.post<SlackNotification>('/api/event/slack-notifications/', {
      event: other.id,
      channel_id: 'C0DAILY',
      notification_types: ['PRE_EVENT_REGISTRANT_SUMMARY', 'POST_EVENT_ATTENDED_SUMMARY'],
      is_active: false,
    });
    expect(created.status).toBe(201);
    const posted = summariesPosted().length;
    await sweepAt(at(new Date(other.start_time), -30));
    expect(summariesPosted()).toHaveLength(posted);

    await api.patch(`/api/event/slack-notifications/${created.body.id}/`, { is_active: true });
    await sweepAt(at(new Date(other.end_time), 25 * 60));
    expect(summariesPosted()).toHaveLength(posted);
    await sweepAt(at(new Date(other.start_time), -30));
    expect(summariesPosted().at(-1)?.text).toBe(`${other.title} starts in 30 minutes: 0 registered`);
  });
});
