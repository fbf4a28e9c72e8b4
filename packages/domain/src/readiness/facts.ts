import type { HostType } from '../events/enums.ts';
import type { BroadcastType } from '../programme/constants.ts';

/**
 * What the readiness rules read (002 §8.6): plain facts each area answers about one event or
 * series. The rules below are pure; the server gathers these through the areas' services.
 */
export interface ReadinessVideo {
  id: string;
  name: string;
  transcode_status: string | null;
  /** The transcoder's warnings and errors (002 §3.4). */
  warnings: readonly string[];
  errors: readonly string[];
  /** Seconds; null while unknown. */
  duration: number | null;
}

export interface ReadinessSession {
  id: string;
  title: string;
  broadcast_type: BroadcastType;
  start_time: string;
  end_time: string;
  track_ids: readonly string[];
  speaker_count: number;
  /** The library videos it plays, in order. */
  video_ids: readonly string[];
}

export interface ReadinessAgendaItem {
  id: string;
  title: string;
  track_id: string | null;
  /** The session a session block shows; null for a break, room or booth block. */
  broadcast_id: string | null;
  start_time: string;
  end_time: string;
}

export interface ReadinessPerson {
  user_id: string;
  first_name: string;
  last_name: string;
  kind: 'speaker' | 'staff';
  broadcast_count: number;
  tech_check_done: boolean;
}

/** An email template that is sent to registrants (its schedule is on). */
export interface ReadinessEmailTemplate {
  id: string;
  name: string;
  email_type: string;
  html: string;
}

export interface ReadinessEmails {
  /** The Registration (confirmation) email is on. */
  confirmations_on: boolean;
  templates: readonly ReadinessEmailTemplate[];
}

export interface EventReadinessFacts {
  event: { id: string; event_type: string; host_type: HostType };
  /** The organisation's is_event_roles_enabled flag (002 §6: staff warnings need it). */
  event_roles_enabled: boolean;
  tracks: readonly { id: string; title: string }[];
  items: readonly ReadinessAgendaItem[];
  sessions: readonly ReadinessSession[];
  /** Every library video the event uses: its buffer video and its sessions'. */
  videos: readonly ReadinessVideo[];
  buffer_video_id: string | null;
  people: readonly ReadinessPerson[];
  emails: ReadinessEmails;
}

export interface SeriesReadinessFacts {
  series: { id: string; repeating: boolean };
  emails: ReadinessEmails;
  /** Event list blocks on the series' registration page (its default page has one). */
  event_list_rows: number;
}

/** 002 §6: which action links the person may follow. */
export interface ReadinessPermissions {
  /** event:update: agenda, speaker and schedule items. */
  eventUpdate: boolean;
  /** branding:update: buffer video and email templates. */
  brandingUpdate: boolean;
}
