import { sql } from 'kysely';
import { organizationsReadModel } from '../organizations/organizations.read-model.ts';
import { usersReadModel } from '../users/users.read-model.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { PageRequest } from '../../platform/http/pagination.ts';
import { pagedList } from '../../platform/db/paged-list.ts';

export interface ApiTokenRecord {
  id: string;
  name: string;
  prefix: string;
  created_at: Date;
  last_used_at: Date | null;
}

export interface NewApiToken {
  organizationId: string;
  createdBy: string;
  name: string;
  digest: string;
  prefix: string;
}

/** Who a live token acts for: its creator, while they still belong to the token's organisation. */
export interface ApiTokenHolder {
  tokenId: string;
  userId: string;
  organizationId: string;
  role: string | null;
  /** The organisation's stored feature flags: the automation API is one of them. */
  featureFlags: Record<string, unknown>;
}

/** last_used_at is written at most once a minute per token, not on every request. */
const LAST_USED_RESOLUTION = sql`interval '1 minute'`;

export function createApiTokensRepository(db: Executor) {
  return {
    async insert(token: NewApiToken, tx: Executor = db): Promise<ApiTokenRecord> {
      return tx
        .insertInto('api_tokens')
        .values({
          organization_id: token.organizationId,
          created_by: token.createdBy,
          name: token.name,
          token_digest: token.digest,
          prefix: token.prefix,
        })
        .returning(['id', 'name', 'prefix', 'created_at', 'last_used_at'])
        .executeTakeFirstOrThrow();
    },

    /** The organisation's live tokens, newest first. */
    async list(
      organizationId: string,
      page: PageRequest,
      tx: Executor = db,
    ): Promise<{ count: number; rows: ApiTokenRecord[] }> {
      const live = tx
        .selectFrom('api_tokens')
        .where('organization_id', '=', organizationId)
        .where('revoked_at', 'is', null);
      return pagedList(
        live,
        live
          .select(['id', 'name', 'prefix', 'created_at', 'last_used_at'])
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc'),
        page,
      );
    },

    async revoke(organizationId: string, id: string, tx: Executor = db): Promise<boolean> {
      const result = await tx
        .updateTable('api_tokens')
        .set({ revoked_at: new Date() })
        .where('organization_id', '=', organizationId)
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    // The token acts as its creator with their current role, while they are still a member.
    async findHolder(digest: string, tx: Executor = db): Promise<ApiTokenHolder | undefined> {
      return usersReadModel
        .joinMembers(
          tx.selectFrom('api_tokens'),
          sql.ref('api_tokens.created_by'),
          sql.ref('api_tokens.organization_id'),
        )
        .select([
          'api_tokens.id as tokenId',
          'users.id as userId',
          'api_tokens.organization_id as organizationId',
          'users.role as role',
          organizationsReadModel.featureFlagsOf(sql.ref('api_tokens.organization_id')).as('featureFlags'),
        ])
        .where('api_tokens.token_digest', '=', digest)
        .where('api_tokens.revoked_at', 'is', null)
        .executeTakeFirst();
    },

    async touch(id: string, tx: Executor = db): Promise<void> {
      await tx
        .updateTable('api_tokens')
        .set({ last_used_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb('last_used_at', 'is', null),
            eb('last_used_at', '<', sql<Date>`now() - ${LAST_USED_RESOLUTION}`),
          ]),
        )
        .execute();
    },
  };
}

export type ApiTokensRepository = ReturnType<typeof createApiTokensRepository>;
