import type { EmailSchedule } from '@studio/domain';

/** An active schedule sent to all registrants at the event's start (tests set the offset); `fields` win. */
export const emailSchedule = (
  fields: Partial<EmailSchedule> & Pick<EmailSchedule, 'email_type'>,
): EmailSchedule => ({
  id: `id-${fields.email_type}`,
  active: true,
  relativeTime: 'BEFORE_START',
  weeks: 0,
  days: 0,
  hours: 0,
  minutes: 0,
  schedule_time: null,
  audience: 'All Registrants',
  email_template: null,
  trigger: 'scheduled',
  skipped: false,
  ...fields,
});
