import type { AuthTables } from '../../modules/auth/auth.tables.ts';
import type { OrganizationsTables } from '../../modules/organizations/organizations.tables.ts';
import type { UsersTables } from '../../modules/users/users.tables.ts';

/** The whole database as Kysely sees it: each module owns and declares its tables. */
export interface Database extends UsersTables, OrganizationsTables, AuthTables {}
