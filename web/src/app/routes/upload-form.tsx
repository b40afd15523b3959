/** Lazy route module of /upload-formular. */
export { UploadFormPage as Component } from '../../features/upload-form/components/upload-form-page';
