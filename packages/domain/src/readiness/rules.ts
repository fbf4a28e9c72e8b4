import { isScheduled } from '../events/enums.ts';
import { eventOver, type TimedEvent } from '../events/event-status.ts';
import { overlapsByTrack, videoLengthStatus } from '../programme/rules.ts';
import { hasCheckInDesk } from '../public-links/rules.ts';
import type { ReadinessKey, ReadinessArea, ReadinessWarning } from './api.ts';
import type {
  EventReadinessFacts,
  ReadinessEmails,
  ReadinessPermissions,
  ReadinessVideo,
  SeriesReadinessFacts,
} from './facts.ts';
import { eventReadinessHref, seriesReadinessHref, type ReadinessPlace } from './links.ts';
import { readinessActions as actions, readinessMessages as messages } from './messages.ts';

/** A warning before its link is decided: where it is fixed, and which permission may follow it. */
type Draft = Omit<ReadinessWarning, 'action'> & {
  place: ReadinessPlace;
  permission: keyof ReadinessPermissions;
};

const AREA_OF: Record<ReadinessKey, ReadinessArea> = {
  NO_SESSIONS: 'agenda',
  ITEM_NOT_IN_TRACK: 'agenda',
  SESSION_WITHOUT_SPEAKERS: 'agenda',
  SESSION_NOT_IN_TRACK: 'agenda',
  TRACK_OVERLAPPING_SESSIONS: 'agenda',
  SESSION_WITHOUT_VIDEO: 'agenda',
  STAFF_TECH_CHECK: 'people',
  STAFF_NO_BROADCASTS: 'people',
  SPEAKER_TECH_CHECK: 'people',
  SPEAKER_NO_BROADCASTS: 'people',
  BUFFER_VIDEO_PROBLEM: 'media',
  VIDEO_PROBLEM: 'media',
  NO_PROCESSED_VIDEOS: 'media',
  RECORDING_WITHOUT_VIDEO: 'media',
  VIDEO_PROCESSING_ERROR: 'media',
  SIMULIVE_VIDEO_LENGTH: 'simulive',
  TEMPLATE_MISSING_MAGIC_LINK: 'email',
  TEMPLATE_MISSING_QR_OR_LOCATION: 'email',
  CONFIRMATIONS_OFF: 'email',
  SERIES_MISSING_ENTRANCE_LINKS: 'series',
  SERIES_EVENT_LIST_ROWS: 'series',
  SERIES_CONFIRMATIONS_OFF: 'series',
};

const draft = (
  key: ReadinessKey,
  fields: Omit<Draft, 'key' | 'area' | 'entityId'> & { entityId?: string | null },
): Draft => ({ key, area: AREA_OF[key], entityId: null, ...fields });

/** 002 §8.6: duplicate messages are removed (the first one stays). */
function withoutDuplicates(warnings: readonly ReadinessWarning[]): ReadinessWarning[] {
  const seen = new Set<string>();
  return warnings.filter((warning) => !seen.has(warning.message) && Boolean(seen.add(warning.message)));
}

function finished(
  drafts: readonly Draft[],
  permissions: ReadinessPermissions,
  hrefOf: (place: ReadinessPlace) => string | null,
): ReadinessWarning[] {
  return withoutDuplicates(
    drafts.map(({ place, permission, ...warning }) => ({
      ...warning,
      action: permissions[permission] ? hrefOf(place) : null,
    })),
  );
}

const isProcessed = (video: ReadinessVideo) => video.transcode_status === 'COMPLETE';
const hasProblem = (video: ReadinessVideo) =>
  !isProcessed(video) || video.warnings.length > 0 || video.errors.length > 0;
const hasMergeField = (html: string, field: string) => new RegExp(`{{-?\\s*${field}\\b`).test(html);

/**
 * Emails sent before the event carry each registrant's way in (their magic link): the ones whose
 * templates readiness checks.
 */
export const sentWithEntrance = (emailType: string) =>
  emailType === 'Registration' || emailType.startsWith('Reminder-');

