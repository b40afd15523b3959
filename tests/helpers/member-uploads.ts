import { expect } from 'vitest';
import type { PortalClient } from './client';
import { multipart } from './files';

/**
 * Posts one file as the signed-in member's upload for `purpose` (`POST /webportal/upload?purpose=…&lng=de`, the form
 * field `file` as the web app sends it; `contentType` is the part's type, default application/octet-stream). Returns
 * the HTTP status and the JSON answer (`id` on success, the refusal otherwise).
 */
export async function postUpload(client: PortalClient, purpose: string, fileName: string, body: Buffer, contentType = 'application/octet-stream') {
  const { body: form, contentType: formType } = multipart([{ name: 'file', fileName, contentType, body }]);
  const res = await client.fetch(`/webportal/upload?purpose=${purpose}&lng=de`, { method: 'POST', headers: { 'content-type': formType }, body: form });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** Uploads one file as `postUpload` does and returns its upload id; fails the test unless the upload is stored (200). */
export async function uploadedId(client: PortalClient, purpose: string, fileName: string, body: Buffer, contentType?: string): Promise<string> {
  const res = await postUpload(client, purpose, fileName, body, contentType);
  expect(res.status).toBe(200);
  return res.json.id as string;
}
