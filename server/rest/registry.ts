import { INBOX_METHODS } from '../modules/messages/messages.rest-methods';
import { MEMBER_METHODS } from './member-methods';
import { REGISTRATION_METHODS } from '../modules/registration/registration.rest-methods';
import { SESSION_METHODS } from '../modules/session/session.rest-methods';
export { formBoolean, LOG_LEVELS, text, type RestMethod } from './method-kit';
import { empty, method, type RestMethod } from './method-kit';

/**
 * The documented `rest/*` methods (spec 000 section 7), one entry each, in the order of the groups below (the method
 * shape and the shared input pieces are in ./method-kit.ts).
 */
export const REST_METHODS: RestMethod[] = [...SESSION_METHODS, ...MEMBER_METHODS, ...REGISTRATION_METHODS, ...INBOX_METHODS];

/**
 * `login{product}` (spec 000 section 7): the first-login data sync. The product name is the tenant's
 * (`loginMvbv` on the main tenant, `loginNoevk` on the regional one); the other tenant's name is unknown (404).
 */
export const LOGIN_PRODUCT_METHOD: RestMethod = method({
  name: 'login{product}',
  input: empty,
  auth: 'flow',
  async run(ctx) {
    return { status: await ctx.services.loginFlow.synchronizeLoginData(await ctx.requireFlowSession()) };
  },
});

export const REST_REGISTRY: ReadonlyMap<string, RestMethod> = new Map(REST_METHODS.map((m) => [m.name, m]));

/** The method registered under `name` for this tenant, or undefined (answered 404). */
export function findRestMethod(name: string, tenant: { loginProduct: string }): RestMethod | undefined {
  if (name === `login${tenant.loginProduct}`) return LOGIN_PRODUCT_METHOD;
  return REST_REGISTRY.get(name);
}
