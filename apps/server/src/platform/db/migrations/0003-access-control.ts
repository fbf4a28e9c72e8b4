import { sql, type Kysely } from 'kysely';

/**
 * The built-in roles as of this migration (ids are stable; the domain's ROLE_CATALOGUE names the
 * same rows and a test keeps the two equal). A later change to the built-in roles adds a migration.
 */
const builtInRoles = [
  ['7f0c1a52-3f4e-4d1a-9a51-000000000001', 'ORG_ADMIN', 'Organization Admin', 'studio_app'],
  ['7f0c1a52-3f4e-4d1a-9a51-000000000002', 'WORKSPACE_ADMIN', 'Team Admin', 'studio_app'],
  ['7f0c1a52-3f4e-4d1a-9a51-000000000003', 'EVENT_ADMIN', 'Event Admin', 'studio_app'],
  ['7f0c1a52-3f4e-4d1a-9a51-000000000004', 'EVENT_EDITOR', 'Event Editor', 'studio_app'],
  ['7f0c1a52-3f4e-4d1a-9a51-000000000005', 'BRAND_EDITOR', 'Brand Editor', 'studio_app'],
  ['7f0c1a52-3f4e-4d1a-9a51-000000000006', 'INTEGRATIONS_EDITOR', 'Integrations Editor', 'studio_app'],
  ['7f0c1a52-3f4e-4d1a-9a51-000000000007', 'CONTENT_LAB_EDITOR', 'Content Lab Editor', 'content_lab'],
  ['7f0c1a52-3f4e-4d1a-9a51-000000000008', 'PRODUCER', 'Producer', 'event_app'],
  ['7f0c1a52-3f4e-4d1a-9a51-000000000009', 'COORDINATOR', 'Coordinator', 'event_app'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Organisation flags and plan: per-organisation overrides of the domain's flag catalogue.
  await db.schema
    .alterTable('organizations')
    .addColumn('feature_flags', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('pricing_tier', 'text')
    .addColumn('pricing_config', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();

  // Flags read before sign-in (instance-wide).
  await db.schema
    .createTable('instance_feature_flags')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('workspaces')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Also serves every query by organisation (its leading column).
  await sql`create unique index workspaces_organization_name_key on workspaces (organization_id, lower(name))`.execute(
    db,
  );

  await db.schema
    .createTable('workspace_members')
    .addColumn('workspace_id', 'uuid', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('workspace_members_pkey', ['workspace_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('workspace_members_user_idx')
    .on('workspace_members')
    .column('user_id')
    .execute();

  // Built-in roles have no organisation; custom roles of an organisation would carry its id.
  await db.schema
    .createTable('roles')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('realm', 'text', (c) =>
      c.notNull().check(sql`realm in ('studio_app', 'event_app', 'content_lab')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index roles_built_in_name_key on roles (realm, name) where organization_id is null`.execute(
    db,
  );
  await db.schema
    .createIndex('roles_organization_idx')
    .on('roles')
    .columns(['organization_id', 'realm', 'name'])
    .execute();
  for (const [id, name, displayName, realm] of builtInRoles) {
    await sql`insert into roles (id, name, display_name, realm) values (${id}, ${name}, ${displayName}, ${realm})`.execute(
      db,
    );
  }

  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('created_by', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_digest', 'text', (c) => c.notNull().unique())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('api_tokens_organization_idx')
    .on('api_tokens')
    .columns(['organization_id', 'created_at'])
    .execute();
  await db.schema.createIndex('api_tokens_created_by_idx').on('api_tokens').column('created_by').execute();
}
