import { restCall } from './request';

/** Levels of the remote log (spec 000 section 3 "Log message"). */
export type RemoteLogLevel = 'LOG' | 'INFO' | 'DEBUG' | 'WARN' | 'ERROR';

/** Limits the server accepts (server/rest/registry.ts `log`). */
const MAX_COMPONENT = 100;
const MAX_MESSAGES = 20;
const MAX_MESSAGE = 2000;

/** The body of the remote log call, cut to the limits the server accepts. */
export function logEntry(component: string, level: RemoteLogLevel, msgs: readonly string[]) {
  return {
    component: component.slice(0, MAX_COMPONENT),
    level,
    msgs: msgs.slice(0, MAX_MESSAGES).map((message) => message.slice(0, MAX_MESSAGE)),
  };
}

/** The messages describing `error`: name and message, the first lines of the stack, and the route it happened on. */
export function errorMessages(error: unknown, route: string = globalThis.location?.hash ?? ''): string[] {
  const messages =
    error instanceof Error
      ? [
          `${error.name}: ${error.message}`,
          ...(error.stack ?? '')
            .split('\n')
            .slice(1, 6)
            .map((line) => line.trim()),
        ]
      : [String(error)];
  return [...messages, `route ${route}`];
}

/**
 * Sends a client log entry with POST rest/log (spec 000 section 7: JSON body `{component, level, msgs}`, the portal's
 * headers and credentials). The answer is ignored, and so is a failure: logging must never break the screen.
 */
export function remoteLog(component: string, level: RemoteLogLevel, msgs: readonly string[]): void {
  restCall('log', logEntry(component, level, msgs)).catch(() => undefined);
}
