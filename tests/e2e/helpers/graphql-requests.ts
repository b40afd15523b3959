import type { Page, Request } from '@playwright/test';

/** Operations that run on their own schedule, not because of a navigation: the session keep-alive. */
const BACKGROUND_OPERATIONS = new Set(['SessionWatch_KeepAlive']);

function operationName(request: Request): string {
  try {
    const body = JSON.parse(request.postData() ?? '{}') as { operationName?: string };
    return body.operationName ?? '(unnamed)';
  } catch {
    return '(unreadable)';
  }
}

/**
 * Records the GraphQL requests (POST /graphql) the page sends from now on, except the keep-alive; `stop()` ends the
 * recording and returns their operation names in order.
 */
export function recordGraphqlRequests(page: Page): { names: () => string[]; stop: () => string[] } {
  const names: string[] = [];
  const listener = (request: Request) => {
    if (request.method() !== 'POST' || !new URL(request.url()).pathname.endsWith('/graphql')) return;
    const name = operationName(request);
    if (!BACKGROUND_OPERATIONS.has(name)) names.push(name);
  };
  page.on('request', listener);
  return {
    names: () => [...names],
    stop: () => {
      page.off('request', listener);
      return [...names];
    },
  };
}

/** Answers the GraphQL operation `name` with a server error (the call fails for a technical reason); others pass. */
export async function failOperation(page: Page, name: string): Promise<void> {
  await page.route('**/graphql', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as { operationName?: string };
    if (body.operationName === name) await route.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":[{"message":"Internal"}]}' });
    else await route.fallback();
  });
}
