import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptAttribute, uploadDownloadUrl, UPLOAD_FILE_TYPES, UPLOAD_PURPOSES, type UploadPurpose } from '@contract/uploads';
import { withLng } from '../../lib/url-params';
import type { useFileUpload } from './use-file-upload';
import './file-upload.css';

/** Size in the catalogue's words: `2,4 MB`, `830 KB` (decimal comma, 1 MB = 1024 × 1024 bytes). */
export function formatFileSize(bytes: number): string {
  const number = (value: number) => value.toLocaleString('de-DE', { maximumFractionDigits: 1 });
  if (bytes >= 1024 * 1024) return `${number(bytes / (1024 * 1024))} MB`;
  return `${number(Math.max(1, Math.round(bytes / 1024)))} KB`;
}

interface FileUploadProps {
  /** Label of the file picker. */
  label: string;
  purpose: UploadPurpose;
  /** The state of `useFileUpload(purpose)`, owned by the form so it can read the ids. */
  upload: ReturnType<typeof useFileUpload>;
  /** A refusal of the form itself for this field (e.g. an id the server no longer accepts). */
  fieldError?: string;
  disabled?: boolean;
  /** False for files without a download for the sender (the public upload form): listed by name only. */
  downloadable?: boolean;
}

/**
 * A labelled file picker for one purpose: each chosen file is uploaded at once (with a progress bar), listed with its
 * size and a remove button, and refused files show the server's reason at the field. The allowed types come from the
 * contract (`UPLOAD_PURPOSES`); the server checks the content, the `accept` attribute only helps the picker.
 */
export function FileUpload({ label, purpose, upload, fieldError, disabled, downloadable = true }: FileUploadProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const types = UPLOAD_PURPOSES[purpose].map((type) => UPLOAD_FILE_TYPES[type].ext.toUpperCase()).join(', ');
  const errorText = upload.error
    ? upload.error.code.startsWith('CAPTCHA_')
      ? t(`captcha.error.${upload.error.code as 'CAPTCHA_INVALID'}`)
      : t(`upload.error.${upload.error.code as 'FILE_MISSING'}`, {
          fileName: upload.error.fileName,
          size: upload.error.maxBytes === undefined ? '' : formatFileSize(upload.error.maxBytes),
        })
    : fieldError;
  const describedBy = [`${id}-hint`, errorText ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={errorText ? 'field field--invalid file-upload' : 'field file-upload'}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <p id={`${id}-hint`} className="file-upload__hint">
        {t('upload.hint', { types })}
      </p>
      <input
        ref={input}
        id={id}
        type="file"
        className="file-upload__input"
        accept={acceptAttribute(purpose)}
        multiple
        disabled={disabled || upload.progress !== null}
        aria-describedby={describedBy}
        aria-invalid={errorText ? true : undefined}
        onChange={(event) => {
          const picked = [...(event.target.files ?? [])];
          event.target.value = '';
          void upload.add(picked);
        }}
      />
      {upload.progress ? (
        <div className="file-upload__progress">
          <label htmlFor={`${id}-progress`}>{t('upload.progress', { fileName: upload.progress.fileName })}</label>
          <progress id={`${id}-progress`} max={upload.progress.total || 1} value={upload.progress.loaded} />
        </div>
      ) : null}
      {errorText ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {errorText}
        </p>
      ) : null}
      {upload.files.length > 0 ? (
        <ul className="file-upload__list" aria-label={t('upload.listLabel')}>
          {upload.files.map((file) => (
            <li key={file.id} className="file-upload__item">
              {downloadable ? (
                <a href={withLng(uploadDownloadUrl(file.id))} className="file-upload__name" download>
                  {file.fileName}
                </a>
              ) : (
                <span className="file-upload__name">{file.fileName}</span>
              )}
              <span className="file-upload__size">{formatFileSize(file.size)}</span>
              <button type="button" className="button button--secondary file-upload__remove" onClick={() => upload.remove(file.id)}>
                {t('upload.remove')}
                <span className="visually-hidden"> {file.fileName}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
