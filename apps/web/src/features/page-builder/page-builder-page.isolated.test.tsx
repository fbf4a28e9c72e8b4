import {
  ATTENDEE_PAGE_STYLE,
  attendeePageMessages,
  defaultPage,
  emptyBlockNotes,
  pageApiPath,
  pageMessages,
  registrationMessages,
  repeatingEventOnDemandNote,
  repeatingOnDemandNote,
  type PageDocument,
  type StoredPage,
  DISCARD_CHANGES_QUESTION,
} from '@studio/domain';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ada, json, page as listPage, type ExtraRoutes } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';
import { partnerHub } from '../../testing/hub-page-fixture.ts';
import { renderWidget } from '../../testing/render-widget.tsx';
import { onPhone, onWideScreen } from '../../testing/narrow-screen.ts';
import { registrationFormFixture } from '../../testing/registration-form-fixture.ts';
import { eventFixture } from '../../testing/event-fixture.ts';
import { weeklyRepeatingEvent } from '../../testing/repeating-event-fixture.ts';
import { seriesFixture } from '../../testing/series-fixture.ts';
import { launchTemplate } from '../../testing/template-fixture.ts';
import { PUCK_PHONE_QUERY } from './page-builder-page.tsx';
import { fittingViewport, PREVIEW_VIEWPORTS } from './preview-frame.tsx';

type Render<P> = (props: P) => ReactNode;
type PuckProps = {
  config: { components: Record<string, { render: (props: object) => ReactNode }> };
  data: PageDocument;
  onChange?: (data: unknown) => void;
  headerTitle: string;
  iframe?: { enabled?: boolean; syncHostStyles?: boolean };
  viewports?: unknown;
  ui?: object;
  plugins?: { name?: string; render?: () => ReactNode }[];
  overrides: {
    header?: Render<{ actions: ReactNode; children: ReactNode }>;
    headerActions: Render<{ children: ReactNode }>;
    iframe?: Render<{ children: ReactNode; document?: Document }>;
    preview?: Render<{ children: ReactNode }>;
  };
};
// Puck's editor stands in as its blocks' previews (in its preview frame, a document of their own),
// its header and actions and its preview zoom (a <select> Puck leaves nameless), over a document
// the organiser has edited (its first block removed); jsdom has no layout for dragging. Its own
// header is as a phone shows it: the actions in a menu bar hidden until "Toggle menu bar".
const puck = vi.hoisted(
  (): { edited: unknown; props: PuckProps | undefined; frame: Document | undefined } => ({
    edited: undefined,
    props: undefined,
    frame: undefined,
  }),
);
vi.mock('@puckeditor/core', () => ({
  fieldsPlugin: () => ({ name: 'fields', render: () => <form aria-label="Puck fields" />, mobileOnly: true }),
  Puck: (props: PuckProps) => {
    const { config, data, headerTitle, overrides } = props;
    puck.props = props;
    puck.edited = { ...data, content: data.content.slice(1) };
    puck.frame ??= document.implementation.createHTMLDocument('preview');
    const actions = overrides.headerActions({ children: null });
    const puckHeader = (
      <header>
        <h2>{headerTitle}</h2>
        <button type="button" title="Toggle menu bar" />
        <div hidden>{actions}</div>
      </header>
    );
    const blocks = data.content.map((block) => (
      <div key={block.props.id}>{config.components[block.type]?.render(block.props)}</div>
    ));
    const Frame = overrides.iframe ?? (({ children }: { children: ReactNode }) => children);
    const Preview = overrides.preview ?? (({ children }: { children: ReactNode }) => children);
    return (
      <section aria-label={headerTitle}>
        {overrides.header ? overrides.header({ actions, children: puckHeader }) : puckHeader}
        <Preview>
          <Frame document={puck.frame}>{blocks}</Frame>
        </Preview>
        <select className="_ViewportControls-zoomSelect_v26yb_79">
          <option value="1">100%</option>
        </select>
      </section>
    );
  },
  createUsePuck:
    () =>
    <T,>(select: (state: object) => T) =>
      select({
        history: { hasPast: true, hasFuture: false },
        appState: { ui: { leftSideBarVisible: true, rightSideBarVisible: true } },
      }),
  useGetPuck: () => () => ({
    appState: { data: puck.edited, ui: { viewports: {} } },
    dispatch: () => undefined,
    history: { back: () => undefined, forward: () => undefined },
  }),
}));

