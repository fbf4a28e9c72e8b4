import { DISCARD_CHANGES_QUESTION, emailScheduleMessages, type EmailScheduleList } from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../../testing/render-widget.tsx';
import { renderBetweenKeyListeners } from '../../testing/browser-key-turns.ts';
import { emailSchedule } from './email-schedule-fixture.ts';
import { ScheduleDrawer } from './schedule-drawer.tsx';

const typist = () => userEvent.setup({ delay: null });
const HOUR = 3_600_000;

/** An event starting in two hours, with its registration email and its day-before reminder. */
function scheduleList(context: Partial<EmailScheduleList['context']> = {}): EmailScheduleList {
  const start = Date.now() + 2 * HOUR;
  return {
    context: {
      startTime: new Date(start).toISOString(),
      endTime: new Date(start + HOUR).toISOString(),
      timezone: 'UTC',
      isRepeatingEvent: false,
      seriesId: null,
      eventTemplateId: null,
      ...context,
    },
    results: [
      emailSchedule({ email_type: 'Registration', trigger: 'on-action' }),
      // Set with the event, after its time: it will not be sent.
      emailSchedule({ email_type: 'Reminder-1d', days: 1, skipped: true }),
    ],
  };
}

function openDrawer(list = scheduleList(), serverErrors: Record<string, string> = {}) {
  const onSave = vi.fn();
  const onClose = vi.fn();
  renderWidget(
    <ScheduleDrawer
      list={list}
      templates={[{ value: 't-1', label: 'Friendly reminder', subject: 'See you tomorrow' }]}
      saving={false}
      serverErrors={serverErrors}
      onSave={onSave}
      onClose={onClose}
    />,
  );
  return { onSave, onClose };
}

const reminder = () => screen.getByRole('group', { name: 'Reminder 1 day before' });
const setPart = async (name: string, value: string) => {
  const user = typist();
  const input = within(reminder()).getByRole('textbox', { name });
  await user.clear(input);
  await user.type(input, value);
};

