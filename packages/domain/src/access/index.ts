export * from './api.ts';
export * from './flags.ts';
export * from './messages.ts';
export * from './pricing.ts';
export * from './roles.ts';
export * from './rules.ts';
export * from './plan-gates.ts';
