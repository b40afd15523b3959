/** Lazy route module of /emailChange (the link of the e-mail change mail; public). */
export { EmailChangePage as Component } from '../../features/settings/components/email-change-page';
