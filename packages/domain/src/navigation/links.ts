/** Where an event opens in the studio: a recording's page, else its dashboard. */
export const eventHref = (event: { id: string; event_type: string }): string =>
  event.event_type === 'Recording'
    ? `/recording-event/${encodeURIComponent(event.id)}`
    : `/events/${encodeURIComponent(event.id)}/dashboard`;
