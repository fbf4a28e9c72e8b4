import {
  copyName,
  EVENT_ACTIONS,
  TEMPLATE_TITLE_MAX_LENGTH,
  templateSettingsSchema,
  type CreateEventFromTemplateRequest,
  type CreateEventRequest,
  type CreateTemplateRequest,
  type PageDocument,
  type StudioEvent,
  type StudioTemplate,
  type StudioTemplateDetail,
  type TemplateListQuery,
  type TemplateSettings,
  type UpdateTemplateRequest,
} from '@studio/domain';
import type { Executor } from '../../../platform/db/executor.ts';
import type { Caller } from '../../../platform/http/caller.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { sameFields, timestampsOf } from '../../../platform/http/answers.ts';
import type { Counted, PageRequest } from '../../../platform/http/pagination.ts';
import { checkOrganization, requirePatchPermissions, type Scope, type Scopes } from '../event-scope.ts';
import {
  boothsTabOffered,
  brandingColumns,
  type BrandingLink,
  type PageOwnerRef,
  type RegistrationPagesLink,
  type TemplateLink,
} from '../events/events.service.ts';
import type { EventCore, ProgrammeEvent } from '../events/event-core.service.ts';
import type { LibraryVideos } from '../stage-roll-videos.ts';
import { checkedStageMedia, type FillerSlideStates } from '../filler-slides.ts';
import type { TagsService } from '../tags/tags.service.ts';
import type { WorkflowsService } from '../workflows/workflows.service.ts';
import type { TemplateRecord, TemplatesRepository } from './templates.repository.ts';
import type { RegistrationSettingsPort, TemplateCopyLink } from '../event-copy.ts';
import { PLAN_FEATURE_OF } from '@studio/domain';
import { requirePlanFeature } from '../plan-gates.ts';
import { workspaceRefOf } from '../workspace-ref.ts';

/** The hidden event holding a template's programme, as the event app reads an event. */
type TemplateProgrammeHolder = Pick<
  ProgrammeEvent,
  'id' | 'title' | 'organizationId' | 'start_time' | 'end_time' | 'timezone' | 'event_type'
>;

