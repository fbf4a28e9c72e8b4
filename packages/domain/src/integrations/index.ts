export * from './webhooks.ts';
export * from './slack.ts';
export * from './crm.ts';
export * from './marketing.ts';
