import { describe, expect, it } from 'vitest';
import {
  engagementPanelMessages,
  engagementStudioPath,
  type ApiError,
  type Page,
  type Poll,
} from '@studio/domain';
import { fileEngagementWorld, newSession, personIn } from './engagement.fixtures.ts';

const world = fileEngagementWorld('Polls Org');

const createPoll = async (eventId: string, fields: object = {}) => {
  const created = await world.api.post<Poll>(engagementStudioPath(eventId, 'polls'), {
    question: 'Best <i>talk</i>?',
    options: ['Keynote', 'Panel', '<script>x</script>'],
    ...fields,
  });
  expect(created.status).toBe(201);
  return created.body;
};
const launch = (eventId: string, pollId: string, fields: object = { state: 'live' }) =>
  world.api.patch<Poll>(engagementStudioPath(eventId, `polls/${pollId}`), fields);

describe('polls (issue 34 §4)', () => {
  it('keeps drafts to staff, then takes one vote per person (a second is 409)', async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event, 'Grace');
    const poll = await createPoll(event.id, { show_results: true });
    expect(poll).toMatchObject({
      state: 'draft',
      options: [{ votes: 0 }, { votes: 0 }, { text: '<script>x</script>' }],
    });
    expect((await grace.call<Poll[]>('GET', 'polls')).body).toEqual([]);
    const [keynote, panel] = poll.options.map((option) => option.id);
    expect((await grace.call('POST', `polls/${poll.id}/vote`, { option_ids: [keynote] })).status).toBe(404);

    await launch(event.id, poll.id);
    const listed = await grace.call<Poll[]>('GET', 'polls');
    expect(listed.body[0]).toMatchObject({ state: 'live', voted: [], total_votes: null });
    expect(listed.body[0]?.options.map((option) => option.votes)).toEqual([null, null, null]);

    const voted = await grace.call<Poll>('POST', `polls/${poll.id}/vote`, { option_ids: [keynote] });
    expect(voted.status).toBe(200);
    expect(voted.body).toMatchObject({ voted: [keynote], total_votes: 1 });
    expect(voted.body.options.map((option) => option.votes)).toEqual([1, 0, 0]);
    const again = await grace.call('POST', `polls/${poll.id}/vote`, { option_ids: [panel] });
    expect(again.status).toBe(409);
    // Read again (a reload): the person's own choice comes with the poll.
    const reread = await grace.call<Poll[]>('GET', 'polls');
    expect(reread.body[0]).toMatchObject({ voted: [keynote], total_votes: 1 });
  });

  it('refuses two options that read the same (case and spaces aside), naming the later one', async () => {
    const event = await world.newEvent();
    const refused = await world.api.post<ApiError>(engagementStudioPath(event.id, 'polls'), {
      question: 'Which?',
      options: ['Same', ' same '],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ 'options.1': [engagementPanelMessages.duplicatePollOption] });
    const page = await world.api.get<Page<Poll>>(engagementStudioPath(event.id, 'polls'));
    expect(page.body.results).toEqual([]);
  });

  it("lists in a session its own polls and the whole event's, not another session's", async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event, 'Grace');
    const [keynote, panel] = [await newSession(world, event), await newSession(world, event, 'Panel')];
    const polls = {
      event: await createPoll(event.id, { question: 'Where are you joining from?' }),
      keynote: await createPoll(event.id, { question: 'Keynote poll', session_id: keynote }),
      panel: await createPoll(event.id, { question: 'Panel poll', session_id: panel }),
    };
    for (const poll of Object.values(polls)) expect((await launch(event.id, poll.id)).status).toBe(200);
    const questions = async (query: string) =>
      (await grace.call<Poll[]>('GET', `polls${query}`)).body.map((poll) => poll.question).sort();
    expect(await questions(`?session_id=${keynote}`)).toEqual([
      'Keynote poll',
      'Where are you joining from?',
    ]);
    expect(await questions('')).toEqual(['Keynote poll', 'Panel poll', 'Where are you joining from?']);
  });

  it('refuses a vote naming two options of a single-choice poll, or none of its own', async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event);
    const poll = await createPoll(event.id);
    await launch(event.id, poll.id);
    const [one, two] = poll.options.map((option) => option.id);
    expect((await grace.call('POST', `polls/${poll.id}/vote`, { option_ids: [one, two] })).status).toBe(400);
    expect((await grace.call('POST', `polls/${poll.id}/vote`, { option_ids: ['other'] })).status).toBe(400);
    const multiple = await createPoll(event.id, { multiple: true });
    await launch(event.id, multiple.id);
    const ids = multiple.options.map((option) => option.id).slice(0, 2);
    expect(
      (await grace.call<Poll>('POST', `polls/${multiple.id}/vote`, { option_ids: ids })).body.voted,
    ).toEqual(ids);
  });

  it('hides the counts from people unless the poll shows them: from voters while it is live, from nobody once it is closed; closed polls take no votes', async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event);
    const ada = await personIn(world, event, 'Ada');
    const poll = await createPoll(event.id);
    await launch(event.id, poll.id);
    const [first] = poll.options.map((option) => option.id);
    const voted = await grace.call<Poll>('POST', `polls/${poll.id}/vote`, { option_ids: [first] });
    expect(voted.body.total_votes).toBeNull();
    const staffView = await world.api.get<Page<Poll>>(engagementStudioPath(event.id, 'polls'));
    expect(staffView.body.results[0]?.total_votes).toBe(1);
    await launch(event.id, poll.id, { show_results: true });
    expect((await grace.call<Poll[]>('GET', 'polls')).body[0]?.total_votes).toBe(1);
    expect((await ada.call<Poll[]>('GET', 'polls')).body[0]?.total_votes).toBeNull();
    await launch(event.id, poll.id, { state: 'closed' });
    expect((await ada.call<Poll[]>('GET', 'polls')).body[0]).toMatchObject({ voted: [], total_votes: 1 });
    expect((await ada.call('POST', `polls/${poll.id}/vote`, { option_ids: [first] })).status).toBe(409);
  });

  it('answers a change of nothing with the poll as it is, and an unknown poll with 404', async () => {
    const event = await world.newEvent();
    const poll = await createPoll(event.id);
    const unchanged = await launch(event.id, poll.id, {});
    expect([unchanged.status, unchanged.body.state]).toEqual([200, 'draft']);
    expect((await launch(event.id, event.id, {})).status).toBe(404);
  });
});
