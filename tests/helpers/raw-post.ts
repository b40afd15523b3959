import { request } from 'node:http';

/** The answer of a `rawPost`: the status, the body as text and the Set-Cookie headers. */
export interface RawAnswer {
  status: number;
  body: string;
  cookies: string[];
}

/**
 * A POST to `path` of the server at `serverUrl` over node:http, for what fetch (and so PortalClient) does not let a
 * caller choose: a forged `Host` header, or the local address the connection leaves from (`localAddress`, any
 * 127.x.y.z is loopback on Linux: a second client IP). `headers` are sent as given, with `Content-Length` added.
 */
export function rawPost(serverUrl: string, path: string, body: string, headers: Record<string, string>, localAddress?: string): Promise<RawAnswer> {
  const url = new URL(serverUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, localAddress, method: 'POST', path, headers: { ...headers, 'Content-Length': Buffer.byteLength(body) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, cookies: res.headers['set-cookie'] ?? [] }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