const path = '/api/event/hub-pages/hub-1/page/';
/** A page as the API answers it before it is first saved: the default layout of its owner and kind. */
const neverSaved = (...[owner, kind, eventType]: Parameters<typeof defaultPage>): StoredPage => ({
  kind,
  builder_raw_json: defaultPage(owner, kind, eventType),
  is_default: true,
  updated_at: null,
});

const stored = neverSaved('hub_page', 'landing');
const routes =
  (get: () => Response): ExtraRoutes =>
  (url, init) => {
    // The hub page whose builder the tests open (its builder's page is another call, `path`).
    if (url === '/api/event/hub-pages/hub-1/') return json(200, partnerHub);
    if (url.split('?')[0] !== path) return undefined;
    if (init.method === 'PUT')
      return json(200, { ...stored, ...(JSON.parse(init.body as string) as object), is_default: false });
    return get();
  };

beforeEach(() => {
  puck.frame = undefined;
});

describe('the hub page builder', () => {
  it('loads the page, previews its blocks as the page renders them, and saves it with a toast', async () => {
    // The server answers what the blocks show today: the hub page's own title and events.
    const preview: StoredPage['preview'] = {
      owner: {
        title: 'Spring hub',
        description: null,
        start_time: null,
        end_time: null,
        timezone: null,
        location: null,
      },
      agenda: [],
      speakers: [],
      booths: [],
      events: [
        {
          title: 'Launch night',
          start_time: '2031-05-01T18:00:00.000Z',
          timezone: 'UTC',
          registerUrl: 'https://events.example/e/1/register',
        },
      ],
      registerUrl: '#',
      videos: {},
    };
    const { fetchMock } = openStudio('/pages/hub-1/hub-page-builder', {
      user: ada,
      routes: routes(() => json(200, { ...stored, preview })),
    });
    const builder = await screen.findByRole('region', { name: 'Landing page' });
    expect(within(builder).getByRole('heading', { name: 'Spring hub', level: 1 })).toBeTruthy();
    expect(within(builder).getByRole('heading', { name: 'Events' })).toBeTruthy();
    expect(within(builder).getByRole('link', { name: 'Launch night' }).getAttribute('href')).toBe(
      'https://events.example/e/1/register',
    );
    expect(callsTo(fetchMock, path)[0]?.url).toBe(`${path}?kind=landing`);
    expect(within(builder).getByRole('combobox', { name: 'Zoom' })).toBeTruthy();

    await userEvent.setup({ delay: null }).click(within(builder).getByRole('button', { name: 'Publish' }));
    await screen.findByText(pageMessages.pageSaved);
    const put = callsTo(fetchMock, path).find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      builder_raw_json: { ...stored.builder_raw_json, content: stored.builder_raw_json.content.slice(1) },
    });
  });

  it('heads the builder with the hub page’s name, as a workspace heads its builders', async () => {
    openStudio('/pages/hub-1/hub-page-builder', { user: ada, routes: routes(() => json(200, stored)) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Partner hub' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Landing page' })).toBeTruthy();
  });

  it('says so when the page cannot be loaded', async () => {
    openStudio('/pages/hub-1/hub-page-builder', {
      user: ada,
      routes: routes(() => json(500, { message: 'down', code: 'INTERNAL_ERROR' })),
    });
    await waitFor(() =>
      expect(screen.getAllByText(registrationMessages.failedToLoadPageBuilder).length).toBeGreaterThan(0),
    );
  });
});

