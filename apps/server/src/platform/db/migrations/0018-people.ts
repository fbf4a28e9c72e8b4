import { sql, type Kysely } from 'kysely';

/**
 * People of an event (issue 15): event roles gain an id, a rank, `hidden`, a user type (staff)
 * and the role they hold where no session names one; roles per session; the organisation's own
 * profile of each person; the event's default speaker role; the speaker roles of the catalogue
 * and role groups; magic links; the people emails already sent; bulk invitation progress.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Roles: the event_app groups (002 §6), the organisation's custom roles' permissions.
  await db.schema
    .alterTable('roles')
    .addColumn('role_group', 'text')
    .addColumn('permission_list', 'jsonb')
    .execute();
  await sql`update roles set role_group = 'Staff Roles' where organization_id is null and name in ('PRODUCER', 'COORDINATOR')`.execute(
    db,
  );
  const speakerRoles = [
    ['7f0c1a52-3f4e-4d1a-9a51-000000000010', 'FullAccess', 'Full Access'],
    ['7f0c1a52-3f4e-4d1a-9a51-000000000011', 'ShareAccess', 'Share Access'],
    ['7f0c1a52-3f4e-4d1a-9a51-000000000012', 'StageAccess', 'Stage Access'],
  ] as const;
  for (const [id, name, displayName] of speakerRoles) {
    await sql`insert into roles (id, name, display_name, realm, role_group) values (${id}, ${name}, ${displayName}, 'event_app', 'Speaker Roles')`.execute(
      db,
    );
  }

  await db.schema
    .alterTable('event_roles')
    .addColumn('id', 'uuid', (c) => c.notNull().defaultTo(sql`gen_random_uuid()`))
    .addColumn('rank', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('user_type', 'text')
    .addColumn('event_app_role_id', 'uuid', (c) => c.references('roles.id').onDelete('set null'))
    .addColumn('invited_at', 'timestamptz')
    .execute();
  await sql`create unique index event_roles_id_key on event_roles (id)`.execute(db);
  await sql`create index event_roles_event_role_idx on event_roles (event_id, role, rank, created_at)`.execute(
    db,
  );

  // The role a person holds in each session they are in (002 §4.7).
  await db.schema
    .createTable('event_role_sessions')
    .addColumn('event_role_id', 'uuid', (c) => c.notNull().references('event_roles.id').onDelete('cascade'))
    .addColumn('broadcast_id', 'uuid', (c) => c.notNull().references('broadcasts.id').onDelete('cascade'))
    .addColumn('role_id', 'uuid', (c) => c.references('roles.id').onDelete('set null'))
    .addPrimaryKeyConstraint('event_role_sessions_pkey', ['event_role_id', 'broadcast_id'])
    .execute();
  await sql`create index event_role_sessions_broadcast_idx on event_role_sessions (broadcast_id)`.execute(db);

  // The organisation's profile of a person of its events ("org_user_data"): a speaker who is not a
  // member is shown as the organisation describes them, without touching their account.
  await db.schema
    .createTable('organization_people')
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('company', 'text')
    .addColumn('profile_picture_url', 'text')
    .addColumn('linkedin_url', 'text')
    .addColumn('twitter_url', 'text')
    .addColumn('bio', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('organization_people_pkey', ['organization_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('event_people_settings')
    .addColumn('event_id', 'uuid', (c) => c.primaryKey().references('events.id').onDelete('cascade'))
    .addColumn('default_speaker_role_id', 'uuid', (c) => c.references('roles.id').onDelete('set null'))
    .execute();

  // A person's magic link into one event: the URL carries an HMAC over (id, generation, email);
  // re-issuing raises the generation, so every earlier link (and session) stops working.
  await db.schema
    .createTable('event_magic_links')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('reissued_at', 'timestamptz')
    .addColumn('last_used_at', 'timestamptz')
    .addUniqueConstraint('event_magic_links_person_key', ['event_id', 'user_id'])
    .execute();

  // Each people email once per person and occasion (`occasion`: the event start a reminder is for,
  // an invitation's id), so a retried job or a second sweep sends nothing twice.
  await db.schema
    .createTable('people_mail_log')
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email_type', 'text', (c) => c.notNull())
    .addColumn('occasion', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('people_mail_log_pkey', ['event_id', 'user_id', 'email_type', 'occasion'])
    .execute();

  await db.schema
    .createTable('people_jobs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'people_jobs',
    'people_mail_log',
    'event_magic_links',
    'event_people_settings',
    'organization_people',
    'event_role_sessions',
  ])
    await db.schema.dropTable(table).execute();
  await sql`delete from roles where role_group = 'Speaker Roles' and organization_id is null`.execute(db);
  await db.schema.alterTable('roles').dropColumn('role_group').dropColumn('permission_list').execute();
  await sql`drop index event_roles_event_role_idx`.execute(db);
  await sql`drop index event_roles_id_key`.execute(db);
  for (const column of ['id', 'rank', 'hidden', 'user_type', 'event_app_role_id', 'invited_at'])
    await db.schema.alterTable('event_roles').dropColumn(column).execute();
}
