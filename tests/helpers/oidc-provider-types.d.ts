/**
 * The part of oidc-provider (a dev dependency without bundled types) that tests/helpers/oidc-provider.ts uses.
 * oidc-provider's Provider is a Koa application; `callback()` is Koa's node:http request listener.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export class Provider {
    constructor(issuer: string, configuration?: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
  export default Provider;
}
