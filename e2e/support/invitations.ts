import { mailCount, waitForMail, type OutboxMail } from './outbox.ts';
import type { StudioProcess } from './studio-process.ts';

/** Everyone an admin invites gets this mail (a temporary password, a magic link or SSO). */
export const INVITATION_SUBJECT = 'You have been invited to Event Studio';

export interface Invitee {
  email: string;
  first_name: string;
  last_name: string;
  role?: string | null;
}

/** The temporary password of an invitation mail. */
export function temporaryPasswordIn(mail: OutboxMail): string {
  const password = /temporary password:\n\n(\S+)/.exec(mail.text)?.[1];
  if (!password) throw new Error(`no temporary password in: ${mail.text}`);
  return password;
}

/**
 * Creates members of an organisation with a temporary password the way an admin does: through
 * the API (`POST /api/core/user/`) as that admin. The studio must print its outbox
 * (`LOG_LEVEL=info`, no SMTP_URL). Answers each invitee's temporary password, read from the mail.
 */
export async function inviteWithTemporaryPassword(
  studio: StudioProcess,
  adminAccess: string,
  organizationId: string,
  invitees: Invitee[],
): Promise<Map<string, string>> {
  const passwords = new Map<string, string>();
  for (const invitee of invitees) {
    const since = mailCount(studio);
    const response = await fetch(`${studio.url}/api/core/user/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminAccess}` },
      body: JSON.stringify({ organization: organizationId, role: null, ...invitee }),
    });
    if (response.status !== 201)
      throw new Error(`invitation of ${invitee.email} failed: ${await response.text()}`);
    const mail = await waitForMail(studio, { to: invitee.email, subject: INVITATION_SUBJECT, since });
    passwords.set(invitee.email, temporaryPasswordIn(mail));
  }
  return passwords;
}
