export * from './api.ts';
export * from './constants.ts';
export * from './form-components.ts';
export * from './list-addresses.ts';
export * from './member-actions.ts';
export * from './messages.ts';
