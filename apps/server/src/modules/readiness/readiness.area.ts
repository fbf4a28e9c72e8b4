import {
  BROADCAST_UPDATED,
  EVENT_ROLES,
  READINESS_UPDATED,
  scheduleSends,
  sentWithEntrance,
  type ReadinessEmails,
  type ServerSocketMessage,
} from '@studio/domain';
import { HttpError } from '../../platform/http/errors.ts';
import type { Studio } from '../../studio-area.ts';
import { techChecksDoneAmong } from '../attendee-site/event-app/tech-checks.read-model.ts';
import type { BackOffice } from '../back-office/back-office.ts';
import type { EmailArea } from '../email/email.area.ts';
import type { EmailSchedulesArea } from '../email/email-schedules.area.ts';
import type { EventRolesArea } from '../event-roles/event-roles.area.ts';
import type { OrganizationsArea } from '../organizations/organizations.area.ts';
import type { PagesService } from '../pages/pages.service.ts';
import type { Programme } from '../programme/programme.ts';
import type { VideoLibraryArea } from '../video-library/video-library.area.ts';
import { registerReadinessRoutes } from './readiness.routes.ts';
import { createReadinessService, type ReadinessPorts } from './readiness.service.ts';

const WHOLE_LIST = { limit: 1000, offset: 0 };

/** Event-scoped pushes after which an open dashboard's readiness may have changed. */
const CHANGES: readonly ServerSocketMessage['type'][] = [
  BROADCAST_UPDATED,
  'agenda-item-updated',
  'rtmp-input-updated',
  'people-job-updated',
  'stage-updated',
  'video-asset-updated',
];

type ReadinessAreaPorts = Pick<OrganizationsArea, 'organizations'> &
  Pick<VideoLibraryArea, 'library'> &
  Pick<EventRolesArea, 'eventRoles'> & {
    backOffice: BackOffice;
    programme: Programme;
    pages: Pick<PagesService, 'document'>;
    email: Pick<EmailArea, 'templates'> & { schedules: Pick<EmailSchedulesArea, 'service'> };
  };

/**
 * Readiness warnings and the alert centre (issue 35, 002 §8.6, §7.11): facts from each area's
 * service, the rules from the domain; after any change push of an event, its open studios hear
 * `readiness-updated` and ask again.
 */
export function readinessArea(studio: Studio, ports: ReadinessAreaPorts) {
  provideEmailFigures(studio, ports);
  const readiness = createReadinessService(readinessFacts(studio, ports), studio.clock);
  registerReadinessRoutes(studio.app, readiness);
  studio.platform.realtime.follow(CHANGES, (_message, eventId) => ({
    type: READINESS_UPDATED,
    data: { eventId: eventId ?? null },
  }));
  return readiness;
}

/** The facts the readiness rules read, from each area's service. */
function readinessFacts(studio: Studio, ports: ReadinessAreaPorts): ReadinessPorts {
  const { backOffice, programme, email } = ports;
  const db = studio.database.db;
  return {
    async event(caller, eventId) {
      const { event } = await backOffice.events.programmeEventOf(caller, eventId, 'event:read');
      const detail = await backOffice.events.get(caller, event.id);
      return {
        id: event.id,
        organizationId: event.organizationId,
        event_type: detail.event_type,
        host_type: detail.host_type,
        buffer_video_id: detail.stage_roll_video_asset,
        start_time: detail.start_time,
        end_time: detail.end_time,
      };
    },
    eventRolesEnabled: async (caller) =>
      (await ports.organizations.get(caller, caller.organizationId)).is_event_roles_enabled,
    agenda: readinessAgenda(programme),
    async people(eventId) {
      const people = await ports.eventRoles.directory.peopleOf(eventId, {});
      const checked = await techChecksDoneAmong(
        db,
        eventId,
        people.map((person) => person.userId),
      );
      return people.map((person) => ({
        user_id: person.userId,
        first_name: person.firstName,
        last_name: person.lastName,
        kind: person.role === EVENT_ROLES.SPEAKER ? ('speaker' as const) : ('staff' as const),
        broadcast_count: person.broadcastIds.length,
        tech_check_done: checked.has(person.userId),
      }));
    },
    async videos(caller, videoIds) {
      const videos = await Promise.all(
        videoIds.map((id) =>
          ports.library.get(caller, id).catch((error: unknown) => {
            if (error instanceof HttpError) return undefined;
            throw error;
          }),
        ),
      );
      return videos.flatMap((video) =>
        video
          ? [
              {
                id: video.id,
                name: video.name,
                transcode_status: video.transcode_status,
                warnings: video.transcoder_warnings,
                errors: video.transcoder_errors,
                duration: video.duration,
              },
            ]
          : [],
      );
    },
    emails: readinessEmails(email),
    async series(caller, seriesId) {
      const series = await backOffice.series.get(caller, seriesId, {});
      return { id: series.id, repeating: 'is_repeating' in series && series.is_repeating };
    },
    async eventListRows(caller, seriesId) {
      const page = await ports.pages.document(caller, 'series', seriesId, 'registration');
      return page.content.filter((block) => block.type === 'EventList').length;
    },
  };
}

