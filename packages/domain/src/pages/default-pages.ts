import { isScheduled } from '../events/enums.ts';
import type { PageBlock, PageDocument } from './page-blocks.ts';
import type { PageKind, PageOwnerType } from './page-api.ts';

const block = <T extends PageBlock['type']>(
  type: T,
  id: string,
  props: Omit<Extract<PageBlock, { type: T }>['props'], 'id'>,
): PageBlock => ({ type, props: { id, ...props } }) as unknown as PageBlock;

const hero = block('Hero', 'hero', { title: '', subtitle: '', imageUrl: '' });
const details = block('EventDetails', 'details', { heading: 'When and where', showLocation: true });
const about = block('EventDetails', 'details', { heading: 'About', showLocation: false });
const form = block('RegistrationForm', 'register', { heading: 'Register' });
const register = block('CallToAction', 'register-cta', { kind: 'register', label: 'Register', url: '' });
const agenda = block('Agenda', 'agenda', { heading: 'Agenda' });
const speakers = block('Speakers', 'speakers', { heading: 'Speakers' });
const booths = block('Booths', 'booths', { heading: 'Sponsors' });
const countdown = block('Countdown', 'countdown', { heading: 'Starts in' });
const events = block('EventList', 'events', { heading: 'Events' });
const recording = block('Video', 'recording', { videoId: '', title: '' });
const footer = block('Footer', 'footer', { text: '', links: [] });

const page = (...content: PageBlock[]): PageDocument => ({
  content,
  root: { props: { title: '', description: '', image: '' } },
});

/**
 * The page an owner has before anyone builds it (issue 17 §1 "sensible default pages"): a webinar
 * (event type Webinar) has no agenda or booths, a recording no dates either; series and hub pages
 * list their events, a series after its details (its dates and description).
 */
export function defaultPage(
  ownerType: PageOwnerType,
  kind: PageKind,
  eventType?: string | null,
): PageDocument {
  if (kind === 'on_demand') return page(hero, recording, footer);
  const webinar = eventType === 'Webinar';
  switch (ownerType) {
    case 'hub_page':
      return page(hero, events, footer);
    case 'series':
      return kind === 'landing'
        ? page(hero, details, events, register, footer)
        : page(hero, details, events, form, footer);
    case 'event':
    case 'template':
      // A recording has no schedule: no dates, countdown or agenda, only what it is about.
      if (!isScheduled(eventType ?? undefined))
        return kind === 'landing'
          ? page(hero, about, register, speakers, footer)
          : page(hero, about, form, speakers, footer);
      if (kind === 'landing')
        return webinar
          ? page(hero, details, countdown, register, speakers, footer)
          : page(hero, details, countdown, register, agenda, speakers, booths, footer);
      return webinar
        ? page(hero, details, form, speakers, footer)
        : page(hero, details, form, agenda, speakers, footer);
  }
}