function agendaWarnings(facts: EventReadinessFacts): Draft[] {
  const drafts: Draft[] = [];
  const agenda = (
    key: ReadinessKey,
    fields: Omit<Draft, 'key' | 'area' | 'place' | 'permission'>,
    place: ReadinessPlace,
  ) => drafts.push(draft(key, { ...fields, place, permission: 'eventUpdate' }));
  // A webinar is one programme of sessions; tracks are the conference's way to group them: no track warnings.
  const tracked = facts.event.event_type !== 'Webinar';
  // Not in the spec's list, which checks sessions one by one: with none there is nothing to check,
  // and 'Nothing needs attention' would mislead. A Recording is its video, not a programme.
  if (facts.sessions.length === 0 && facts.event.event_type !== 'Recording')
    agenda(
      'NO_SESSIONS',
      { message: messages.noSessions, actionRequired: actions.addSession, entityId: null },
      {
        page: 'agenda',
      },
    );
  for (const item of facts.items)
    if (tracked && item.track_id === null)
      agenda(
        'ITEM_NOT_IN_TRACK',
        {
          message: messages.itemNotInTrack(item.title),
          actionRequired: actions.addToTrack,
          entityId: item.id,
          agenda_item_id: item.id,
          agenda_item_title: item.title,
        },
        { page: 'agenda', agendaItemId: item.id },
      );
  for (const session of facts.sessions) {
    const source = { entityId: session.id, broadcast_id: session.id, broadcast_title: session.title };
    const place: ReadinessPlace = { page: 'agenda', broadcastId: session.id };
    if (session.broadcast_type === 'LIVE' && session.speaker_count === 0)
      agenda(
        'SESSION_WITHOUT_SPEAKERS',
        {
          message: messages.sessionWithoutSpeakers(session.title),
          actionRequired: actions.addSpeakers,
          ...source,
        },
        place,
      );
    if (tracked && session.track_ids.length === 0)
      agenda(
        'SESSION_NOT_IN_TRACK',
        { message: messages.sessionNotInTrack(session.title), actionRequired: actions.addToTrack, ...source },
        place,
      );
    if (session.broadcast_type === 'SIMULIVE' && session.video_ids.length === 0)
      agenda(
        'SESSION_WITHOUT_VIDEO',
        { message: messages.sessionWithoutVideo(session.title), actionRequired: actions.addVideo, ...source },
        place,
      );
  }
  // Overlaps among the sessions of a track (a break beside a session is the organiser's choice).
  const sessionBlocks = facts.items.flatMap((item) =>
    item.broadcast_id !== null && item.track_id !== null ? [{ ...item, track: item.track_id }] : [],
  );
  const overlaps = overlapsByTrack(sessionBlocks);
  for (const track of facts.tracks) {
    const overlapping = sessionBlocks.filter(
      (block) => block.track === track.id && (overlaps.get(block.id)?.length ?? 0) > 0,
    );
    if (overlapping.length > 0)
      agenda(
        'TRACK_OVERLAPPING_SESSIONS',
        {
          message: messages.overlappingSessions(track.title),
          actionRequired: actions.fixOverlap,
          entityId: track.id,
          name: track.title,
        },
        { page: 'agenda', trackId: track.id },
      );
  }
  return drafts;
}

function peopleWarnings(facts: EventReadinessFacts): Draft[] {
  // 002 §6: staff warnings only with event roles on, and not for an in-person event.
  const staffWarnings = facts.event_roles_enabled && facts.event.host_type !== 'In_Person';
  return facts.people.flatMap((person) => {
    if (person.kind === 'staff' && !staffWarnings) return [];
    const name = `${person.first_name} ${person.last_name}`.trim();
    const speaker = person.kind === 'speaker';
    const fields = {
      entityId: person.user_id,
      user_id: person.user_id,
      user_first_name: person.first_name,
      user_last_name: person.last_name,
      place: { page: speaker ? 'speakers' : 'staff' } as ReadinessPlace,
      permission: 'eventUpdate' as const,
    };
    const drafts: Draft[] = [];
    if (!person.tech_check_done)
      drafts.push(
        draft(speaker ? 'SPEAKER_TECH_CHECK' : 'STAFF_TECH_CHECK', {
          ...fields,
          message: speaker ? messages.speakerTechCheck(name) : messages.staffTechCheck(name),
          actionRequired: actions.techCheck,
        }),
      );
    if (person.broadcast_count === 0)
      drafts.push(
        draft(speaker ? 'SPEAKER_NO_BROADCASTS' : 'STAFF_NO_BROADCASTS', {
          ...fields,
          message: speaker ? messages.speakerNoBroadcasts(name) : messages.staffNoBroadcasts(name),
          actionRequired: actions.addToBroadcasts,
        }),
      );
    return drafts;
  });
}

