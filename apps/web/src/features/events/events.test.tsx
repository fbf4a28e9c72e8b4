import { schemaResolver } from '@mantine/form';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { everyEventListChoice } from '@studio/domain/testing';
import { renderWidget, TestTheme } from '../../testing/render-widget.tsx';
import { EventFormFields, eventFieldsOf, newEventValues, type EventFormValues } from './event-form.tsx';
import {
  eventFormSchema,
  eventListAddressSchema,
  eventServerMessages,
  listAddressHref,
  messages,
  type EventListAddress,
} from '@studio/domain';
import { eventListParams } from './event-search.ts';

const parseEventSearch = (raw: Record<string, unknown>) => eventListAddressSchema.parse(raw);
const DEFAULT_EVENT_SEARCH = parseEventSearch({});
const eventsHref = (state: EventListAddress) => listAddressHref('/events', state, DEFAULT_EVENT_SEARCH);

describe('event list address state', () => {
  it('reads defaults from an empty address and leaves them out of it', () => {
    expect(parseEventSearch({})).toEqual(DEFAULT_EVENT_SEARCH);
    expect(eventsHref(DEFAULT_EVENT_SEARCH)).toBe('/events');
  });

  it('round-trips filters, sort, search and page', () => {
    const state = { ...DEFAULT_EVENT_SEARCH, ...everyEventListChoice.state };
    const href = eventsHref(state);
    expect(href).toBe(everyEventListChoice.href);
    const parsed = parseEventSearch(Object.fromEntries(new URL(href, 'http://x').searchParams));
    expect(parsed).toEqual({ ...state, search: 'summit' });
  });

  it('ignores unknown values', () => {
    expect(parseEventSearch({ filter: 'Soon', sort: 'id', page: '-2', workspace: 'theirs' })).toEqual(
      DEFAULT_EVENT_SEARCH,
    );
  });

  it('asks the server for the page, filters and repeating visibility', () => {
    const params = eventListParams(
      { ...DEFAULT_EVENT_SEARCH, page: 2, search: 'x', repeating: 'only', workspace: 'mine' },
      'org-1',
      10,
    );
    expect(Object.fromEntries(params)).toEqual({
      organization: 'org-1',
      limit: '10',
      offset: '10',
      filter: 'UpcomingEvents',
      event_type: 'All',
      ordering: '-start_time',
      title: 'x',
      workspace: 'mine',
      series_type: 'repeating',
    });
  });
});

const REQUIRED = messages.fieldRequired;
const END_AFTER_START = eventServerMessages.endBeforeStart;
/** What the create dialog and the details drawer show for these values. */
const validateEventForm = schemaResolver(eventFormSchema, { sync: true });

describe('event form validation', () => {
  const valid: EventFormValues = { ...newEventValues(), title: 'Launch', timezone: 'UTC' };

  it('accepts a titled event whose end follows its start', () => {
    expect(validateEventForm(valid)).toEqual({});
  });

  it('needs a title, a schedule and an end after the start', () => {
    expect(validateEventForm({ ...valid, title: '  ' }).title).toBe(REQUIRED);
    expect(validateEventForm({ ...valid, startDate: '' }).startDate).toBe('Please enter a valid date');
    expect(validateEventForm({ ...valid, endTime: valid.startTime, endDate: valid.startDate }).endDate).toBe(
      END_AFTER_START,
    );
    expect(validateEventForm({ ...valid, timezone: '' }).timezone).toBe(REQUIRED);
  });

  it('needs no schedule for a recording', () => {
    expect(validateEventForm({ ...valid, eventType: 'Recording', startDate: '' })).toEqual({});
  });

  it('shows the errors and hides the schedule of a recording', async () => {
    const onChange = vi.fn();
    const values = { ...valid, eventType: 'Recording' as const };
    const { rerender } = renderWidget(
      <EventFormFields
        values={valid}
        errors={{ title: REQUIRED }}
        onChange={onChange}
        seriesOptions={[]}
        tagOptions={[]}
        workspaceOptions={null}
      />,
    );
    expect(screen.getByText(REQUIRED)).toBeTruthy();
    expect(screen.getByLabelText(/Start date/)).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/Title/), 'x');
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    rerender(
      <TestTheme>
        <EventFormFields
          values={values}
          errors={{}}
          onChange={onChange}
          seriesOptions={[]}
          tagOptions={[]}
          workspaceOptions={null}
        />
      </TestTheme>,
    );
    expect(screen.queryByLabelText(/Start date/)).toBeNull();
  });
  it('asks where an in-person or hybrid event takes place, and sends it with the event', () => {
    const fields = (values: EventFormValues) => (
      <EventFormFields
        values={values}
        errors={{}}
        onChange={() => undefined}
        seriesOptions={[]}
        tagOptions={[]}
        workspaceOptions={null}
      />
    );
    const { rerender } = renderWidget(fields(valid));
    expect(screen.queryByLabelText('Location')).toBeNull();
    rerender(<TestTheme>{fields({ ...valid, hostType: 'Hybrid' })}</TestTheme>);
    expect(screen.getByLabelText('Location')).toBeTruthy();

    const inPerson = { ...valid, hostType: 'In_Person' as const };
    expect(eventFieldsOf({ ...inPerson, location: '  Harbour Hall ' }, false).location).toBe('Harbour Hall');
    expect(eventFieldsOf({ ...inPerson, location: ' ' }, false).location).toBeNull();
    // A virtual event keeps the place it had.
    expect(eventFieldsOf({ ...valid, location: 'Harbour Hall' }, false)).not.toHaveProperty('location');
  });
});
