import { describe, expect, it } from 'vitest';
import { ENGAGEMENT_RATE_LIMITS, engagementStudioPath, type Page, type Question } from '@studio/domain';
import { newAdmin } from '../access/access.fixtures.ts';
import { caller, newEvent } from '../back-office/back-office.fixtures.ts';
import { fileEngagementWorld, newSession, personIn, setBranding, setFlags } from './engagement.fixtures.ts';

const world = fileEngagementWorld('Q&A Org');

describe('Q&A on the event app (issue 34 §3)', () => {
  it('asks per session, upvotes once, takes the upvote back', async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event, 'Grace');
    const ada = await personIn(world, event, 'Ada');
    const session = await newSession(world, event);
    const asked = await grace.call<Question>('POST', 'qna', { text: 'Why <b>?</b>', session_id: session });
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({
      text: 'Why <b>?</b>',
      asker_name: 'Grace Hopper',
      state: 'open',
      upvotes: 0,
    });
    await grace.call('POST', 'qna', { text: 'Elsewhere?' });

    const inSession = await ada.call<Question[]>('GET', `qna?session_id=${session}`);
    expect(inSession.body.map((question) => question.text)).toEqual(['Why <b>?</b>']);
    const id = asked.body.id;
    expect((await ada.call<Question>('POST', `qna/${id}/upvote`)).body).toMatchObject({
      upvotes: 1,
      upvoted: true,
    });
    expect((await ada.call<Question>('POST', `qna/${id}/upvote`)).body).toMatchObject({
      upvotes: 1,
      upvoted: true,
    });
    expect((await grace.call<Question>('POST', `qna/${id}/upvote`)).body.upvotes).toBe(2);
    expect((await ada.call<Question>('DELETE', `qna/${id}/upvote`)).body).toMatchObject({
      upvotes: 1,
      upvoted: false,
    });
    expect((await ada.call('POST', 'qna/not-a-question/upvote')).status).toBe(404);
  });

  it('never reveals an anonymous asker, and refuses anonymity when it is off', async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event, 'Grace');
    const ada = await personIn(world, event, 'Ada');
    expect((await grace.call('POST', 'qna', { text: 'Who am I?', anonymous: true })).status).toBe(403);
    await setBranding(world, event, { anonymous_qna_enabled: true });
    const asked = await grace.call<Question>('POST', 'qna', { text: 'Who am I?', anonymous: true });
    expect(asked.body.asker_name).toBeNull();
    const read = await ada.call('GET', 'qna');
    expect(JSON.stringify(read.body)).not.toContain('Grace');
    const studio = await world.api.get(engagementStudioPath(event.id, 'questions'));
    expect(JSON.stringify(studio.body)).not.toContain('Grace');
  });

  it('keeps a moderated question to its asker and staff until approved', async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event, 'Grace');
    const ada = await personIn(world, event, 'Ada');
    await setBranding(world, event, { is_text_qna_moderated: true });
    const asked = await grace.call<Question>('POST', 'qna', { text: 'Pending?' });
    expect(asked.body.state).toBe('pending');
    expect((await grace.call<Question[]>('GET', 'qna')).body).toHaveLength(1);
    expect((await ada.call<Question[]>('GET', 'qna')).body).toHaveLength(0);
    expect((await ada.call('POST', `qna/${asked.body.id}/upvote`)).status).toBe(404);
    const queue = await world.api.get<Page<Question>>(engagementStudioPath(event.id, 'questions'));
    expect(queue.body.results.map((question) => question.state)).toEqual(['pending']);

    const approve = await world.api.patch(engagementStudioPath(event.id, `questions/${asked.body.id}`), {
      state: 'open',
    });
    expect(approve.status).toBe(200);
    expect((await ada.call<Question[]>('GET', 'qna')).body.map((question) => question.text)).toEqual([
      'Pending?',
    ]);
    await world.api.patch(engagementStudioPath(event.id, `questions/${asked.body.id}`), { state: 'hidden' });
    expect((await ada.call<Question[]>('GET', 'qna')).body).toHaveLength(0);
  });

  it('takes a hidden, dismissed or pinned question back to open (or answered), and attendees see it again', async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event, 'Grace');
    const ada = await personIn(world, event, 'Ada');
    const asked = await grace.call<Question>('POST', 'qna', { text: 'Back again?' });
    const question = engagementStudioPath(event.id, `questions/${asked.body.id}`);
    for (const state of ['hidden', 'dismissed', 'pinned'] as const) {
      expect((await world.api.patch<Question>(question, { state })).body.state).toBe(state);
      const back = await world.api.patch<Question>(question, { state: 'open' });
      expect(back).toMatchObject({ status: 200, body: { state: 'open' } });
      expect((await ada.call<Question[]>('GET', 'qna')).body.map((shown) => shown.state)).toEqual(['open']);
    }
    await world.api.post(`${question}/answers`, { text: 'Yes' });
    await world.api.patch(question, { state: 'pinned' });
    expect((await world.api.patch<Question>(question, { state: 'answered' })).body.state).toBe('answered');
  });

  it("shows answers with the answerer's name, or the alias when identities are hidden", async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event, 'Grace');
    const asked = await grace.call<Question>('POST', 'qna', { text: 'Answer me' });
    const answered = await world.api.post<Question>(
      engagementStudioPath(event.id, `questions/${asked.body.id}/answers`),
      { text: 'Here it is' },
    );
    expect(answered.status).toBe(201);
    expect(answered.body.state).toBe('answered');
    expect(answered.body.answers[0]?.answerer).not.toBe('');
    await setBranding(world, event, { show_answerers_identity: false, textqna_answerers_alias: 'The team' });
    const read = await grace.call<Question[]>('GET', 'qna');
    expect(read.body[0]?.answers.map((answer) => [answer.text, answer.answerer])).toEqual([
      ['Here it is', 'The team'],
    ]);
  });

  it('assigns a question to a speaker only with the organisation flag and the branding toggle', async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event, 'Grace');
    const asked = await grace.call<Question>('POST', 'qna', { text: 'For the speaker' });
    const assign = () =>
      world.api.patch(engagementStudioPath(event.id, `questions/${asked.body.id}`), {
        assigned_speaker_id: grace.userId,
      });
    expect((await assign()).status).toBe(403);
    await setFlags(world, { assignQnaToSpeaker: true });
    await setBranding(world, event, { assign_speaker_qna: true });
    expect((await assign()).status).toBe(200);
    await setFlags(world, {});
  });

  it('turns Q&A off with have_text_qna and limits questions per minute', async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event);
    for (let asked = 0; asked < ENGAGEMENT_RATE_LIMITS.questions; asked += 1)
      expect((await grace.call('POST', 'qna', { text: `q${asked}` })).status).toBe(201);
    expect((await grace.call('POST', 'qna', { text: 'too many' })).status).toBe(429);
    await setBranding(world, event, { have_text_qna: false });
    expect((await grace.call('GET', 'qna')).status).toBe(403);
  });

  it("answers `mine`: the asker's own questions of every session and event-wide, as the asker reads them", async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event, 'Grace');
    const ada = await personIn(world, event, 'Ada');
    const keynote = await newSession(world, event, 'Keynote');
    const panel = await newSession(world, event, 'Panel');
    await setBranding(world, event, { anonymous_qna_enabled: true });
    const before = await grace.call<Question>('POST', 'qna', { text: 'Before', anonymous: true });
    await grace.call('POST', 'qna', { text: 'In the keynote', session_id: keynote });
    const hidden = await grace.call<Question>('POST', 'qna', { text: 'In the panel', session_id: panel });
    await ada.call('POST', 'qna', { text: 'Ada’s', session_id: keynote });
    const question = (id: string) => engagementStudioPath(event.id, `questions/${id}`);
    await world.api.post(`${question(before.body.id)}/answers`, { text: 'Answered later' });
    await world.api.patch(question(hidden.body.id), { state: 'hidden' });

    const mine = await grace.call<Question[]>('GET', 'qna?mine=true');
    expect(mine.status).toBe(200);
    expect(mine.body.map((shown) => [shown.text, shown.state])).toEqual([
      ['Before', 'answered'],
      ['In the keynote', 'open'],
      ['In the panel', 'hidden'],
    ]);
    expect(mine.body[0]).toMatchObject({ asker_name: null, answers: [{ text: 'Answered later' }] });
    // Each as the session's own list gives it to its asker.
    const inPanel = await grace.call<Question[]>('GET', `qna?session_id=${panel}`);
    expect(mine.body[2]).toEqual(inPanel.body[0]);
    expect((await ada.call<Question[]>('GET', 'qna?mine=1')).body.map((shown) => shown.text)).toEqual([
      'Ada’s',
    ]);

    expect((await grace.call('GET', 'qna?mine=maybe')).status).toBe(400);
    const outsider = caller(world.studio, (await newAdmin(world.studio, 'Outsider Q&A')).access);
    const theirs = await newEvent(outsider, {
      title: 'Theirs',
      start: '2031-05-01T13:00:00Z',
      end: '2031-05-01T21:00:00Z',
    });
    // The event app's cookie admits to its own event only.
    expect((await grace.call('GET', 'qna?mine=true', undefined, theirs)).status).toBe(401);
  });

  it('filters the studio queue by session, or to the event-wide questions', async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event, 'Grace');
    const keynote = await newSession(world, event, 'Keynote');
    const panel = await newSession(world, event, 'Panel');
    await grace.call('POST', 'qna', { text: 'Event-wide' });
    await grace.call('POST', 'qna', { text: 'Keynote', session_id: keynote });
    await grace.call('POST', 'qna', { text: 'Panel', session_id: panel });
    const queue = (search: string) =>
      world.api.get<Page<Question>>(`${engagementStudioPath(event.id, 'questions')}${search}`);
    const texts = async (search: string) => {
      const page = await queue(search);
      expect(page.status).toBe(200);
      return { count: page.body.count, texts: page.body.results.map((shown) => shown.text) };
    };
    expect(await texts('')).toEqual({ count: 3, texts: ['Panel', 'Keynote', 'Event-wide'] });
    expect(await texts(`?session_id=${keynote}`)).toEqual({ count: 1, texts: ['Keynote'] });
    expect(await texts('?session_id=event&limit=10')).toEqual({ count: 1, texts: ['Event-wide'] });
    expect((await queue('?session_id=nope')).status).toBe(400);
    const outsider = caller(world.studio, (await newAdmin(world.studio, 'Outsider queue')).access);
    const theirs = await outsider.get(`${engagementStudioPath(event.id, 'questions')}?session_id=${keynote}`);
    expect(theirs.status).toBe(404);
  });

  it('counts the questions awaiting approval on the server (state=pending), of the event or one session', async () => {
    const event = await world.newEvent();
    await setBranding(world, event, { is_text_qna_moderated: true });
    const grace = await personIn(world, event, 'Grace');
    const keynote = await newSession(world, event, 'Keynote');
    await grace.call('POST', 'qna', { text: 'Event-wide' });
    const approved = await grace.call<Question>('POST', 'qna', { text: 'Keynote', session_id: keynote });
    await grace.call('POST', 'qna', { text: 'Keynote again', session_id: keynote });
    const path = engagementStudioPath(event.id, 'questions');
    expect((await world.api.patch(`${path}/${approved.body.id}`, { state: 'open' })).status).toBe(200);
    const pending = async (search: string) => {
      const page = await world.api.get<Page<Question>>(`${path}?state=pending${search}`);
      expect(page.status).toBe(200);
      return { count: page.body.count, texts: page.body.results.map((shown) => shown.text) };
    };
    expect(await pending('&limit=1')).toEqual({ count: 2, texts: ['Keynote again'] });
    expect(await pending(`&session_id=${keynote}`)).toEqual({ count: 1, texts: ['Keynote again'] });
    expect(await pending('&session_id=event')).toEqual({ count: 1, texts: ['Event-wide'] });
    expect((await world.api.get(`${path}?state=open`)).body).toMatchObject({ count: 1 });
    expect((await world.api.get(`${path}?state=nope`)).status).toBe(400);
  });
});
