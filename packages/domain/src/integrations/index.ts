export * from './webhooks.ts';
export * from './slack.ts';
