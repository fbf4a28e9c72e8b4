export * from './webhooks.ts';
export * from './crm.ts';
