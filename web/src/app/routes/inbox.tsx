/** Lazy route module of /postfach/posteingang and /postfach/{step}[/{id}] (both tenants). */
export { InboxPage as Component } from '../../features/inbox/components/inbox-page';