describe('the event registration page builder', () => {
  const eventPagePath = '/api/event/e-1/page/';
  const registrationPage = neverSaved('event', 'registration');
  const openBuilder = (page: StoredPage = registrationPage) =>
    openStudio('/events/e-1/registration-new/page/page-builder', {
      user: ada,
      routes: (url) => {
        const route = url.split('?')[0];
        if (route === '/api/event/e-1/')
          return json(
            200,
            eventFixture({
              id: 'e-1',
              title: 'Summit',
              registration_form_data: { id: 'f-1', is_global_form: true },
            }),
          );
        if (route === eventPagePath) return json(200, page);
        if (route === '/api/event/forms/f-1/')
          return json(
            200,
            registrationFormFixture({
              formio_data: {
                components: [
                  { type: 'textfield', key: 'company', label: 'Company', validate: { required: true } },
                ],
              },
            }),
          );
        return undefined;
      },
    });

  it('previews the blocks in a frame that wears the attendee pages’ stylesheet, not the studio’s', async () => {
    openBuilder();
    const builder = await screen.findByRole('region', { name: 'Registration page' });
    // Puck copies no studio style into its frame; the frame's head has the attendee pages' one.
    expect(puck.props?.iframe).toEqual({ enabled: true, syncHostStyles: false });
    const style = puck.frame?.head.querySelector('style[data-attendee-page-style]');
    expect(style?.textContent).toBe(ATTENDEE_PAGE_STYLE);
    expect(style?.textContent).toContain('.page-speakers img{display:block;width:5rem;height:5rem');
    // The blocks sit as the attendee site lays a built page out: <main><div class="built-page">.
    const speakers = within(builder).getByRole('heading', { name: 'Speakers' });
    expect(speakers.closest('main > .built-page')).toBeTruthy();
    expect(puck.props?.viewports).toEqual(PREVIEW_VIEWPORTS);
  });

  it('previews no Speakers heading for an event without speakers, as its attendee page shows none', async () => {
    openBuilder({
      ...registrationPage,
      preview: {
        owner: {
          title: 'Summit',
          description: null,
          start_time: '2031-05-01T13:00:00.000Z',
          end_time: '2031-05-01T14:00:00.000Z',
          timezone: 'UTC',
          location: null,
        },
        agenda: [],
        speakers: [],
        booths: [],
        events: [],
        registerUrl: '#',
        videos: {},
      },
    });
    const builder = await screen.findByRole('region', { name: 'Registration page' });
    expect(within(builder).getByRole('heading', { name: 'Summit', level: 1 })).toBeTruthy();
    expect(within(builder).queryByRole('heading', { name: 'Speakers' })).toBeNull();
    // The block stays selectable in the builder: a note says why attendees do not see it.
    expect(within(builder).getByText(emptyBlockNotes.Speakers!)).toBeTruthy();
  });

  it('draws each of the page’s fields once on a wide screen (Puck’s phone tab of them draws nothing)', async () => {
    openBuilder();
    await screen.findByRole('region', { name: 'Registration page' });
    const plugin = (puck.props?.plugins ?? []).find((candidate) => candidate.name === 'fields');
    const Render = plugin?.render;
    expect(Render).toBeTypeOf('function');
    const { container, unmount } = renderWidget(<>{Render && <Render />}</>);
    expect(container.querySelector('form')).toBeNull();
    unmount();
    const setupMatchMedia = window.matchMedia.bind(window);
    window.matchMedia = (query: string) => ({
      ...setupMatchMedia(query),
      matches: query === PUCK_PHONE_QUERY,
    });
    try {
      const phone = renderWidget(<>{Render && <Render />}</>);
      expect(phone.container.querySelector('form[aria-label="Puck fields"]')).toBeTruthy();
      phone.unmount();
    } finally {
      window.matchMedia = setupMatchMedia;
    }
  });

  it('shows the event’s registration form in the Register block, one that sends nothing', async () => {
    openBuilder();
    const builder = await screen.findByRole('region', { name: 'Registration page' });
    const form = await within(builder).findByRole('form', { name: 'Registration form' });
    expect(form.closest('section.page-registrationform')).toBeTruthy();
    for (const name of ['First name', 'Last name', 'Email', 'Company'])
      expect(within(form).getByRole('textbox', { name: new RegExp(`^${name}`) })).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Register' }).getAttribute('type')).toBe('button');
    expect(form.hasAttribute('action')).toBe(false);
    expect(form.querySelector('script')).toBeNull();
  });

  it('wears the event’s saved branding as its attendee page does (its CSS variables on the frame’s root)', async () => {
    openStudio('/events/e-1/registration-new/page/page-builder', {
      user: ada,
      routes: (url) => {
        const route = url.split('?')[0];
        if (route === '/api/event/e-1/')
          return json(200, {
            ...eventFixture({ id: 'e-1', title: 'Summit' }),
            theme_secondary_color: '#AA3300',
            secondary_text_color: '#FFEEDD',
            is_logo_visible: true,
            logo_url: 'https://cdn.example/logo.png',
            theme_obj: null,
          });
        if (route === eventPagePath) return json(200, registrationPage);
        return undefined;
      },
    });
    await screen.findByRole('region', { name: 'Registration page' });
    await waitFor(() =>
      expect(puck.frame?.documentElement.style.getPropertyValue('--brand-button-background')).toBe('#AA3300'),
    );
    expect(puck.frame?.documentElement.style.getPropertyValue('--brand-button-text')).toBe('#FFEEDD');
  });

  it('keeps Publish, undo and redo in sight without the menu bar’s toggle (a phone’s header)', async () => {
    openBuilder();
    const builder = await screen.findByRole('region', { name: 'Registration page' });
    expect(within(builder).getByRole('button', { name: 'Publish' })).toBeTruthy();
    expect(within(builder).getByRole('button', { name: 'Undo' })).toBeTruthy();
    expect(within(builder).getByRole('button', { name: 'Redo' })).toBeTruthy();
    expect(within(builder).queryByTitle('Toggle menu bar')).toBeNull();
  });

  it('opens on a phone with the blocks panel closed, where Puck shows its header (Publish)', async () => {
    onPhone();
    try {
      openBuilder();
      await screen.findByRole('region', { name: 'Registration page' });
      expect(puck.props?.ui).toMatchObject({ leftSideBarVisible: false });
    } finally {
      onWideScreen();
    }
  });

  describe('leaving with changes not published', () => {
    const dashboard = () => screen.getAllByRole('link', { name: 'Dashboard' })[0]!;
    const builderPath = '/events/e-1/registration-new/page/page-builder';
    // Puck tells of its page as it changes, the page opened too (as it fills it in: its zones).
    const puckChanges = (data: unknown) => act(() => puck.props?.onChange?.(data));
    const opened = () => ({ ...puck.props!.data, zones: {} });

    it('asks first: Cancel stays with the changes, Discard leaves', async () => {
      const { router } = openBuilder();
      await screen.findByRole('region', { name: 'Registration page' });
      puckChanges(opened());
      puckChanges(puck.edited);
      const user = userEvent.setup({ delay: null });
      await user.click(dashboard());
      await screen.findByText(DISCARD_CHANGES_QUESTION);
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByText(DISCARD_CHANGES_QUESTION)).toBeNull());
      expect(router.state.location.pathname).toBe(builderPath);
      expect(screen.getByRole('region', { name: 'Registration page' })).toBeTruthy();
      await user.click(dashboard());
      await user.click(await screen.findByRole('button', { name: 'Discard' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/events/e-1/dashboard'));
    });

    it('leaves a page just opened at once, as Puck fills it in', async () => {
      const { router } = openBuilder();
      await screen.findByRole('region', { name: 'Registration page' });
      puckChanges(opened());
      await userEvent.setup({ delay: null }).click(dashboard());
      await waitFor(() => expect(router.state.location.pathname).toBe('/events/e-1/dashboard'));
      expect(screen.queryByText(DISCARD_CHANGES_QUESTION)).toBeNull();
    });

    it('leaves at once once the changes are published', async () => {
      const { router } = openBuilder();
      const builder = await screen.findByRole('region', { name: 'Registration page' });
      puckChanges(puck.edited);
      const user = userEvent.setup({ delay: null });
      await user.click(within(builder).getByRole('button', { name: 'Publish' }));
      await screen.findByText(pageMessages.pageSaved);
      await user.click(dashboard());
      await waitFor(() => expect(router.state.location.pathname).toBe('/events/e-1/dashboard'));
      expect(screen.queryByText(DISCARD_CHANGES_QUESTION)).toBeNull();
    });
  });

  it('opens wider with the blocks panel as Puck has it', async () => {
    openBuilder();
    await screen.findByRole('region', { name: 'Registration page' });
    expect(puck.props?.ui).not.toHaveProperty('leftSideBarVisible');
  });
  it('says when attendees of an occurrence see its repeating event’s on-demand page, linking to its builder', async () => {
    const onDemand = neverSaved('event', 'on_demand', 'Webinar');
    const openOnDemand = (answer: StoredPage) =>
      openStudio('/webinar/e-1/on-demand-page-builder', {
        user: ada,
        routes: (url) => {
          const route = url.split('?')[0];
          if (route === '/api/event/e-1/')
            return json(200, eventFixture({ id: 'e-1', title: 'Weekly demo', event_type: 'Webinar' }));
          if (route === eventPagePath) return json(200, answer);
          return undefined;
        },
      });
    openOnDemand(onDemand);
    await screen.findByRole('region', { name: 'On-demand page' });
    expect(screen.queryByText(repeatingOnDemandNote, { exact: false })).toBeNull();
    cleanup();

    openOnDemand({ ...onDemand, repeating_event: 's-1' });
    expect(await screen.findByText(repeatingOnDemandNote, { exact: false })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Edit the repeating event’s on-demand page' });
    expect(link.getAttribute('href')).toBe('/repeating-event/s-1/on-demand-page-builder');
    expect(screen.getByRole('region', { name: 'On-demand page' })).toBeTruthy();
  });
});

describe('the repeating event’s on-demand page builder', () => {
  it('says where attendees see the page, with its next occurrence’s on-demand address', async () => {
    const onDemandPath = pageApiPath('series', 's-1', 'on_demand').split('?')[0];
    openStudio('/repeating-event/s-1/on-demand-page-builder', {
      user: ada,
      routes: (url) => {
        const route = url.split('?')[0];
        if (route === onDemandPath) return json(200, neverSaved('series', 'on_demand'));
        if (route === '/api/event/series/s-1/') return json(200, weeklyRepeatingEvent('e-9'));
        if (route === '/api/event/e-9/attendee_links/')
          return json(200, {
            landing: 'https://events.example/e/e-9',
            register: 'https://events.example/e/e-9/register',
            on_demand: 'https://events.example/e/e-9/on-demand',
            embed: null,
            check_in: 'https://events.example/check-in/e-9',
            self_check_in: 'https://events.example/check-in/e-9/self',
          });
        return undefined;
      },
    });
    expect(await screen.findByText(repeatingEventOnDemandNote)).toBeTruthy();
    const next = await screen.findByRole('group', { name: 'Next occurrence’s on-demand page' });
    expect(within(next).getByText('https://events.example/e/e-9/on-demand')).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'On-demand page' })).toBeTruthy();
  });
});

