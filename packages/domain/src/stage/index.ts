export * from './api.ts';
export * from './decision.ts';
