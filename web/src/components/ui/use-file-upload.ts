import { useCallback, useRef, useState } from 'react';
import { CAPTCHA_ERROR_CODES, type CaptchaErrorCode } from '@contract/captcha';
import { UPLOAD_PATH, UPLOAD_ERROR_CODES, type UploadErrorCode, type UploadPurpose, type UploadedFile } from '@contract/uploads';
import { APPLICATION_VERSION, notifySessionEnd, portalLanguage } from '../../lib/request';
import { withLng } from '../../lib/url-params';

/** Why an upload failed on the client's side: one of the route's codes, or the transfer broke (`NETWORK`). */
export type FileUploadError = { code: UploadErrorCode | CaptchaErrorCode | 'NETWORK'; maxBytes?: number };

/** State of the one transfer in flight: `loaded` and `total` in bytes. */
export interface UploadProgress {
  fileName: string;
  loaded: number;
  total: number;
}

/**
 * Sends one file to `POST /webportal/upload?purpose=…` (plus the page's `lng`, spec 000 section 1) with XMLHttpRequest, whose upload events give progress
 * (fetch has none). Resolves with the stored file or the refusal; 406/423 also end the session as every other call
 * does (web/src/lib/request.ts). `onProgress` is called with the bytes sent so far.
 */
export function sendUpload(
  file: File,
  purpose: UploadPurpose,
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
  headers: Record<string, string> = {},
): Promise<{ ok: true; file: UploadedFile } | { ok: false; error: FileUploadError }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', withLng(`${UPLOAD_PATH}?purpose=${encodeURIComponent(purpose)}`));
    xhr.setRequestHeader('X-Application-Version', APPLICATION_VERSION);
    xhr.setRequestHeader('Accept-Language', portalLanguage());
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () => {
      const body = (xhr.response ?? {}) as Partial<UploadedFile> & { error?: string; maxBytes?: number };
      if (xhr.status === 200 && typeof body.id === 'string') {
        resolve({ ok: true, file: body as UploadedFile });
        return;
      }
      if (xhr.status === 406) notifySessionEnd('failure');
      if (xhr.status === 423) notifySessionEnd('timeout');
      const known: readonly string[] = [...UPLOAD_ERROR_CODES, ...CAPTCHA_ERROR_CODES];
      const code = known.includes(body.error ?? '') ? (body.error as UploadErrorCode | CaptchaErrorCode) : 'NETWORK';
      resolve({ ok: false, error: body.maxBytes === undefined ? { code } : { code, maxBytes: body.maxBytes } });
    };
    xhr.onerror = () => resolve({ ok: false, error: { code: 'NETWORK' } });
    xhr.onabort = () => resolve({ ok: false, error: { code: 'NETWORK' } });
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/**
 * Uploads for one form field: the stored files (their ids go into the GraphQL input, e.g. `attachmentIds`), the
 * transfer in flight with its progress, and the last refusal. Files are sent one after the other, one per request.
 */
export function useFileUpload(purpose: UploadPurpose, options: { max?: number; headers?: Record<string, string> } = {}) {
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<(FileUploadError & { fileName: string }) | null>(null);
  const abort = useRef<AbortController | null>(null);

  const add = useCallback(
    async (picked: readonly File[]) => {
      setError(null);
      for (const file of picked) {
        if (options.max !== undefined && files.length >= options.max) break;
        abort.current = new AbortController();
        setProgress({ fileName: file.name, loaded: 0, total: file.size });
        const result = await sendUpload(file, purpose, (loaded, total) => setProgress({ fileName: file.name, loaded, total }), abort.current.signal, options.headers);
        setProgress(null);
        if (!result.ok) {
          setError({ ...result.error, fileName: file.name });
          break;
        }
        setFiles((current) => [...current, result.file]);
      }
    },
    [files.length, options.max, options.headers, purpose],
  );

  const remove = useCallback((id: string) => setFiles((current) => current.filter((f) => f.id !== id)), []);
  const reset = useCallback(() => {
    abort.current?.abort();
    setFiles([]);
    setProgress(null);
    setError(null);
  }, []);

  return { files, progress, error, add, remove, reset };
}