function mediaWarnings(facts: EventReadinessFacts): Draft[] {
  const videos = new Map(facts.videos.map((video) => [video.id, video]));
  const drafts: Draft[] = [];
  const buffer = facts.buffer_video_id ? videos.get(facts.buffer_video_id) : undefined;
  // Not in the spec's list (as NO_SESSIONS): a recording is its video, chosen on its page (stored
  // as its buffer video); with none and no sessions, its attendees have nothing to watch.
  if (!isScheduled(facts.event.event_type) && !facts.buffer_video_id && facts.sessions.length === 0)
    drafts.push(
      draft('RECORDING_WITHOUT_VIDEO', {
        message: messages.recordingWithoutVideo,
        actionRequired: actions.addVideo,
        place: { page: 'bufferVideo' },
        permission: 'brandingUpdate',
      }),
    );
  if (
    buffer &&
    (buffer.transcode_status === 'ERROR' || buffer.warnings.length > 0 || buffer.errors.length > 0)
  )
    drafts.push(
      draft('BUFFER_VIDEO_PROBLEM', {
        message: messages.bufferVideoProblem(buffer.name),
        actionRequired: actions.replaceVideo,
        entityId: buffer.id,
        video_name: buffer.name,
        error_type: buffer.errors[0] ?? buffer.warnings[0] ?? 'ERROR',
        place: { page: 'bufferVideo' },
        permission: 'brandingUpdate',
      }),
    );
  for (const session of facts.sessions) {
    const played = session.video_ids.flatMap((id) => videos.get(id) ?? []);
    const source = {
      broadcast_id: session.id,
      broadcast_title: session.title,
      place: { page: 'agenda', broadcastId: session.id } as ReadinessPlace,
      permission: 'eventUpdate' as const,
    };
    for (const video of played.filter(hasProblem)) {
      const failed = video.transcode_status === 'ERROR';
      drafts.push(
        draft(failed ? 'VIDEO_PROCESSING_ERROR' : 'VIDEO_PROBLEM', {
          ...source,
          message: failed ? messages.videoProcessingError(video.name) : messages.videoProblem(video.name),
          actionRequired: failed ? actions.reupload : actions.replaceVideo,
          entityId: video.id,
          video_name: video.name,
          error_type: video.errors[0] ?? video.warnings[0] ?? video.transcode_status ?? 'PROGRESSING',
        }),
      );
    }
    if (played.length > 0 && !played.some(isProcessed))
      drafts.push(
        draft('NO_PROCESSED_VIDEOS', {
          ...source,
          message: messages.noProcessedVideos(session.title),
          actionRequired: actions.replaceVideo,
          entityId: session.id,
          videos: played.map(({ id, name }) => ({ id, name })),
        }),
      );
  }
  return drafts;
}

function simuliveWarnings(facts: EventReadinessFacts): Draft[] {
  const videos = new Map(facts.videos.map((video) => [video.id, video]));
  return facts.sessions.flatMap((session) => {
    if (session.broadcast_type !== 'SIMULIVE' || session.video_ids.length === 0) return [];
    const played = session.video_ids.flatMap((id) => videos.get(id) ?? []);
    const known =
      played.length === session.video_ids.length && played.every((video) => video.duration !== null);
    const status = known
      ? videoLengthStatus(
          session,
          played.map((video) => video.duration),
        )
      : null;
    if (status === 'OK') return [];
    const message =
      status === 'TOO_LONG'
        ? messages.videoTooLong(session.title)
        : status === 'TOO_SHORT'
          ? messages.videoTooShort(session.title)
          : messages.totalVideoLengthException;
    return [
      draft('SIMULIVE_VIDEO_LENGTH', {
        message,
        actionRequired: actions.simuliveAgenda,
        entityId: session.id,
        broadcast_id: session.id,
        broadcast_title: session.title,
        error_type: status ?? 'UNKNOWN_LENGTH',
        videos: played.map(({ id, name }) => ({ id, name })),
        place: { page: 'agenda', broadcastId: session.id },
        permission: 'eventUpdate',
      }),
    ];
  });
}