describe('the series registration page builder', () => {
  const seriesPagePath = pageApiPath('series', 's-1', 'registration').split('?')[0];
  const kitPath = `/api/core/organization/${ada.organization}/brand_kit/`;
  const registrationPage = neverSaved('series', 'registration');
  const openBuilder = (permissions?: readonly string[]) =>
    openStudio('/series/s-1/registration/page/page-builder', {
      user: ada,
      ...(permissions ? { permissions } : {}),
      routes: (url) => {
        const route = url.split('?')[0];
        if (route === seriesPagePath) return json(200, registrationPage);
        if (route === '/api/event/series/s-1/') return json(200, seriesFixture());
        if (route === kitPath)
          return json(200, {
            organization: ada.organization,
            theme_secondary_color: '#117733',
            theme_obj: null,
          });
        if (route === '/api/event/')
          return listPage([
            // Ended: the attendee page leaves it out, and its form.
            eventFixture({
              id: 'e-0',
              title: 'Past session',
              start_time: '2020-01-01T10:00:00Z',
              end_time: '2020-01-01T11:00:00Z',
              registration_form_data: { id: 'f-old', is_global_form: true },
            }),
            eventFixture({
              id: 'e-1',
              title: 'June session',
              start_time: '2031-06-01T10:00:00Z',
              end_time: '2031-06-01T11:00:00Z',
              registration_form_data: { id: 'f-1', is_global_form: true },
            }),
            eventFixture({
              id: 'e-2',
              title: 'July session',
              start_time: '2031-07-01T10:00:00Z',
              end_time: '2031-07-01T11:00:00Z',
            }),
          ]);
        if (route === '/api/event/forms/f-1/')
          return json(
            200,
            registrationFormFixture({
              formio_data: { components: [{ type: 'textfield', key: 'company', label: 'Company' }] },
            }),
          );
        return undefined;
      },
    });

  it('shows the series’ form as its attendee page does: its upcoming events’ boxes, its first one’s form', async () => {
    openBuilder();
    const builder = await screen.findByRole('region', { name: 'Registration page' });
    const form = await within(builder).findByRole('form', { name: 'Registration form' });
    expect(await within(form).findByRole('textbox', { name: /^Company/ })).toBeTruthy();
    const choices = within(form).getByRole('group', { name: attendeePageMessages.chooseEvents });
    expect(within(choices).getByRole('checkbox', { name: /June session/ })).toBeTruthy();
    expect(within(choices).getByRole('checkbox', { name: /July session/ })).toBeTruthy();
    expect(within(choices).queryByRole('checkbox', { name: /Past session/ })).toBeNull();
  });

  it('wears the organisation’s brand kit, as the series’ attendee page does', async () => {
    openBuilder();
    await screen.findByRole('region', { name: 'Registration page' });
    await waitFor(() =>
      expect(puck.frame?.documentElement.style.getPropertyValue('--brand-button-background')).toBe('#117733'),
    );
  });

  it('keeps the stylesheet’s defaults, with no call refused, for a member who may not read the kit', async () => {
    const { fetchMock } = openBuilder(['event:read', 'event:update']);
    const builder = await screen.findByRole('region', { name: 'Registration page' });
    await within(builder).findByRole('form', { name: 'Registration form' });
    expect(callsTo(fetchMock, kitPath)).toEqual([]);
    expect(puck.frame?.documentElement.style.getPropertyValue('--brand-button-background')).toBe('');
  });
});

