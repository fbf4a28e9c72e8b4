import type { Selectable } from 'kysely';
import type { FormioData } from '@studio/domain';
import type { Executor } from '../../../platform/db/executor.ts';
import { organizationRows } from '../../../platform/db/scoped-row.ts';
import type { PageRequest } from '../../../platform/http/pagination.ts';
import type { RegistrationFormTable } from '../registration.tables.ts';
import { pagedList } from '../../../platform/db/paged-list.ts';

export type RegistrationFormRecord = Selectable<RegistrationFormTable>;

export interface RegistrationFormFilter {
  isGlobal?: boolean;
  eventId?: string;
  search?: string;
  ordering?: 'name' | '-name' | 'created_at' | '-created_at' | 'updated_at' | '-updated_at';
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The only code that touches `registration_forms`. */
export function createRegistrationFormsRepository(db: Executor) {
  return {
    async list(organizationId: string, filter: RegistrationFormFilter, page: PageRequest) {
      let query = db.selectFrom('registration_forms').where('organization_id', '=', organizationId);
      if (filter.isGlobal !== undefined) query = query.where('is_global_form', '=', filter.isGlobal);
      if (filter.eventId !== undefined) query = query.where('event_id', '=', filter.eventId);
      if (filter.search) query = query.where('name', 'ilike', `%${escapeLike(filter.search)}%`);
      const ordering = filter.ordering ?? '-created_at';
      const column = ordering.replace(/^-/, '') as 'name' | 'created_at' | 'updated_at';
      const direction = ordering.startsWith('-') ? 'desc' : 'asc';
      return pagedList(query, query.selectAll().orderBy(column, direction).orderBy('id', direction), page);
    },

    find: (organizationId: string, id: string, tx: Executor = db) =>
      organizationRows.find(tx, 'registration_forms', organizationId, id),

    /** The event's own form (an event has at most one). */
    ownFormOf: (eventId: string, tx: Executor = db) =>
      tx
        .selectFrom('registration_forms')
        .selectAll()
        .where('event_id', '=', eventId)
        .orderBy('created_at')
        .executeTakeFirst(),

    insert: (
      row: {
        organization_id: string;
        event_id: string | null;
        name: string;
        is_global_form: boolean;
        formio_data: FormioData;
        created_by: string | null;
      },
      tx: Executor = db,
    ): Promise<RegistrationFormRecord> =>
      tx
        .insertInto('registration_forms')
        .values({ ...row, formio_data: JSON.stringify(row.formio_data) })
        .returningAll()
        .executeTakeFirstOrThrow(),

    update: (
      id: string,
      changes: { name?: string | undefined; formio_data?: FormioData },
      tx: Executor = db,
    ): Promise<RegistrationFormRecord | undefined> =>
      tx
        .updateTable('registration_forms')
        .set({
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.formio_data ? { formio_data: JSON.stringify(changes.formio_data) } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),

    /** Locks the form's row (a deletion checks its use while no event can choose it). */
    lock: (id: string, tx: Executor) =>
      tx.selectFrom('registration_forms').select('id').where('id', '=', id).forUpdate().executeTakeFirst(),

    delete: (id: string, tx: Executor = db) =>
      tx.deleteFrom('registration_forms').where('id', '=', id).executeTakeFirst(),
  };
}

export type RegistrationFormsRepository = ReturnType<typeof createRegistrationFormsRepository>;