function emailWarnings(emails: ReadinessEmails, seatsInPerson: boolean, series: boolean): Draft[] {
  const drafts: Draft[] = [];
  for (const template of emails.templates) {
    const source = {
      entityId: template.id,
      event_template_id: template.id,
      email_type: template.email_type,
      name: template.name,
      actionRequired: actions.editTemplate,
      place: { page: 'emailTemplate', emailTemplateId: template.id } as ReadinessPlace,
      permission: 'brandingUpdate' as const,
    };
    if (sentWithEntrance(template.email_type) && !hasMergeField(template.html, 'magic_link'))
      drafts.push(
        series
          ? draft('SERIES_MISSING_ENTRANCE_LINKS', {
              ...source,
              message: messages.seriesMissingEntranceLinks(template.name),
            })
          : draft('TEMPLATE_MISSING_MAGIC_LINK', {
              ...source,
              message: messages.templateMissingMagicLink(template.name),
            }),
      );
    if (
      seatsInPerson &&
      template.email_type === 'Registration' &&
      !(hasMergeField(template.html, 'checkin_qrcode') && hasMergeField(template.html, 'event_location'))
    )
      drafts.push(
        draft('TEMPLATE_MISSING_QR_OR_LOCATION', {
          ...source,
          message: messages.templateMissingQrOrLocation(template.name),
        }),
      );
  }
  if (!emails.confirmations_on)
    drafts.push(
      draft(series ? 'SERIES_CONFIRMATIONS_OFF' : 'CONFIRMATIONS_OFF', {
        message: series ? messages.seriesConfirmationsOff : messages.confirmationsOff,
        actionRequired: actions.turnOnConfirmations,
        email_type: 'Registration',
        place: { page: 'emailSchedule' },
        permission: 'eventUpdate',
      }),
    );
  return drafts;
}

/**
 * 002 §1: readiness warnings "tell the organiser what is missing before an event": once it has
 * ended (the PAST badge) there is nothing left to check. A Recording is on-demand content with no
 * schedule to end: it is always checked.
 */
export const readinessChecked = (event: TimedEvent & { event_type: string }, now: Date): boolean =>
  !eventOver(event, now);

/** 002 §8.6: every readiness warning of an event, duplicates removed, each linked to where it is fixed. */
export function eventReadinessWarnings(
  facts: EventReadinessFacts,
  permissions: ReadinessPermissions,
): ReadinessWarning[] {
  const inPerson = hasCheckInDesk(facts.event.host_type);
  return finished(
    [
      ...agendaWarnings(facts),
      ...peopleWarnings(facts),
      ...mediaWarnings(facts),
      ...simuliveWarnings(facts),
      ...emailWarnings(facts.emails, inPerson, false),
    ],
    permissions,
    (place) => eventReadinessHref(facts.event, place),
  );
}

/** 002 §8.6 "Series": entrance links, the registration page's event list, confirmations. */
export function seriesReadinessWarnings(
  facts: SeriesReadinessFacts,
  permissions: ReadinessPermissions,
): ReadinessWarning[] {
  const rows = facts.event_list_rows;
  const eventList: Draft[] =
    rows === 1
      ? []
      : [
          draft('SERIES_EVENT_LIST_ROWS', {
            message: rows === 0 ? messages.seriesMissingEventList : messages.seriesMultipleEventLists,
            actionRequired: actions.editRegistrationPage,
            entityId: facts.series.id,
            error_type: rows === 0 ? 'MISSING' : 'MULTIPLE',
            place: { page: 'registrationPage' },
            permission: 'eventUpdate',
          }),
        ];
  return finished([...emailWarnings(facts.emails, false, true), ...eventList], permissions, (place) =>
    seriesReadinessHref(facts.series, place),
  );
}
