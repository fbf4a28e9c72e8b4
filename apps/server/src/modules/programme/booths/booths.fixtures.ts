import { expect } from 'vitest';
import type { Booth, LoginResponse, SponsorUser } from '@studio/domain';
import type { MailCatcher } from '../../../../test/mail-catcher.ts';
import type { TestStudio } from '../../../../test/harness.ts';
import { magicLinkIn } from '../../auth/sign-in.fixtures.ts';
import { caller, type Api } from '../../back-office/back-office.fixtures.ts';

/** Invites a sponsor for the booth (as the organiser `api`) and signs them in from the emailed link. */
export async function signedInSponsor(
  world: { studio: TestStudio; api: Api; catcher: MailCatcher; publicUrl: string },
  booth: Booth,
  email: string,
) {
  const { studio, api, catcher, publicUrl } = world;
  const since = catcher.messages.length;
  const created = await api.post<SponsorUser>('/api/core/user/sponsor/', {
    event: booth.event,
    booth: booth.id,
    user: { email, first_name: 'Sam', last_name: 'Sponsor', company: 'Acme Widgets' },
  });
  expect(created.status).toBe(201);
  const mail = await catcher.nextTo(email, since);
  const link = magicLinkIn(mail, publicUrl);
  expect(new URL(link.url).searchParams.get('redirect')).toBe(`/sponsor/${booth.event}/booth/${booth.id}/`);
  const verified = await studio.app.inject({
    method: 'POST',
    url: '/api/auth/magic_link/verify/',
    payload: { email: link.email, secret_code: link.secret_code },
  });
  expect(verified.statusCode).toBe(200);
  const login = verified.json<LoginResponse>();
  return { sponsor: created.body, as: caller(studio, login.access), login };
}
