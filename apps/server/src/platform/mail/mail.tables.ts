import type { Generated } from 'kysely';

/** Every message sent (migration 0002); without SMTP_URL, where messages stay. */
export interface MailOutboxTable {
  id: Generated<string>;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  created_at: Generated<Date>;
  sent_at: Date | null;
  error: string | null;
}

export interface MailTables {
  mail_outbox: MailOutboxTable;
}
