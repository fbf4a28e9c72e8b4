import {
  marketingMessages,
  pardotSyncDirection,
  wistiaNotOffered,
  wistiaOffered,
  type ConnectionsQuery,
  type EventMarketingSettings,
  type MarketoProgramAnswer,
  type PardotActivityType,
} from '@studio/domain';
import type { Caller } from '../../platform/http/caller.ts';
import { HttpError, notFound } from '../../platform/http/errors.ts';
import type { EventCore } from '../back-office/events/event-core.service.ts';
import type { CrmConnectors } from './crm-connectors.ts';
import type { IntegrationsService, ManagedEvent } from './integrations.service.ts';
import type { MarketoClient, MarketoProgram } from './vendors/marketo.ts';
import type { PardotImports } from './pardot-import.ts';
import type { WistiaPushes } from './wistia-pushes.ts';

export interface MarketingServiceDeps {
  connectors: CrmConnectors;
  integrations: Pick<
    IntegrationsService,
    | 'eventManagedBy'
    | 'usingEvent'
    | 'connectedCredentials'
    | 'answerOf'
    | 'usingConnection'
    | 'setMarketingIds'
  >;
  /** Each found id is stored by its owner: the event's by the events area, the organisation's by its own. */
  events: Pick<EventCore, 'marketingIdsOf' | 'setMarketingIds'>;
  wistiaPushes: Pick<WistiaPushes, 'pushAgain' | 'recordingsOf'>;
  pardotImports: Pick<PardotImports, 'start' | 'stop' | 'statusOf'>;
  /** Queues the event's registrants so far to a connector that got its program or list. */
  backfill: (organizationId: string, eventId: string, type: 'marketo' | 'pardot') => Promise<unknown>;
}

const notFoundAs = (code: string, message: string, field: string) =>
  new HttpError(400, code, message, { [field]: [message] });

const programAnswer = (program: MarketoProgram): MarketoProgramAnswer => ({
  id: program.id,
  name: program.name,
  type: program.type ?? null,
  channel: program.channel ?? null,
});

/**
 * The calls of the marketing automation and video hosting connectors (spec 001 §7, 002 §7.12):
 * Marketo programs, folders, clone and custom activity types, an event's Pardot list, Eloqua's form
 * and Wistia's projects, each through the organisation's sealed connection. A vendor's refusal of
 * the credentials answers 'Authentication Failed! Please try again', any other failure 'Something
 * has gone wrong. Please Try Again!!'.
 */
