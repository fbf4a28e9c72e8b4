import {
  agendaItemPageSchema,
  agendaItemSchema,
  broadcastPageSchema,
  broadcastSchema,
  bulkTracksAnswerSchema,
  bulkTracksSchema,
  createAgendaItemSchema,
  createBroadcastSchema,
  createTrackSchema,
  programmeListQuerySchema,
  stageSourceSchema,
  trackPageSchema,
  trackSchema,
  updateAgendaItemSchema,
  updateBroadcastSchema,
  updateTrackSchema,
} from '@studio/domain';
import { objectGuard } from '../../../platform/http/guard.ts';
import { idParams } from '../../../platform/http/route-support.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import { registerResourceRoutes } from '../../../platform/http/resource-routes.ts';
import type { AgendaService } from './agenda.service.ts';
import type { BroadcastsService } from './broadcasts.service.ts';
import type { SimuliveTestService } from './simulive-test.service.ts';
import { routesOf } from '../../../platform/http/route-kit.ts';
import { eventEditors } from '../../../platform/http/access-rules.ts';

const tags = ['agenda'];
const PAGE_SIZE = 100;

/** Spec 001 §7 "Agenda": sessions (broadcasts), tracks and agenda items of an event. */
export function registerAgendaRoutes(
  app: HttpServer,
  services: { broadcasts: BroadcastsService; agenda: AgendaService; simuliveTests: SimuliveTestService },
  publicUrl: string,
): void {
  const route = routesOf(app, tags);
  const { broadcasts, agenda, simuliveTests } = services;

  const readBroadcast = objectGuard('event:read', broadcasts.load);
  const editBroadcast = objectGuard('event:update', broadcasts.load);
  registerResourceRoutes(app, publicUrl, {
    path: '/api/event/broadcasts/',
    tags,
    part: broadcastSchema,
    list: {
      query: programmeListQuerySchema,
      page: broadcastPageSchema,
      pageSize: PAGE_SIZE,
      answer: (caller, query, page) => broadcasts.list(caller, query.event, page),
    },
    create: { body: createBroadcastSchema, answer: (caller, body) => broadcasts.create(caller, body) },
    get: { guard: readBroadcast, answer: (loaded) => broadcasts.get(loaded) },
    update: {
      body: updateBroadcastSchema,
      guard: editBroadcast,
      answer: (loaded, body) => broadcasts.update(loaded, body),
    },
    delete: { guard: editBroadcast, answer: (loaded) => broadcasts.delete(loaded) },
  });
  // Simulive test runs (001 §7, 002 §7.4): empty bodies, answered with the session.
  type Session = Parameters<SimuliveTestService['start']>[0];
  const simuliveRuns = {
    test_simulive: (session: Session) => simuliveTests.start(session),
    stop_simulive_test: (session: Session) => simuliveTests.stop(session),
  };
  for (const [action, run] of Object.entries(simuliveRuns))
    route.post(
      `/api/event/broadcasts/:id/${action}/`,
      editBroadcast,
      { params: idParams, answer: broadcastSchema },
      ({ object }) => run(object),
    );
  // The test channel's private preview: what it plays now, in the stage's shape (organisers only).
  route.get(
    '/api/event/broadcasts/:id/simulive_test_preview/',
    readBroadcast,
    { params: idParams, answer: stageSourceSchema },
    ({ object }) => simuliveTests.preview(object),
  );
  const editTrack = objectGuard('event:update', agenda.loadTrack);
  registerResourceRoutes(app, publicUrl, {
    path: '/api/event/tracks/',
    tags,
    part: trackSchema,
    list: {
      query: programmeListQuerySchema,
      page: trackPageSchema,
      pageSize: PAGE_SIZE,
      answer: (caller, query, page) => agenda.listTracks(caller, query.event, page),
    },
    create: { body: createTrackSchema, answer: (caller, body) => agenda.createTrack(caller, body) },
    update: {
      body: updateTrackSchema,
      guard: editTrack,
      answer: (loaded, body) => agenda.updateTrack(loaded, body),
    },
    delete: { guard: editTrack, answer: (loaded) => agenda.deleteTrack(loaded) },
  });
  route.put(
    '/api/event/tracks/bulk/',
    eventEditors,
    { body: bulkTracksSchema, answer: bulkTracksAnswerSchema },
    ({ caller, body }) => agenda.bulkTracks(caller, body),
  );
  const editItem = objectGuard('event:update', agenda.loadItem);
  registerResourceRoutes(app, publicUrl, {
    path: '/api/event/agenda-item/',
    tags,
    part: agendaItemSchema,
    list: {
      query: programmeListQuerySchema,
      page: agendaItemPageSchema,
      pageSize: PAGE_SIZE,
      answer: (caller, query, page) => agenda.listItems(caller, query.event, page),
    },
    create: { body: createAgendaItemSchema, answer: (caller, body) => agenda.createItem(caller, body) },
    update: {
      body: updateAgendaItemSchema,
      guard: editItem,
      answer: (loaded, body) => agenda.updateItem(loaded, body),
    },
    delete: { guard: editItem, answer: (loaded) => agenda.deleteItem(loaded) },
  });
}