/** The emails the readiness rules check: active schedules' templates, compiled as they would send. */
function readinessEmails(email: ReadinessAreaPorts['email']): ReadinessPorts['emails'] {
  return async (caller, owner) => {
    const query = { [owner.context]: owner.id };
    const [schedules, templates] = await Promise.all([
      email.schedules.service.list(caller, query),
      email.templates.list(caller, query, WHOLE_LIST),
    ]);
    const checked = schedules.results.filter(
      (schedule) =>
        scheduleSends(schedule, owner.context === 'event') && sentWithEntrance(schedule.email_type),
    );
    const sent = checked.flatMap((schedule) => {
      const template = templates.results.find((listed) =>
        schedule.email_template
          ? listed.id === schedule.email_template
          : listed.email_type === schedule.email_type,
      );
      return template ? [{ template, emailType: schedule.email_type }] : [];
    });
    const context = { ...owner, organizationId: owner.organizationId };
    return {
      confirmations_on: schedules.results.some((s) => s.email_type === 'Registration' && s.active),
      templates: await Promise.all(
        sent.map(async ({ template, emailType }) => ({
          id: template.id,
          name: template.name,
          email_type: emailType,
          html: (await email.templates.templateForSend(context, template.id)).email_html,
        })),
      ),
    } satisfies ReadinessEmails;
  };
}

/** The dashboard's email figures (its cockpit sits beside the readiness list). */
function provideEmailFigures(studio: Studio, { backOffice, email }: ReadinessAreaPorts) {
  backOffice.summary.parts.emails.provide(async (caller, eventId) => {
    const [schedules, log] = await Promise.all([
      email.schedules.service.list(caller, { event: eventId }),
      email.schedules.service.deliveries(
        caller,
        { event: eventId, limit: 1, offset: 0 },
        { limit: 1, offset: 0 },
      ),
    ]);
    const now = studio.clock().getTime();
    const scheduled = schedules.results.filter(
      (schedule) =>
        schedule.active && schedule.schedule_time !== null && Date.parse(schedule.schedule_time) > now,
    ).length;
    return { scheduled, sent: log.counts.sent ?? 0, failed: log.counts.failed ?? 0 };
  });
}

/** The agenda as the readiness rules read it: tracks, items and sessions with their speakers and videos. */
function readinessAgenda(programme: Programme): ReadinessPorts['agenda'] {
  return async (caller, eventId) => {
    const [tracks, items, sessions] = await Promise.all([
      programme.agenda.listTracks(caller, eventId, WHOLE_LIST),
      programme.agenda.listItems(caller, eventId, WHOLE_LIST),
      programme.broadcasts.list(caller, eventId, WHOLE_LIST),
    ]);
    return {
      tracks: tracks.results.map(({ id, title }) => ({ id, title })),
      items: items.results.map((item) => ({
        id: item.id,
        title: item.title,
        track_id: item.track,
        broadcast_id: item.broadcast,
        start_time: item.start_time,
        end_time: item.end_time,
      })),
      sessions: sessions.results.map((session) => ({
        id: session.id,
        title: session.title,
        broadcast_type: session.broadcast_type,
        start_time: session.start_time,
        end_time: session.end_time,
        track_ids: session.tracks,
        speaker_count: session.speakers.length,
        video_ids: session.video_assets.map((video) => video.id),
      })),
    };
  };
}
