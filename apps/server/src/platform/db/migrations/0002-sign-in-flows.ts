import { sql, type Kysely } from 'kysely';

/** Mail outbox, one-time codes and links, shared rate-limit counters, per-organisation SSO. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Every message sent. Without SMTP_URL this is where messages stay; with it, the body is
  // cleared once delivered so codes and temporary passwords do not linger.
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('to', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('mail_outbox_created_idx').on('mail_outbox').column('created_at').execute();

  // Sign-up confirmation codes, password-reset codes and magic links: only an HMAC is stored.
  await db.schema
    .createTable('one_time_codes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('one_time_codes_user_purpose_idx')
    .on('one_time_codes')
    .columns(['user_id', 'purpose'])
    .execute();

  // Fixed-window counters shared by every API node; one row per (hashed) key.
  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sso_settings')
    .addColumn('organization_id', 'uuid', (c) =>
      c.primaryKey().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('client_secret_encrypted', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('sso_email_domains')
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('sso_settings.organization_id').onDelete('cascade'),
    )
    .addColumn('domain', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sso_email_domains_pkey', ['organization_id', 'domain'])
    .execute();
  await db.schema
    .createIndex('sso_email_domains_domain_idx')
    .on('sso_email_domains')
    .column('domain')
    .execute();

  // An authorization request in flight: state (hashed), nonce and PKCE verifier, short-lived.
  await db.schema
    .createTable('sso_login_attempts')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}
