/**
 * Spec 001 §3, §4 and 002 §3.6, §9: the programme's kinds and constants. A session is a broadcast;
 * its type is shown as Live (1), Pre-recorded (2) or RTMP (3) and stored as `broadcast_type`.
 */
export const BROADCAST_TYPES = ['LIVE', 'SIMULIVE', 'RTMP'] as const;
export type BroadcastType = (typeof BROADCAST_TYPES)[number];

export const SESSION_TYPES = [
  { id: 1, label: 'Live', broadcast_type: 'LIVE' },
  { id: 2, label: 'Pre-recorded', broadcast_type: 'SIMULIVE' },
  { id: 3, label: 'RTMP', broadcast_type: 'RTMP' },
] as const satisfies readonly { id: number; label: string; broadcast_type: BroadcastType }[];
export type SessionTypeId = (typeof SESSION_TYPES)[number]['id'];

export const sessionTypeOf = (broadcastType: BroadcastType) =>
  SESSION_TYPES.find((type) => type.broadcast_type === broadcastType)!;

/** Agenda block kinds (001 §3): a session's item points at its broadcast; the others stand alone. */
export const AGENDA_ITEM_KINDS = ['session', 'break', 'room', 'booth'] as const;
export type AgendaItemKind = (typeof AGENDA_ITEM_KINDS)[number];

/** The simulive test channel states of 001 §4 (rules in simulive-test.ts). */
export const SIMULIVE_TEST_STATES = ['IDLE', 'STARTING', 'RUNNING', 'STOPPING', 'PROCESSING'] as const;
export type SimuliveTestState = (typeof SIMULIVE_TEST_STATES)[number];

/** 002 §9 "Overlap and length margin": 2 minutes. */
export const PROGRAMME_MARGIN_MS = 2 * 60_000;

/** Titles of sessions, tracks and agenda items. */
export const PROGRAMME_TITLE_MAX_LENGTH = 255;

/** Event-scoped socket pushes of the programme (001 §7 Sockets). */
export const BROADCAST_UPDATED = 'broadcast-updated';
export const AGENDA_ITEM_UPDATED = 'agenda-item-updated';
