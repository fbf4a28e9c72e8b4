export * from './api.ts';
export * from './constants.ts';
export * from './messages.ts';
export * from './rules.ts';
export * from './emails.ts';
