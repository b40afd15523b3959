/** All tables; drizzle-kit and the Drizzle client read this module. */
export * from './persons';
export * from './auth';
export * from './employers';
export * from './pension-fund';
export * from './severance-fund';
export * from './messages';
export * from './documents';
export * from './claims';
export * from './mandates';
export * from './bank-accounts';
export * from './eid';
export * from './security-events';
export * from './investment';
export * from './registration';
export * from './profile-changes';
export * from './uploads';
