export * from './api.ts';
export * from './constants.ts';
export * from './form-components.ts';
export * from './messages.ts';
export * from './emails.ts';
