import {
  EVENT_HAS_OWN_FORM,
  formioDataSchema,
  REGISTRATION_FORM_IN_USE,
  registrationFormMessages,
  type FormioData,
  type RegistrationForm,
  type UpdateRegistrationForm,
  type CreateRegistrationForm,
  type RegistrationFormListQuery,
} from '@studio/domain';
import type { Executor } from '../../../platform/db/executor.ts';
import type { Caller } from '../../../platform/http/caller.ts';
import type { OrganizationCaller } from '../../../platform/http/guard.ts';
import { fieldError, HttpError, notFound } from '../../../platform/http/errors.ts';
import { sameFields, timestampsOf } from '../../../platform/http/answers.ts';
import type { Counted, PageRequest } from '../../../platform/http/pagination.ts';
import { requirePermission } from '../../../platform/http/access-rules.ts';
import type { EventCopyStep } from '../../back-office/event-copy.ts';
import { isUuid } from '../../../platform/db/uuid.ts';
import type { EventCore, RegistrationFormLink } from '../../back-office/events/event-core.service.ts';
import type { RegistrationFormRecord, RegistrationFormsRepository } from './forms.repository.ts';

export interface RegistrationFormsDeps {
  db: Executor;
  forms: RegistrationFormsRepository;
  events: Pick<
    EventCore,
    'programmeEventOf' | 'registrationFormOf' | 'setRegistrationForm' | 'registrationFormUsage'
  >;
}

type Permission = 'event:read' | 'event:update';
const NO_FORM: FormioData = { components: [] };

/**
 * Registration forms (issue 16 §1): an organisation's global forms, which many events can choose,
 * and events' own forms. An event asks the form its `registration_form_data` points at.
 */
