import {
  eventServerMessages,
  hostTypePlanFeature,
  type CreateEventRequest,
  type HostType,
  type StudioEvent,
  wistiaOffered,
} from '@studio/domain';
import type { Executor } from '../../../platform/db/executor.ts';
import type { Caller } from '../../../platform/http/caller.ts';
import { fieldError } from '../../../platform/http/errors.ts';
import {
  copyProgramme,
  type EventCopyStep,
  type RegistrationSettingsPort,
  type TemplateCopyLink,
} from '../event-copy.ts';
import type { Scopes } from '../event-scope.ts';
import { requirePlanFeature } from '../plan-gates.ts';
import type { TagsService } from '../tags/tags.service.ts';
import {
  brandingColumns,
  checkWistiaOffered,
  settingsColumns,
  type BrandingLink,
  type RegistrationPagesLink,
  type TemplateLink,
} from './event-links.ts';
import { toEvent } from './events.answers.ts';
import type { EventsRepository } from './events.repository.ts';
import type { StudioEventSupport } from './studio-event-support.ts';

/**
 * `POST /api/event/`: a new event, from the request, else its template (settings, branding,
 * registration page and programme), else the organisation's brand kit.
 */
export function createEventCreation(
  deps: {
    db: Executor;
    events: EventsRepository;
    scopes: Scopes;
    tags: TagsService;
    templates: TemplateLink;
    copySteps: () => readonly EventCopyStep[];
    /** Registration's settings (a module link): an event made from a template gets the template's. */
    registrationSettings: () => RegistrationSettingsPort;
    registrationPages: () => RegistrationPagesLink;
    templateCopies: () => readonly TemplateCopyLink[];
    branding: BrandingLink;
  },
  { answeredEvent, pageWriteOf, seriesIdFor }: StudioEventSupport,
) {
  const { db, events, scopes, tags } = deps;
  return async function create(caller: Caller, request: CreateEventRequest): Promise<StudioEvent> {
    const scope = await scopes.scopeOf(caller, 'event:create', request.organization);
    const template = request.template ? await deps.templates.templateFor(scope, request.template) : undefined;
    const settings = template?.settings;
    const workspaceId = await scopes.workspaceFor(scope, request.workspace);
    const seriesId = (await seriesIdFor(scope, request.series)) ?? null;
    const tagIds = await tags.checkTagIds(scope.organizationId, request.tags ?? settings?.tags ?? []);
    const now = new Date();
    const start = request.start_time ?? now;
    const end =
      request.end_time ?? new Date(start.getTime() + (settings ? settings.duration_minutes * 60_000 : 0));
    if (end < start) throw fieldError('end_time', eventServerMessages.endBeforeStart);
    requirePlanFeature(scope, hostTypePlanFeature(request.host_type ?? settings?.host_type));
    const fromTemplate = settings
      ? settingsColumns({ ...settings, registration_form_data: template?.registration_form_data })
      : {};
    const fromRequest = settingsColumns(request);
    const defined = Object.fromEntries(
      Object.entries(fromRequest).filter(([, value]) => value !== undefined),
    );
    const hostType = (defined.host_type as HostType | undefined) ?? settings?.host_type ?? 'Virtual';
    checkWistiaOffered({ host_type: hostType, wistia_project_id: request.wistia_project_id });
    const pageWrite = await pageWriteOf(scope, request.builder_raw_json);
    // The template's branding, else the organisation's brand kit.
    const branding = template ?? (await deps.branding.startingBranding(scope.organizationId));
    const id = await db.transaction().execute(async (tx) => {
      const eventId = await events.insert(
        {
          ...fromTemplate,
          ...defined,
          organization_id: scope.organizationId,
          workspace_id: workspaceId,
          series_id: seriesId,
          title: request.title,
          event_type: request.event_type ?? settings?.event_type ?? 'Conference',
          host_type: hostType,
          // A template's Wistia project is not copied onto an In_Person event.
          ...(wistiaOffered(hostType) ? {} : { wistia_project_id: null }),
          start_time: start,
          end_time: end,
          timezone: request.timezone ?? settings?.timezone ?? 'UTC',
          template_id: template?.id ?? null,
          stage_roll_video_asset_id: template?.stage_roll_video_asset_id ?? null,
          filler_slide_id: template?.filler_slide_id ?? null,
          ...brandingColumns(branding),
          created_by: scope.userId,
        },
        tx,
      );
      await events.setTags(eventId, tagIds, tx);
      if (settings) {
        const { registration_capacity, waitlist_enabled, registration_approval_required } = settings;
        await deps
          .registrationSettings()
          .write(
            scope.organizationId,
            eventId,
            { registration_capacity, waitlist_enabled, registration_approval_required },
            tx,
          );
      }
      const holder = template?.programme_event_id && (await events.findById(template.programme_event_id, tx));
      if (holder) await copyProgramme(deps.copySteps(), holder, { id: eventId, start_time: start }, tx);
      if (template)
        for (const part of deps.templateCopies())
          await part.copy({ kind: 'template', id: template.id }, { kind: 'event', id: eventId }, tx);
      // The template's pages, then the page the request gives (given fields win).
      if (template)
        await deps
          .registrationPages()
          .copy(
            { ownerType: 'template', ownerId: template.id },
            { ownerType: 'event', ownerId: eventId },
            tx,
          );
      await pageWrite?.(eventId, scope.userId, tx);
      return eventId;
    });
    return toEvent(await answeredEvent(scope, id));
  };
}