describe('#schedule-drawer', () => {
  it("times only the scheduled types and says the domain's bounds message until the offset is valid", async () => {
    const { onSave } = openDrawer();
    expect(screen.queryByRole('group', { name: 'Registration confirmation' })).toBeNull();
    // A day before an event two hours away is past, but left as it was saved it is no error: a notice.
    expect(within(reminder()).queryByRole('alert')).toBeNull();
    expect(within(reminder()).getByText(emailScheduleMessages.timePassed)).toBeTruthy();
    await setPart('Hours', '1');
    // Changed, it is: 1 day 1 hour before is in the past (the error says it, not the notice).
    expect(within(reminder()).getByRole('alert').textContent).toBe(emailScheduleMessages.inPast);
    expect(within(reminder()).queryByText(emailScheduleMessages.timePassed)).toBeNull();
    await setPart('Days', '0');
    await setPart('Minutes', '45');
    // 1 h 45 min before a start two hours away is a quarter of an hour from now.
    expect(within(reminder()).getByRole('alert').textContent).toBe(emailScheduleMessages.tooSoon);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
    await setPart('Minutes', '0');
    expect(within(reminder()).queryByRole('alert')).toBeNull();
    expect(within(reminder()).queryByText(emailScheduleMessages.timePassed)).toBeNull();
    await typist().click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith([
      expect.objectContaining({ email_type: 'Reminder-1d', weeks: 0, days: 0, hours: 1, minutes: 0 }),
    ]);
  });

  it("keeps an offset as typed past a unit's usual range (no clamping on blur), its error and Save refused", async () => {
    const { onSave } = openDrawer();
    const user = typist();
    await setPart('Days', '40');
    await setPart('Minutes', '999');
    await user.tab();
    const value = (name: string) => within(reminder()).getByRole<HTMLInputElement>('textbox', { name }).value;
    expect([value('Days'), value('Minutes')].map(Number)).toEqual([40, 999]);
    // 40 days before an event two hours away: the domain's message stays, Save stays refused.
    expect(within(reminder()).getByRole('alert').textContent).toBe(emailScheduleMessages.inPast);
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
    expect(save.disabled).toBe(true);
    await user.click(save);
    expect(onSave).not.toHaveBeenCalled();
    // Past what the API takes of one unit: said on the field.
    await setPart('Hours', '20000');
    await user.tab();
    expect(Number(value('Hours'))).toBe(20000);
    expect(within(reminder()).getByText('Enter a value of at most 10000.')).toBeTruthy();
  });

  it('shows a part typed after clearing it as typed: 4 then 0 reads 40, not 040', async () => {
    const list = scheduleList({ startTime: new Date(Date.now() + 60 * 24 * HOUR).toISOString() });
    list.context.endTime = new Date(Date.parse(list.context.startTime!) + HOUR).toISOString();
    const { onSave } = openDrawer(list);
    const user = typist();
    const days = within(reminder()).getByRole<HTMLInputElement>('textbox', { name: 'Days' });
    await user.clear(days);
    await user.type(days, '4');
    await user.type(days, '0');
    expect(days.value).toBe('40');
    await user.tab();
    expect(days.value).toBe('40');
    // Typed after the 0 a part shows: the number, not its leading zero.
    const hours = within(reminder()).getByRole<HTMLInputElement>('textbox', { name: 'Hours' });
    expect(hours.value).toBe('0');
    await user.type(hours, '5');
    expect(hours.value).toBe('5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith([
      expect.objectContaining({ email_type: 'Reminder-1d', days: 40, hours: 5 }),
    ]);
  });

  it('saves a change while default reminders already past are left as they are', async () => {
    const list = scheduleList();
    list.results.push(
      emailSchedule({ email_type: 'Spk-Reminder-1d', days: 1, trigger: 'people-reminder' }),
      emailSchedule({ email_type: 'Reminder-12h', hours: 12, active: false }),
    );
    const { onSave } = openDrawer(list);
    expect(screen.queryByRole('alert')).toBeNull();
    const user = typist();
    await user.click(
      within(screen.getByRole('group', { name: 'Reminder 12 hours before' })).getByRole('checkbox', {
        name: 'Active',
      }),
    );
    // Switched on, the 12 hours' reminder is past too: refused until it is off again.
    const twelve = screen.getByRole('group', { name: 'Reminder 12 hours before' });
    expect(within(twelve).getByRole('alert').textContent).toBe(emailScheduleMessages.inPast);
    await user.click(within(twelve).getByRole('checkbox', { name: 'Active' }));
    await user.click(within(reminder()).getByRole('checkbox', { name: 'Active' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith([
      expect.objectContaining({ email_type: 'Reminder-1d', active: false }),
    ]);
  });

  it('asks for a template for an active custom email, next to its template field', async () => {
    const list = scheduleList({ startTime: new Date(Date.now() + 5 * 24 * HOUR).toISOString() });
    list.results.push(emailSchedule({ email_type: 'Custom', minutes: 58, active: false }));
    list.context.endTime = new Date(Date.parse(list.context.startTime!) + HOUR).toISOString();
    const { onSave } = openDrawer(list);
    const user = typist();
    const custom = screen.getByRole('group', { name: 'Custom email' });
    await user.click(within(custom).getByRole('checkbox', { name: 'Active' }));
    const template = within(custom)
      .getAllByLabelText('Template')
      .find((element) => element.tagName === 'INPUT')!;
    expect(template.getAttribute('aria-invalid')).toBe('true');
    expect(within(custom).getByText(emailScheduleMessages.templateRequired)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
    await user.click(template);
    // Each row's template list is mounted: the option of this row's.
    const options = document.getElementById(template.getAttribute('aria-controls')!)!;
    await user.click(within(options).getByRole('option', { name: 'Friendly reminder', hidden: true }));
    expect(within(custom).queryByText(emailScheduleMessages.templateRequired)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith([
      expect.objectContaining({ email_type: 'Custom', active: true, email_template: 't-1' }),
    ]);
  });

  it('does not bound a series schedule, and shows the server refusal of a type inline', () => {
    openDrawer(scheduleList({ startTime: null, endTime: null, seriesId: 's-1' }), {
      'Reminder-1d': emailScheduleMessages.tooSoon,
    });
    expect(within(reminder()).getByRole('alert').textContent).toBe(emailScheduleMessages.tooSoon);
  });

  it('closes at once on Ctrl+Left without changes', async () => {
    const user = typist();
    const first = openDrawer();
    await user.keyboard('{Control>}{ArrowLeft}{/Control}');
    expect(first.onClose).toHaveBeenCalledTimes(1);
  });

  it('asks before discarding changes', async () => {
    const user = typist();
    const { onClose } = openDrawer();
    await user.click(within(reminder()).getByRole('checkbox', { name: 'Active' }));
    await user.keyboard('{Escape}');
    expect(await screen.findByText(DISCARD_CHANGES_QUESTION)).toBeTruthy();
    const question = screen.getByText(DISCARD_CHANGES_QUESTION).closest<HTMLElement>('[role="dialog"]')!;
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText(DISCARD_CHANGES_QUESTION)).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Control>}{ArrowLeft}{/Control}');
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks on Escape after a change of Minutes, and that Escape does not cancel the question', async () => {
    const { pressKey } = renderBetweenKeyListeners();
    const { onClose } = openDrawer();
    await setPart('Minutes', '5');
    pressKey('Escape');
    // Still asking once the dialogs' transitions are over.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.getByText(DISCARD_CHANGES_QUESTION)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    await typist().click(screen.getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps Cancel and Save in sight at the bottom of the drawer while its types scroll', () => {
    openDrawer();
    const footer = screen.getByRole('button', { name: 'Save' }).closest<HTMLElement>('[data-sticky-actions]');
    expect(footer?.style.position).toBe('sticky');
    expect(footer?.style.bottom).toMatch(/^0(px|rem)?$/);
    expect(footer?.contains(screen.getByRole('button', { name: 'Cancel' }))).toBe(true);
  });
});