export function createRegistrationFormsService(deps: RegistrationFormsDeps) {
  const { db, forms, events } = deps;

  /** The form if the member may act on it (its event too, for an event's own form), or undefined. */
  async function findForm(member: OrganizationCaller, id: string, permission: Permission, tx?: Executor) {
    const form = await forms.find(member.organizationId, id, tx);
    if (form?.event_id) await events.programmeEventOf(member, form.event_id, permission);
    return form;
  }

  /** The form when the caller may act on it; 404 otherwise. */
  async function formOf(caller: Caller, id: string, permission: Permission, tx?: Executor) {
    const member = requirePermission(caller, permission);
    const form = await findForm(member, id, permission, tx);
    if (!form) throw notFound();
    return { member, form };
  }

  /** The form a link names, if it is the organisation's (none: the base fields only). */
  async function formOfLink(
    organizationId: string,
    link: RegistrationFormLink | null,
    tx?: Executor,
  ): Promise<{ formId: string | null; formio_data: FormioData }> {
    const form = link ? await forms.find(organizationId, link.id, tx) : undefined;
    if (!form) return { formId: null, formio_data: NO_FORM };
    const parsed = formioDataSchema.safeParse(form.formio_data);
    return { formId: form.id, formio_data: parsed.success ? parsed.data : NO_FORM };
  }

  /** The form an event asks (none: the base fields only). */
  async function formOfEvent(organizationId: string, eventId: string, tx?: Executor) {
    return formOfLink(organizationId, (await events.registrationFormOf(eventId, tx))?.form ?? null, tx);
  }

  async function toForms(records: RegistrationFormRecord[], tx?: Executor): Promise<RegistrationForm[]> {
    const [first] = records;
    if (!first) return [];
    const usage = await events.registrationFormUsage(
      first.organization_id,
      records.map((record) => record.id),
      tx,
    );
    return records.map((record) => toForm(record, usage.get(record.id) ?? 0));
  }
  const answer = async (record: RegistrationFormRecord, tx?: Executor) =>
    (await toForms([record], tx))[0] as RegistrationForm;

  return {
    async list(
      caller: Caller,
      query: RegistrationFormListQuery,
      page: PageRequest,
    ): Promise<Counted<RegistrationForm>> {
      const member = requirePermission(caller, 'event:read');
      if (query.organization && query.organization !== member.organizationId) throw notFound();
      if (query.event) await events.programmeEventOf(caller, query.event, 'event:read');
      const { count, rows } = await forms.list(
        member.organizationId,
        {
          ...(query.is_global_form !== undefined ? { isGlobal: query.is_global_form } : {}),
          ...(query.event ? { eventId: query.event } : {}),
          ...(query.search ? { search: query.search } : {}),
          ...(query.ordering ? { ordering: query.ordering } : {}),
        },
        page,
      );
      return { count, results: await toForms(rows) };
    },

    get: async (caller: Caller, id: string): Promise<RegistrationForm> =>
      answer((await formOf(caller, id, 'event:read')).form),

    /** A global form, or (with `event`) the event's own form, which becomes its registration form. */
    async create(caller: Caller, request: CreateRegistrationForm): Promise<RegistrationForm> {
      const member = requirePermission(caller, 'event:update');
      const eventId = request.event ?? null;
      if (eventId) await events.programmeEventOf(caller, eventId, 'event:update');
      const created = await db.transaction().execute(async (tx) => {
        if (eventId && (await forms.ownFormOf(eventId, tx)))
          throw new HttpError(409, EVENT_HAS_OWN_FORM, registrationFormMessages.eventHasOwnForm);
        const form = await forms.insert(
          {
            organization_id: member.organizationId,
            event_id: eventId,
            name: request.name,
            is_global_form: eventId ? false : request.is_global_form,
            formio_data: request.formio_data,
            created_by: member.userId,
          },
          tx,
        );
        if (eventId)
          await events.setRegistrationForm(
            member.organizationId,
            eventId,
            { id: form.id, is_global_form: false },
            tx,
          );
        return form;
      });
      return answer(created);
    },

    /** The form a change names, if the member may change it (the route guard's load). */
    findEditable: (member: OrganizationCaller, id: string) => findForm(member, id, 'event:update'),

    /**
     * PUT `{formio_data, form, event}` of the form the guard loaded: with `event`, the form becomes
     * that event's registration form.
     */
    async update(
      { caller: member, object: form }: { caller: OrganizationCaller; object: RegistrationFormRecord },
      request: UpdateRegistrationForm,
    ): Promise<RegistrationForm> {
      const eventId = request.event ?? null;
      if (eventId) {
        await events.programmeEventOf(member, eventId, 'event:update');
        if (form.event_id && form.event_id !== eventId)
          throw fieldError('event', registrationFormMessages.formOfAnotherEvent);
      }
      const updated = await db.transaction().execute(async (tx) => {
        await forms.lock(form.id, tx);
        const saved = await forms.update(
          form.id,
          { name: request.form?.name, formio_data: request.formio_data },
          tx,
        );
        if (!saved) throw notFound();
        if (eventId)
          await events.setRegistrationForm(
            member.organizationId,
            eventId,
            { id: saved.id, is_global_form: saved.is_global_form },
            tx,
          );
        return saved;
      });
      return answer(updated);
    },

    /**
     * Deletes a form. A global form still chosen by events is refused (409: the organiser picks
     * another form for them first); an event's own form is detached from its event.
     */
    async delete(caller: Caller, id: string): Promise<void> {
      const { member, form } = await formOf(caller, id, 'event:update');
      await db.transaction().execute(async (tx) => {
        await forms.lock(form.id, tx);
        const used = (await events.registrationFormUsage(member.organizationId, [form.id], tx)).get(form.id);
        if (form.event_id) {
          const event = await events.registrationFormOf(form.event_id, tx);
          if (event?.form?.id === form.id)
            await events.setRegistrationForm(member.organizationId, form.event_id, null, tx);
        } else if (used)
          throw new HttpError(409, REGISTRATION_FORM_IN_USE, registrationFormMessages.formInUse(used));
        await forms.delete(form.id, tx);
      });
    },

    /** For the register helper: the form an event asks (none: the base fields only). */
    formOfEvent,

    /**
     * The form an organiser's registration by hand answers: the form named (`form_id`, one of the
     * organisation's: 404 otherwise), else the event's.
     */
    async formForRegistration(
      organizationId: string,
      eventId: string,
      formId: string | null | undefined,
      tx?: Executor,
    ): Promise<{ formId: string | null; formio_data: FormioData }> {
      if (!formId) return formOfEvent(organizationId, eventId, tx);
      const named = await formOfLink(organizationId, { id: formId, is_global_form: true }, tx);
      if (named.formId === null) throw notFound();
      return named;
    },

    /** For a caller that already read the event (the public registration page): the form it links. */
    formOfLink,

    /**
     * Event duplication, templates and repeating events' occurrences: the copy asks what the
     * source asks — a global form is referenced, the source's own form is copied (once: a later
     * copy onto the same event updates its own form). Registrations are never copied.
     */
    copyStep: {
      async copy({ sourceEventId, targetEventId, tx }) {
        const link = (await events.registrationFormOf(sourceEventId, tx))?.form;
        const target = await events.registrationFormOf(targetEventId, tx);
        if (!link || !isUuid(link.id) || !target) return;
        const { organizationId } = target;
        const source = await forms.ownFormOf(sourceEventId, tx);
        if (link.is_global_form || !source || source.id !== link.id) {
          if (link.is_global_form) await events.setRegistrationForm(organizationId, targetEventId, link, tx);
          return;
        }
        const existing = await forms.ownFormOf(targetEventId, tx);
        const copy = existing
          ? await forms.update(existing.id, { name: source.name, formio_data: source.formio_data }, tx)
          : await forms.insert(
              {
                organization_id: source.organization_id,
                event_id: targetEventId,
                name: source.name,
                is_global_form: false,
                formio_data: source.formio_data,
                created_by: source.created_by,
              },
              tx,
            );
        if (copy)
          await events.setRegistrationForm(
            organizationId,
            targetEventId,
            { id: copy.id, is_global_form: false },
            tx,
          );
      },
      // An occurrence keeps its own form (its registrations refer to it); `copy` updates it.
      clear: async () => {},
    } satisfies EventCopyStep,
  };
}

export type RegistrationFormsService = ReturnType<typeof createRegistrationFormsService>;

function toForm(record: RegistrationFormRecord, eventCount: number): RegistrationForm {
  return {
    ...sameFields(record, ['id', 'name', 'is_global_form', 'formio_data']),
    organization: record.organization_id,
    event: record.event_id,
    event_count: eventCount,
    ...timestampsOf(record),
  };
}
