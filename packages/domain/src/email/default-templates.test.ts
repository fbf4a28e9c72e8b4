import { describe, expect, it } from 'vitest';
import { PEOPLE_EMAIL_TYPES } from '../people/constants.ts';
import { SEAT_CONFIRMATION_EMAILS } from '../registration/emails.ts';
import {
  DEFAULT_EMAIL_TEMPLATES,
  defaultEmailTemplateOf,
  reminderWhen,
  withTypeSubject,
} from './default-templates.ts';
import { EMAIL_TYPES, emailTypeDefinition, type EmailType } from './schedules.ts';

const templateOf = (emailType: string) => {
  const template = defaultEmailTemplateOf(emailType);
  if (!template) throw new Error(`no default template for ${emailType}`);
  return template;
};

describe('default email templates', () => {
  it.each([
    ['Reminder-5m', 'in 5 minutes'],
    ['Reminder-1h', 'in one hour'],
    ['Reminder-4h', 'in 4 hours'],
    ['Reminder-12h', 'in 12 hours'],
    ['Reminder-1d', 'tomorrow'],
    ['Reminder-2d', 'in 2 days'],
    ['Reminder-7d', 'in a week'],
  ])('words %s from its own default offset: starts %s', (emailType, when) => {
    const template = templateOf(emailType);
    expect(template.email_type).toBe(emailType);
    expect(template.subject).toBe(`{{ event_title }} starts ${when}`);
    expect(template.email_html).toContain(`<p>{{ event_title }} starts ${when}: {{ event_time }}.</p>`);
    const label = EMAIL_TYPES.find((definition) => definition.emailType === emailType)!.label;
    if (!['Reminder-1h', 'Reminder-1d'].includes(emailType)) expect(template.name).toBe(label);
  });

  it('has a template to send for every scheduled email type but the custom one (whose schedule names it)', () => {
    const scheduled = EMAIL_TYPES.filter((definition) => definition.trigger === 'scheduled');
    const without = scheduled.filter((definition) => !defaultEmailTemplateOf(definition.emailType));
    expect(without.map((definition) => definition.emailType)).toEqual(['Custom']);
    expect(templateOf('OnDemand').subject).toBe('{{ event_title }} is available on demand');
    expect(templateOf('OnDemand').email_html).toContain('<a href="{{ magic_link }}">Watch now</a>');
  });

  it('says how long in words for any offset', () => {
    expect(reminderWhen(1)).toBe('in 1 minute');
    expect(reminderWhen(30)).toBe('in 30 minutes');
    expect(reminderWhen(120)).toBe('in 2 hours');
    expect(reminderWhen(3 * 1440)).toBe('in 3 days');
    expect(reminderWhen(2 * 10_080)).toBe('in 2 weeks');
  });

  it("names registration's templates as organisers read their types, never by the type's code", () => {
    expect(templateOf('Promoted').name).toBe('A seat freed up');
    expect(templateOf('Waitlist').name).toBe('Waitlist confirmation');
  });

  it('names every seeded template by its email type\'s one label, as the schedule names the type (digits: "Reminder 1 hour before")', () => {
    const scheduled = new Set(EMAIL_TYPES.map((definition) => definition.emailType as string));
    for (const template of DEFAULT_EMAIL_TEMPLATES.filter((one) => scheduled.has(one.email_type)))
      expect(template.name).toBe(emailTypeDefinition(template.email_type as EmailType).label);
    expect(DEFAULT_EMAIL_TEMPLATES.map((template) => template.name)).toEqual(
      expect.arrayContaining([
        'Reminder 1 hour before',
        'Reminder 1 day before',
        'Speaker reminder 1 hour before',
      ]),
    );
  });

  it('has no default for a type it does not know', () => {
    expect(defaultEmailTemplateOf('Reminder-3h')).toBeUndefined();
  });

  it("words the speakers' and staff's emails as they have always read, their sessions one a line", () => {
    for (const emailType of PEOPLE_EMAIL_TYPES) expect(templateOf(emailType).name).toBeTruthy();
    const invite = templateOf('SpkInvite');
    expect(invite.subject).toBe('You are speaking at {{ event_title }}');
    expect(invite.email_html).toContain(
      '<p style="white-space: pre-line">Your sessions:<br>{{ sessions }}</p>',
    );
    expect(invite.email_html).toContain('<a href="{{ magic_link }}">Join the event</a>');
    expect(templateOf('Staff-Reminder-1d').subject).toBe('Tomorrow: {{ event_title }}');
  });

  it("tells a seat's confirmation where the event is, after when it is, and shows the check-in code", () => {
    for (const emailType of SEAT_CONFIRMATION_EMAILS) {
      const html = templateOf(emailType).email_html;
      expect(html).toContain('{% if event_location %}<p>Location: {{ event_location }}</p>{% endif %}');
      expect(html.indexOf('{{ event_location }}')).toBeGreaterThan(html.indexOf('{{ event_time }}'));
      expect(html).toContain('{{ checkin_qrcode }}');
    }
    // The waitlist holds no seat: no location, no code.
    expect(templateOf('Waitlist').email_html).not.toContain('event_location');
  });

  it('links with words, never with the raw address', () => {
    for (const template of DEFAULT_EMAIL_TEMPLATES)
      for (const field of ['magic_link', 'cancel_link', 'unsubscribe_link'])
        expect(template.email_html).not.toMatch(new RegExp(`>\\s*\\{\\{ ${field} \\}\\}\\s*</a>`));
    const registration = templateOf('Registration').email_html;
    expect(registration).toContain(
      '<p>Your personal link: <a href="{{ magic_link }}">Join the event</a></p>',
    );
    expect(registration).toContain(
      '<p>Cannot make it? <a href="{{ cancel_link }}">Cancel your registration</a></p>',
    );
    expect(templateOf('Reminder-1d').email_html).toContain(
      '<a href="{{ unsubscribe_link }}">Unsubscribe</a>',
    );
  });
});

describe('withTypeSubject', () => {
  const stored = { subject: '', email_html: '<p>Ours</p>' };
  it("gives a stored template without a subject its type's default subject, keeping its body", () => {
    expect(withTypeSubject({ ...stored, subject: '  ' }, 'Registration')).toEqual({
      subject: 'You are registered for {{ event_title }}',
      email_html: '<p>Ours</p>',
    });
  });
  it('keeps a subject of its own, and an empty one where the type has no default', () => {
    expect(withTypeSubject({ ...stored, subject: 'Hi' }, 'Registration')).toEqual({
      ...stored,
      subject: 'Hi',
    });
    expect(withTypeSubject(stored, 'Custom')).toEqual(stored);
  });
});
