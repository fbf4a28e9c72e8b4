import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organizations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_workspace_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('enable_inhouse_simulive', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('content_lab_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('tray_id', 'text')
    .addColumn('eloqua_form_id', 'text')
    .addColumn('base_marketo_program_id', 'text')
    .addColumn('marketo_event_activity_id', 'text')
    .addColumn('marketo_user_profile_activity_id', 'text')
    .addColumn('marketo_user_engagement_activity_id', 'text')
    .addColumn('is_event_roles_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('hls_guard_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_free_trial', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('organization_vanity_domains')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('domain', 'text', (c) => c.notNull().unique())
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('company', 'text')
    .addColumn('organization_id', 'uuid', (c) => c.references('organizations.id').onDelete('set null'))
    .addColumn('role', 'text')
    .addColumn('email_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('CONFIRMED'))
    .addColumn('only_sso', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index users_email_key on users (lower(email))`.execute(db);
  await db.schema.createIndex('users_organization_idx').on('users').column('organization_id').execute();

  await db.schema
    .createTable('auth_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('auth_sessions_user_idx').on('auth_sessions').column('user_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('session_id', 'uuid', (c) => c.notNull().references('auth_sessions.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('refresh_tokens_session_idx')
    .on('refresh_tokens')
    .column('session_id')
    .execute();
}
