import type { RegistrationForm } from '@studio/domain';
import { DEMO_RECORDING_REGISTRANTS, DEMO_REGISTRATION } from './demo-content.ts';
import type { StudioClient } from './studio-client.ts';

/**
 * The demo conference's registration: its own form, its seats with a waitlist, registrants who
 * came through the public register call (each from their own address, as people do). It is weeks
 * away, so nobody is checked in yet (the live All-Hands has the demo's attendees).
 */
export async function addDemoRegistration(api: StudioClient, eventId: string): Promise<string> {
  const { form, capacity, registrants, firstNames, lastNames, companies, countries } = DEMO_REGISTRATION;
  const created = await api.post<RegistrationForm>('/api/event/forms/', {
    name: form.name,
    is_global_form: false,
    event: eventId,
    formio_data: form.formio_data,
  });
  await api.replace(`/api/event/forms/${created.id}/`, {
    formio_data: form.formio_data,
    form: { name: form.name },
    event: eventId,
  });
  await api.patch(`/api/event/${eventId}/registration_settings/`, {
    registration_capacity: capacity,
    waitlist_enabled: true,
  });

  for (let n = 0; n < registrants; n += 1) {
    const first = firstNames[n % firstNames.length]!;
    const last = lastNames[Math.floor(n / firstNames.length) % lastNames.length]!;
    await api.publicPost(
      `/api/event/${eventId}/register/`,
      {
        first_name: first,
        last_name: last,
        email: demoEmail(first, last, n),
        company: companies[n % companies.length]!,
        title: n % 3 === 0 ? 'Marketing lead' : 'Event manager',
        dietary_restrictions: n % 5 === 0 ? ['vegetarian'] : [],
        country: countries[n % countries.length]!,
        privacy_policy: true,
      },
      `198.51.${Math.floor(n / 250)}.${(n % 250) + 1}`,
    );
  }
  return `${registrants} registrants (${registrants - capacity} waitlisted)`;
}

/** A demo registrant's address: first.last.n@example.com without accents. */
const demoEmail = (first: string, last: string, n: number) =>
  `${first}.${last}.${n}@example.com`
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

/** The recording's registrants: people who signed up on its page to watch it (its default form). */
export async function addDemoRecordingRegistrants(api: StudioClient, eventId: string): Promise<string> {
  const { firstNames, lastNames } = DEMO_REGISTRATION;
  for (let n = 0; n < DEMO_RECORDING_REGISTRANTS; n += 1) {
    const first = firstNames[(n * 7) % firstNames.length]!;
    const last = lastNames[(n * 3) % lastNames.length]!;
    await api.publicPost(
      `/api/event/${eventId}/register/`,
      { first_name: first, last_name: last, email: demoEmail(first, last, n) },
      `203.0.113.${n + 1}`,
    );
  }
  return `${DEMO_RECORDING_REGISTRANTS} registrants who signed up to watch it`;
}
