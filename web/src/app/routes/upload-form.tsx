import captcha from '@contract/i18n/de/captcha.json';
import uploadForm from '@contract/i18n/de/upload-form.json';
import uploads from '@contract/i18n/de/uploads.json';
import type { CataloguePart } from '../../i18n/catalogue';

/** Lazy route module of /upload-formular, the plain document upload (main tenant, no login needed). */
export { UploadFormPage as Component } from '../../features/public-uploads/components/upload-form-page';

/** The catalogue parts of the screen's texts, added before it renders. */
export const catalogue: readonly CataloguePart[] = [captcha, uploadForm, uploads];