export function createMarketingService({
  connectors,
  integrations,
  events,
  wistiaPushes,
  pardotImports,
  backfill,
}: MarketingServiceDeps) {
  const { answerOf } = integrations;

  /**
   * The event's Marketo program, set; the registrants already there go to a program that is new to
   * the event (set for the first time or changed).
   */
  async function setMarketoProgram(event: ManagedEvent['event'], programId: number) {
    const before = (await events.marketingIdsOf(event.id)).marketoProgramId;
    await events.setMarketingIds(event, { marketo_campaign_id: String(programId) });
    if (before !== String(programId)) await backfill(event.organizationId, event.id, 'marketo');
  }

  /**
   * The credentials of the Marketo or Eloqua connection a call names (an event's, template's or
   * series' team's, a team's with `workspace=`, else the organisation's), with whose connection it
   * is; 404 when the path names another organisation than the caller's.
   */
  async function connectionOf<T extends 'marketo' | 'eloqua'>(
    caller: Caller,
    type: T,
    query: ConnectionsQuery,
    organizationId?: string,
  ) {
    const used = await integrations.usingConnection(caller, type, query);
    if (organizationId !== undefined && used.organizationId !== organizationId) throw notFound();
    return {
      used,
      credentials: await integrations.connectedCredentials(used.organizationId, type, used.user),
    };
  }
  const marketoOf = async (caller: Caller, query: ConnectionsQuery, organizationId?: string) => {
    const { used, credentials } = await connectionOf(caller, 'marketo', query, organizationId);
    return { used, client: connectors.marketo(credentials) };
  };
  const eloquaOf = async (caller: Caller, query: ConnectionsQuery) => {
    const { used, credentials } = await connectionOf(caller, 'eloqua', query);
    return { used, client: connectors.eloqua(credentials) };
  };
  async function eventClient<T extends 'marketo' | 'pardot'>(managed: ManagedEvent, type: T) {
    const event = integrations.usingEvent(managed, type);
    return {
      event,
      credentials: await integrations.connectedCredentials(event.organizationId, type, { eventId: event.id }),
    };
  }

  /**
   * The event's Wistia connection and project; 400 `WISTIA_NOT_OFFERED` for an In_Person event
   * (spec 002 §7.12), before its connection is read.
   */
  async function wistiaOf(managed: ManagedEvent) {
    const event = integrations.usingEvent(managed, 'wistia');
    const { wistiaProjectId, hostType } = await events.marketingIdsOf(event.id);
    if (!wistiaOffered(hostType)) throw new HttpError(400, wistiaNotOffered.code, wistiaNotOffered.message);
    const credentials = await integrations.connectedCredentials(event.organizationId, 'wistia', {
      eventId: event.id,
    });
    return { event, credentials, projectId: wistiaProjectId };
  }

  /** The Marketo program with that id, or 400 'This Marketo program was not found.' */
  async function foundProgram(marketo: MarketoClient, programId: number) {
    const program = await marketo.program(programId).catch(answerOf);
    if (!program)
      throw notFoundAs('PROGRAM_NOT_FOUND', marketingMessages.marketoProgramNotFound, 'program_id');
    return program;
  }

  return {
    /** The event a caller manages the integrations of (404 otherwise), as the routes' guard loads it. */
    eventManagedBy: integrations.eventManagedBy,

    /** The event's connected Marketo program, Pardot list and Wistia project, as stored on the event. */
    async eventSettings({ event }: ManagedEvent): Promise<EventMarketingSettings[]> {
      const ids = await events.marketingIdsOf(event.id);
      return [
        { integration_type: 'marketo', external_id: ids.marketoProgramId, activity_type: null },
        {
          integration_type: 'pardot',
          external_id: ids.pardotList ? String(ids.pardotList.list_id) : null,
          activity_type: ids.pardotList?.activity_type ?? null,
        },
        { integration_type: 'wistia', external_id: ids.wistiaProjectId, activity_type: null },
      ].map((row) => ({ ...row, external_name: null }) as EventMarketingSettings);
    },

    async connectMarketoProgram(managed: ManagedEvent, programId: number) {
      const { event, credentials } = await eventClient(managed, 'marketo');
      const program = await foundProgram(connectors.marketo(credentials), programId);
      await setMarketoProgram(event, program.id);
      return { is_valid: true, program: programAnswer(program) };
    },

    /** The base program events' programs are cloned from: the organisation's, or a team connection's. */
    async setMarketoBaseProgram(caller: Caller, programId: number, query: ConnectionsQuery) {
      const { used, client } = await marketoOf(caller, query);
      const program = await foundProgram(client, programId);
      await integrations.setMarketingIds(used.organizationId, 'marketo', used.user, {
        base_marketo_program_id: String(program.id),
      });
      return { is_valid: true, program: programAnswer(program) };
    },

    async connectWistiaProject(managed: ManagedEvent, projectId: string) {
      const { event, credentials } = await wistiaOf(managed);
      const projects = await connectors.wistia(credentials).projects().catch(answerOf);
      const project = projects.find((one) => one.hashedId === projectId);
      if (!project) throw notFound();
      await events.setMarketingIds(event, { wistia_project_id: project.hashedId });
      return {
        id: project.id,
        hashed_id: project.hashedId,
        name: project.name,
        media_count: project.mediaCount ?? 0,
      };
    },

    /** Queues the upload of one of the event's recordings into the event's Wistia project (again after a push ended). */
    async pushWistiaRecording(managed: ManagedEvent, videoId: string) {
      const { event, projectId } = await wistiaOf(managed);
      if (!projectId)
        throw new HttpError(409, 'WISTIA_PROJECT_MISSING', marketingMessages.wistiaProjectMissing);
      await wistiaPushes.pushAgain(event, videoId, projectId);
      const recordings = await wistiaPushes.recordingsOf(event.organizationId, event.id);
      return recordings.find((recording) => recording.video_id === videoId)!;
    },

    /** The event's recordings and where each push to Wistia stands. */
    async wistiaRecordings(managed: ManagedEvent) {
      const event = integrations.usingEvent(managed, 'wistia');
      return { recordings: await wistiaPushes.recordingsOf(event.organizationId, event.id) };
    },

    async validateMarketoProgram(managed: ManagedEvent, programId: number) {
      const { credentials } = await eventClient(managed, 'marketo');
      const program = await connectors.marketo(credentials).program(programId).catch(answerOf);
      return { is_valid: program !== null, program: program && programAnswer(program) };
    },

    /** Spec 001: the folder search runs only for a non-blank search text. */
    async marketoFolders(caller: Caller, searchName: string, query: ConnectionsQuery) {
      const { client } = await marketoOf(caller, query);
      const folders = await client.searchFolders(searchName).catch(answerOf);
      return {
        folders: folders.map((folder) => ({ id: folder.id, name: folder.name, type: folder.folderId.type })),
      };
    },

    async cloneMarketoProgram(
      managed: ManagedEvent,
      input: { base_program_id: number; program_name: string; campaign_folder_id: number },
    ) {
      const { event, credentials } = await eventClient(managed, 'marketo');
      const marketo = connectors.marketo(credentials);
      const program = await marketo
        .cloneProgram({
          baseProgramId: input.base_program_id,
          programName: input.program_name,
          folderId: input.campaign_folder_id,
        })
        .catch(answerOf);
      await setMarketoProgram(event, program.id);
      return { message: marketingMessages.marketoProgramCloned, program: programAnswer(program) };
    },

    /** The progression statuses of the program's channel (Marketo program member status). */
    async marketoMemberStatuses(managed: ManagedEvent, programId: number) {
      const { credentials } = await eventClient(managed, 'marketo');
      const marketo = connectors.marketo(credentials);
      const program = await marketo.program(programId).catch(answerOf);
      if (!program?.channel) throw notFound();
      const statuses = await marketo.memberStatuses(program.channel).catch(answerOf);
      return {
        statuses: statuses
          .filter((status) => !status.hidden)
          .map((status) => ({ name: status.name, step: status.step, success: status.success ?? false })),
      };
    },

    /**
     * create_marketo_custom_activity_types: each type on its own, each created one kept on the
     * connection used (a failed one keeps the id it had); the spec's sentence names those that failed.
     */
    async createMarketoActivityTypes(caller: Caller, organizationId: string, query: ConnectionsQuery) {
      const { used, client } = await marketoOf(caller, query, organizationId);
      const created = await client.createStudioActivityTypes().catch(answerOf);
      const kept = {
        ...(created.ids.user_profile && { marketo_user_profile_activity_id: created.ids.user_profile }),
        ...(created.ids.user_engagement && {
          marketo_user_engagement_activity_id: created.ids.user_engagement,
        }),
      };
      if (Object.keys(kept).length > 0)
        await integrations.setMarketingIds(used.organizationId, 'marketo', used.user, kept);
      return {
        marketo_activity_type_ids: created.ids as Record<string, string>,
        failures: created.failures,
        message: created.message,
      };
    },

    /**
     * update_pardot_list_id_v2: whether the list exists, and which way SYNC_PARDOT-or-not moves
     * people; a found list becomes the event's, and a SYNC_PARDOT one starts importing.
     */
    async pardotList(managed: ManagedEvent, listId: number, activityType: PardotActivityType) {
      const { event, credentials } = await eventClient(managed, 'pardot');
      const list = await connectors.pardot(credentials).list(listId).catch(answerOf);
      if (list) {
        const before = (await events.marketingIdsOf(event.id)).pardotList;
        await events.setMarketingIds(event, {
          pardot_list: { list_id: list.id, activity_type: activityType },
        });
        if (pardotSyncDirection(activityType) === 'import') await pardotImports.start(event, list.id);
        else {
          await pardotImports.stop(event.id);
          // A list new to the event (or one it imported from until now) gets its registrants so far.
          if (String(before?.list_id) !== String(list.id) || before?.activity_type !== activityType)
            await backfill(event.organizationId, event.id, 'pardot');
        }
      }
      return {
        valid_list_id: list !== null,
        pardot_list: list && { id: list.id, name: list.name, title: list.title ?? null },
        direction: list && pardotSyncDirection(activityType),
      };
    },

    /** Where the import of the event's SYNC_PARDOT list stands. */
    pardotImport(managed: ManagedEvent) {
      return pardotImports.statusOf(integrations.usingEvent(managed, 'pardot').id);
    },

    async validateEloquaForm(caller: Caller, formId: string, query: ConnectionsQuery) {
      const { client } = await eloquaOf(caller, query);
      const form = await client.form(formId).catch(answerOf);
      return { is_valid_eloqua_form_id: form !== null, form: form && { id: form.id, name: form.name } };
    },

    /**
     * The event form registrants are submitted to (the organisation's, or a team connection's):
     * checked at Eloqua, then stored.
     */
    async setEloquaForm(caller: Caller, formId: string, query: ConnectionsQuery) {
      const { used, client } = await eloquaOf(caller, query);
      const form = await client.form(formId).catch(answerOf);
      if (!form) throw notFoundAs('FORM_NOT_FOUND', marketingMessages.eloquaFormNotFound, 'eloqua_form_id');
      await integrations.setMarketingIds(used.organizationId, 'eloqua', used.user, {
        eloqua_form_id: form.id,
      });
      return { is_valid_eloqua_form_id: true, form: { id: form.id, name: form.name } };
    },

    async wistiaProjects(managed: ManagedEvent) {
      const { credentials } = await wistiaOf(managed);
      const projects = await connectors.wistia(credentials).projects().catch(answerOf);
      return {
        wistia_projects: projects.map((project) => ({
          id: project.id,
          hashed_id: project.hashedId,
          name: project.name,
          media_count: project.mediaCount ?? 0,
        })),
      };
    },
  };
}

export type MarketingService = ReturnType<typeof createMarketingService>;
