export * from './registration-domains.ts';
export * from './email-sender.ts';
