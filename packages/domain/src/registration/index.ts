export * from './api.ts';
export * from './attendee-pages.ts';
export * from './check-in-api.ts';
export * from './constants.ts';
export * from './countries.ts';
export * from './form-components.ts';
export * from './messages.ts';
export * from './profile-fields.ts';
