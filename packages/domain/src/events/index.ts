export * from './enums.ts';
export * from './event-status.ts';
export * from './event-api.ts';
export * from './library-api.ts';
export * from './messages.ts';
export { dateTimeSchema as eventDateTimeSchema, nameRefSchema, type NameRef } from './query.ts';
export * from './recurrence.ts';
export * from './tags.ts';
export * from './timezones.ts';