/** Studio templates: an event's settings kept for making new events (spec 001 §7 "Templates"). */
export function createTemplatesService(deps: {
  db: Executor;
  templates: TemplatesRepository;
  scopes: Scopes;
  tags: TagsService;
  workflows: WorkflowsService;
  /** The event core: the source event, and the hidden events holding templates' programmes. */
  events: EventCore;
  /** The events' create use case (a link: events and templates know each other). */
  createEvent: (caller: Caller, request: CreateEventRequest) => Promise<StudioEvent>;
  videos: LibraryVideos;
  /** The filler-slides module (a link: it is built after the back office). */
  fillerSlides: () => FillerSlideStates;
  /** The pages area: a template's `builder_raw_json` is its registration page. */
  registrationPages: () => RegistrationPagesLink;
  /** Registration's settings of an event (a module link): a template made from it keeps them. */
  registrationSettings: () => RegistrationSettingsPort;
  /** The code areas (a module link): a template's own tracking pixels. */
  templateCopies: () => readonly TemplateCopyLink[];
  /** Branding's rules and brand kit (the branding module). */
  branding: BrandingLink;
}) {
  const { templates, scopes, tags } = deps;

  const { visible: visibleTemplate, ...guardLoad } = scopes.itemsOf(templates);

  async function checkedSettings(scope: Scope, settings: unknown): Promise<TemplateSettings> {
    const parsed = templateSettingsSchema.parse(settings);
    return { ...parsed, tags: await tags.checkTagIds(scope.organizationId, parsed.tags) };
  }

  const answer = async (scope: Scope, id: string) => toTemplate(await visibleTemplate(scope, id));
  /** One template as its GET and PATCH answer it: with its branding. */
  const detail = async (scope: Scope, id: string): Promise<StudioTemplateDetail> => {
    const template = await visibleTemplate(scope, id);
    return { ...toTemplate(template), ...deps.branding.answer(template) };
  };

  /** The registration page the settings give (undefined: left as it is), checked before the transaction. */
  const pageWriteOf = (scope: Scope, settings: { builder_raw_json?: PageDocument | null } | undefined) =>
    settings?.builder_raw_json === undefined
      ? undefined
      : deps.registrationPages().checked(scope.organizationId, 'template', settings.builder_raw_json);

  /** Every page, the tracking pixels and the integrations of one template or event onto a template (in the transaction that made it). */
  const copyPages = async (from: PageOwnerRef, templateId: string, tx: Executor) => {
    await deps.registrationPages().copy(from, { ownerType: 'template', ownerId: templateId }, tx);
    if (from.ownerType === 'event' || from.ownerType === 'template')
      for (const part of deps.templateCopies())
        await part.copy({ kind: from.ownerType, id: from.ownerId }, { kind: 'template', id: templateId }, tx);
  };

  const link: TemplateLink = {
    async templateFor(scope, id) {
      const template = await visibleTemplate(scope, id);
      return {
        id: template.id,
        settings: templateSettingsSchema.parse(template.settings),
        registration_form_data: template.registration_form_data,
        stage_roll_video_asset_id: template.stage_roll_video_asset_id,
        filler_slide_id: template.filler_slide_id,
        programme_event_id: template.programme_event_id,
        branding: template.branding,
        theme_obj: template.theme_obj,
      };
    },
  };

  return {
    link,

    /**
     * For the branding preview on the attendee origin (no caller: its token was minted for one who
     * may read the template): the template and the hidden event holding its programme, if any.
     */
    async previewTemplate(
      id: string,
    ): Promise<{ template: StudioTemplate; programmeEvent: TemplateProgrammeHolder | null } | undefined> {
      const template = await templates.findById(id);
      if (!template) return undefined;
      const holder =
        template.programme_event_id &&
        (await deps.events.templateProgrammeEvent(template.programme_event_id));
      const programmeEvent = holder
        ? {
            id: holder.id,
            title: holder.title,
            organizationId: holder.organization_id,
            start_time: holder.start_time,
            end_time: holder.end_time,
            timezone: holder.timezone,
            event_type: holder.event_type,
          }
        : null;
      return { template: toTemplate(template), programmeEvent };
    },

    async list(
      caller: Caller,
      query: TemplateListQuery,
      page: PageRequest,
    ): Promise<Counted<StudioTemplate>> {
      const scope = await scopes.scopeOf(caller, 'event:read', query.organization);
      const { count, rows } = await templates.list(
        scope,
        {
          search: query.search || undefined,
          workspace: query.workspace,
          workspace__isnull: query.workspace__isnull,
          ordering: query.ordering,
        },
        page,
      );
      return { count, results: rows.map(toTemplate) };
    },

    async get(caller: Caller, id: string): Promise<StudioTemplateDetail> {
      return detail(await scopes.scopeOf(caller, 'event:read'), id);
    },

    async create(caller: Caller, request: CreateTemplateRequest): Promise<StudioTemplate> {
      const scope = await scopes.scopeOf(caller, 'event:create');
      requirePlanFeature(scope, PLAN_FEATURE_OF.template);
      checkOrganization(scope, request.organization);
      const row = {
        organization_id: scope.organizationId,
        workspace_id: await scopes.workspaceFor(scope, request.workspace),
        title: request.title,
        registration_form_data: JSON.stringify(request.registration_form_data ?? null),
        settings: JSON.stringify(await checkedSettings(scope, request.settings ?? {})),
        source_event_id: null,
        // A new template starts from the organisation's brand kit.
        ...brandingColumns(await deps.branding.startingBranding(scope.organizationId)),
        created_by: scope.userId,
      };
      const pageWrite = await pageWriteOf(scope, request.settings);
      const id = await deps.db.transaction().execute(async (tx) => {
        const templateId = await templates.insert(row, tx);
        await pageWrite?.(templateId, scope.userId, tx);
        return templateId;
      });
      return answer(scope, id);
    },

    /** A template holding the event's settings (type, host type, texts, zone, length, integrations, tags). */
    async createFromEvent(
      caller: Caller,
      request: { event: string; title?: string | undefined; workspace?: string | null | undefined },
    ) {
      const scope = await scopes.scopeOf(caller, 'event:create');
      requirePlanFeature(scope, PLAN_FEATURE_OF.template);
      const event = await deps.events.visibleEvent(scope, request.event);
      await deps.workflows.assertReady(event.id, EVENT_ACTIONS.createTemplate);
      const settings: TemplateSettings = {
        event_type: event.event_type,
        host_type: event.host_type,
        description: event.description,
        location: event.location,
        timezone: event.timezone as TemplateSettings['timezone'],
        duration_minutes: Math.max(
          1,
          Math.round((event.end_time.getTime() - event.start_time.getTime()) / 60_000),
        ),
        is_blueprint: event.is_blueprint,
        registration_form: event.registration_form,
        marketo_campaign_id: event.marketo_campaign_id,
        salesforce_campaign_id: event.salesforce_campaign_id,
        wistia_project_id: event.wistia_project_id,
        pardot_list: event.pardot_list,
        tags: event.tags.map((tag) => tag.id),
        ...(await deps.registrationSettings().settingsOf(event.id)),
      };
      const workspaceId = await scopes.workspaceFor(scope, request.workspace, event.workspace_id);
      const checked = await checkedSettings(scope, settings);
      // The template, a copy of the event's programme (agenda, rooms, booths, surveys) and of its
      // pages, together.
      const id = await deps.db.transaction().execute(async (tx) => {
        const templateId = await templates.insert(
          {
            organization_id: scope.organizationId,
            workspace_id: workspaceId,
            title: (request.title ?? event.title).slice(0, TEMPLATE_TITLE_MAX_LENGTH),
            registration_form_data: JSON.stringify(event.registration_form_data),
            settings: JSON.stringify(checked),
            source_event_id: event.id,
            stage_roll_video_asset_id: event.stage_roll_video_asset_id,
            filler_slide_id: event.filler_slide_id,
            ...brandingColumns(event),
            programme_event_id: await deps.events.holdTemplateProgramme(event, workspaceId, tx),
            created_by: scope.userId,
          },
          tx,
        );
        await copyPages({ ownerType: 'event', ownerId: event.id }, templateId, tx);
        return templateId;
      });
      return answer(scope, id);
    },

    /** The route guard's scope and load of the template the path names. */
    ...guardLoad,

    /** PATCH of the template the guard loaded with its scope; branding fields need branding:update. */
    async update(
      { scope, object: template }: { scope: Scope; object: TemplateRecord },
      request: UpdateTemplateRequest,
    ): Promise<StudioTemplateDetail> {
      requirePatchPermissions(scope, request);
      // Templates are never locked (002 §5.4): no start.
      const brandingTarget = (settings: Record<string, unknown>) => ({
        eventType: request.settings?.event_type ?? templateSettingsSchema.parse(settings).event_type,
        boothsTab: boothsTabOffered(scope),
        startTime: null,
      });
      const brandingWrite = deps.branding.checked(template, request, brandingTarget(template.settings));
      const { stageRollVideoId, fillerSlideId } = await checkedStageMedia(
        deps,
        scope.organizationId,
        request,
      );
      const settings = request.settings
        ? await checkedSettings(scope, { ...template.settings, ...request.settings })
        : undefined;
      const changes = {
        title: request.title,
        workspace_id: await scopes.workspaceFor(scope, request.workspace, template.workspace_id),
        ...(request.registration_form_data !== undefined
          ? { registration_form_data: JSON.stringify(request.registration_form_data) }
          : {}),
        stage_roll_video_asset_id: stageRollVideoId,
        filler_slide_id: fillerSlideId,
      };
      const pageWrite = await pageWriteOf(scope, request.settings);
      await deps.db.transaction().execute(async (tx) => {
        // The fields sent are merged into the documents as stored under the row's lock, not as the
        // guard read them: concurrent saves of different fields all stay.
        const stored = (settings || brandingWrite) && (await templates.locked(template.id, tx));
        const merged = stored &&
          settings && {
            ...templateSettingsSchema.parse({ ...stored.settings, ...request.settings }),
            // Checked above when sent; as stored (checked when saved) otherwise.
            ...(request.settings?.tags !== undefined ? { tags: settings.tags } : {}),
          };
        const branding =
          stored && brandingWrite
            ? deps.branding.checked(stored, request, brandingTarget(stored.settings))
            : brandingWrite;
        await templates.update(
          scope.organizationId,
          template.id,
          {
            ...changes,
            ...((merged ?? settings) ? { settings: JSON.stringify(merged ?? settings) } : {}),
            ...brandingColumns(branding),
          },
          tx,
        );
        await pageWrite?.(template.id, scope.userId, tx);
      });
      return detail(scope, template.id);
    },

    async delete(caller: Caller, id: string): Promise<void> {
      const scope = await scopes.scopeOf(caller, 'event:delete');
      const template = await visibleTemplate(scope, id);
      await deps.db.transaction().execute(async (tx) => {
        if (!(await templates.delete(scope.organizationId, template.id, tx))) throw notFound();
        if (template.programme_event_id)
          await deps.events.deleteTemplateProgramme(template.programme_event_id, tx);
      });
    },

    /** Spec 001 §7: duplicate (title, workspace); default 'Copy of {title}' in the same workspace. */
    async duplicate(
      { scope, object: template }: { scope: Scope; object: TemplateRecord },
      request: { title?: string | undefined; workspace?: string | null | undefined },
    ) {
      requirePlanFeature(scope, PLAN_FEATURE_OF.template);
      const workspaceId = await scopes.workspaceFor(scope, request.workspace, template.workspace_id);
      const copyId = await deps.db.transaction().execute(async (tx) => {
        // Held while copied: deleted before, nothing is made (404); a delete arriving meanwhile
        // waits, so the copy is never made from a programme half deleted.
        if (!(await templates.holdIfExists(template.id, tx))) throw notFound();
        // The copy gets a programme of its own, copied from the template's.
        const programme =
          template.programme_event_id &&
          (await deps.events.templateProgrammeEvent(template.programme_event_id, tx));
        const templateId = await templates.insert(
          {
            organization_id: scope.organizationId,
            workspace_id: workspaceId,
            title: request.title ?? copyName(template.title, TEMPLATE_TITLE_MAX_LENGTH),
            registration_form_data: JSON.stringify(template.registration_form_data),
            settings: JSON.stringify(template.settings),
            source_event_id: template.source_event_id,
            stage_roll_video_asset_id: template.stage_roll_video_asset_id,
            filler_slide_id: template.filler_slide_id,
            ...brandingColumns(template),
            programme_event_id: programme
              ? await deps.events.holdTemplateProgramme(programme, workspaceId, tx)
              : null,
            created_by: scope.userId,
          },
          tx,
        );
        await copyPages({ ownerType: 'template', ownerId: template.id }, templateId, tx);
        return templateId;
      });
      return answer(scope, copyId);
    },

    /** An event with the template's settings copied; the end defaults to start + the template's length. */
    async createEvent(
      caller: Caller,
      id: string,
      request: CreateEventFromTemplateRequest,
    ): Promise<StudioEvent> {
      return deps.createEvent(caller, { ...request, template: id });
    },
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;

function toTemplate(record: TemplateRecord): StudioTemplate {
  return {
    ...sameFields(record, ['id', 'title', 'registration_form_data']),
    organization: record.organization_id,
    workspace: workspaceRefOf(record),
    settings: {
      ...templateSettingsSchema.parse(record.settings),
      builder_raw_json: record.builder_raw_json ?? null,
    },
    source_event: record.source_event_id,
    stage_roll_video_asset: record.stage_roll_video_asset_id,
    filler_slide: record.filler_slide_id,
    ...timestampsOf(record),
  };
}