describe('the template registration page builder', () => {
  it('shows the form the template’s events will ask (its chosen form), in the template’s branding', async () => {
    const templatePagePath = pageApiPath('template', 't-1', 'registration').split('?')[0];
    openStudio('/templates/t-1/registration/page-builder', {
      user: ada,
      routes: (url) => {
        const route = url.split('?')[0];
        if (route === templatePagePath) return json(200, neverSaved('template', 'registration'));
        if (route === '/api/event/studio-templates/t-1/')
          return json(200, {
            ...launchTemplate(),
            registration_form_data: { id: 'f-1', is_global_form: true },
            theme_secondary_color: '#334455',
            theme_obj: null,
          });
        if (route === '/api/event/forms/f-1/')
          return json(
            200,
            registrationFormFixture({
              formio_data: { components: [{ type: 'textfield', key: 'company', label: 'Company' }] },
            }),
          );
        return undefined;
      },
    });
    const builder = await screen.findByRole('region', { name: 'Registration page' });
    const form = await within(builder).findByRole('form', { name: 'Registration form' });
    expect(await within(form).findByRole('textbox', { name: /^Company/ })).toBeTruthy();
    await waitFor(() =>
      expect(puck.frame?.documentElement.style.getPropertyValue('--brand-button-background')).toBe('#334455'),
    );
  });
});

describe('the preview’s first screen', () => {
  it('is the widest that fits the canvas at half size or more, else the phone', () => {
    expect(fittingViewport(344).label).toBe('Phone');
    expect(fittingViewport(150).label).toBe('Phone');
    expect(fittingViewport(400).label).toBe('Tablet');
    expect(fittingViewport(1000).label).toBe('Desktop');
  });
});
