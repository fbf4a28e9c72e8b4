import { sql, type Kysely } from 'kysely';

/**
 * Email schedules, their sends, the delivery log and the suppression list (issue 33 §4, §5, §9).
 * The email module owns the four tables. A schedule belongs to one event, event template or series
 * (`owner_type`, `owner_id`); its `email_template_id` names one of the module's templates (no
 * foreign key here: the templates' table arrives in its own migration).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_schedules')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('owner_type', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'uuid', (c) => c.notNull())
    .addColumn('email_type', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull())
    .addColumn('relative_time', 'text', (c) => c.notNull())
    .addColumn('offset_minutes', 'integer', (c) => c.notNull())
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('email_template_id', 'uuid')
    // An event's scheduled types: when it sends (kept in step with the event's times), and since
    // when it is planned (a time that had passed when it was planned is never sent).
    .addColumn('send_at', 'timestamptz')
    .addColumn('planned_from', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('email_schedules_owner_type_key', ['owner_type', 'owner_id', 'email_type'])
    .execute();
  await sql`create index email_schedules_due_idx on email_schedules (send_at) where active and send_at is not null`.execute(
    db,
  );

  // One send of a schedule at one time: the scheduler's unit of work (a job each).
  await db.schema
    .createTable('email_schedule_sends')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('schedule_id', 'uuid', (c) => c.notNull().references('email_schedules.id').onDelete('cascade'))
    .addColumn('event_id', 'uuid', (c) => c.notNull())
    .addColumn('email_type', 'text', (c) => c.notNull())
    .addColumn('due_at', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addUniqueConstraint('email_schedule_sends_occasion_key', ['schedule_id', 'due_at'])
    .execute();

  // Every message the module sends; one row per (send, recipient), written before the message leaves.
  await db.schema
    .createTable('email_deliveries')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('send_id', 'uuid', (c) => c.references('email_schedule_sends.id').onDelete('cascade'))
    .addColumn('event_id', 'uuid')
    .addColumn('email_type', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addUniqueConstraint('email_deliveries_send_recipient_key', ['send_id', 'recipient'])
    .execute();
  await sql`create index email_deliveries_event_idx on email_deliveries (organization_id, event_id, created_at desc, id desc)`.execute(
    db,
  );

  await db.schema
    .createTable('email_suppressions')
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('email_suppressions_pkey', ['organization_id', 'email'])
    .execute();
}
