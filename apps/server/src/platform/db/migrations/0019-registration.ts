import { sql, type Kysely } from 'kysely';

/**
 * Registration (issue 16): registration forms; an event's capacity, waitlist and approval mode;
 * registrations (beside the registrant's ATTENDEE event role); validated flat-file sheets waiting
 * for their submit; the registration emails already sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Forms: an organisation's global forms and events' own forms (formio_data, a Form.io subset).
  await db.schema
    .createTable('registration_forms')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'uuid', (c) => c.references('events.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_global_form', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('formio_data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{"components":[]}'::jsonb`))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index registration_forms_org_idx on registration_forms (organization_id, is_global_form, created_at)`.execute(
    db,
  );
  await sql`create index registration_forms_event_idx on registration_forms (event_id)`.execute(db);

  // Capacity (null: unlimited), waitlist and approval mode: checked where a registration is written.
  await db.schema
    .alterTable('events')
    .addColumn('registration_capacity', 'integer')
    .addColumn('waitlist_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('registration_approval_required', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  // A registration: the registrant's ATTENDEE event role, with status, answers and check-in.
  await db.schema
    .createTable('event_registrations')
    .addColumn('event_role_id', 'uuid', (c) =>
      c.primaryKey().references('event_roles.id').onDelete('cascade'),
    )
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('is_blocked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('form_id', 'uuid', (c) => c.references('registration_forms.id').onDelete('set null'))
    .addColumn('answers', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('timezone', 'text')
    /** How many times a Registered person registered again (MAX_RE_REGISTRATIONS). */
    .addColumn('re_registrations', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('registered_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    /** The waitlist's order: first waitlisted, first promoted. */
    .addColumn('waitlisted_at', 'timestamptz')
    .addColumn('status_changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('checked_in_at', 'timestamptz')
    .addColumn('checked_in_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addUniqueConstraint('event_registrations_person_key', ['event_id', 'user_id'])
    .execute();
  await sql`create index event_registrations_event_status_idx on event_registrations (event_id, status, waitlisted_at)`.execute(
    db,
  );
  await sql`create index event_registrations_event_registered_idx on event_registrations (event_id, registered_at, event_role_id)`.execute(
    db,
  );
  await sql`create index event_registrations_user_idx on event_registrations (user_id)`.execute(db);

  // A validated CSV waiting for its submit (`sheet_id`): its valid rows and the report.
  await db.schema
    .createTable('registration_sheets')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('rows', 'jsonb', (c) => c.notNull())
    .addColumn('errors', 'jsonb', (c) => c.notNull())
    .addColumn('total_rows', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('submitted_at', 'timestamptz')
    .execute();

  // Each registration email once per registration and occasion (a retried job sends nothing twice).
  await db.schema
    .createTable('registration_mail_log')
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email_type', 'text', (c) => c.notNull())
    .addColumn('occasion', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('registration_mail_log_pkey', ['event_id', 'user_id', 'email_type', 'occasion'])
    .execute();
}
