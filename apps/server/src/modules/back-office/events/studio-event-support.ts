import { eventServerMessages, type PageDocument, type StudioEventDetail } from '@studio/domain';
import type { Executor } from '../../../platform/db/executor.ts';
import { fieldError, notFound } from '../../../platform/http/errors.ts';
import type { Scope } from '../event-scope.ts';
import type { BrandingLink, RegistrationPagesLink, SeriesLink, TrackingSnippetsLink } from './event-links.ts';
import { toEvent } from './events.answers.ts';
import type { AnsweredEventRecord, EventsRepository } from './events.repository.ts';

/**
 * What the studio's event use cases share: the event as GET and PATCH answer it, and the checks of
 * the form's series and registration page.
 */
export function createStudioEventSupport(deps: {
  events: EventsRepository;
  series: SeriesLink;
  registrationPages: () => RegistrationPagesLink;
  branding: BrandingLink;
  trackingSnippets: () => TrackingSnippetsLink;
}) {
  const { events } = deps;

  /** The event as the studio answers it (its registration page too), if the scope sees it. */
  async function answeredEvent(scope: Scope, id: string): Promise<AnsweredEventRecord> {
    const event = await events.findAnswered(scope, id);
    if (!event) throw notFound();
    return event;
  }

  /** One event as its GET and PATCH answer it: with its branding and its tracking snippet. */
  async function detailOf(record: AnsweredEventRecord): Promise<StudioEventDetail> {
    const snippet = await deps
      .trackingSnippets()
      .trackingSnippetOf({ id: record.id, organizationId: record.organization_id });
    return {
      ...toEvent(record),
      ...deps.branding.answer(record),
      splash_tracking_pixel_snippet: { body_section_script: snippet },
    };
  }

  /** The registration page a request gives (undefined: left as it is), checked before the transaction. */
  const pageWriteOf = (scope: Scope, page: PageDocument | null | undefined) =>
    page === undefined ? undefined : deps.registrationPages().checked(scope.organizationId, 'event', page);

  /** The plain series a request puts the event in (400 on a repeating one). */
  async function seriesIdFor(
    scope: Scope,
    series: string | null | undefined,
    tx?: Executor,
  ): Promise<string | null | undefined> {
    if (!series) return series;
    const found = await deps.series.seriesFor(scope, series, tx);
    if (found.is_repeating) throw fieldError('series', eventServerMessages.repeatingSeriesEvents);
    return found.id;
  }

  return { answeredEvent, detailOf, pageWriteOf, seriesIdFor };
}

export type StudioEventSupport = ReturnType<typeof createStudioEventSupport>;
