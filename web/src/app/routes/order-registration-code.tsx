/** Lazy route module of /orderRegistrationCode. */
export { OrderRegistrationCodePage as Component } from '../../features/registration/components/order-registration-code-page';
