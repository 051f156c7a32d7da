import {
  ACCEPTED_IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_MEGABYTES,
  UPLOAD_MESSAGES,
} from '@medhire/contract/uploads';
import { Button } from '@medhire/ui/button.tsx';
import { BuildingIcon } from '@medhire/ui/icons.tsx';
import { ProgressBar } from '@medhire/ui/progress-bar.tsx';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { describeError } from '../../../lib/http.ts';
import { isAbortError } from '../../../lib/upload.ts';
import { organizationApi } from '../api/organization-api.ts';

interface LogoUpload {
  previewUrl: string;
  fraction: number;
  controller: AbortController;
}

const LOGO_TYPES = ACCEPTED_IMAGE_TYPES.join(',');

export interface LogoFieldProps {
  /** The stored logo's url, '' for none. */
  value: string;
  onChange: (url: string) => void;
  onBusyChange: (isBusy: boolean) => void;
  error?: string;
}

/** The organisation logo: choose an image, watch it upload, replace or remove it. */
export function LogoField({ value, onChange, onBusyChange, error }: LogoFieldProps) {
  const id = useId();
  const [upload, setUpload] = useState<LogoUpload | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const uploadRef = useRef<LogoUpload | null>(null);
  uploadRef.current = upload;

  useEffect(() => onBusyChange(upload !== null), [upload, onBusyChange]);
  useEffect(() => () => uploadRef.current?.controller.abort(), []);

  const finish = () => {
    setUpload((current) => {
      if (current) URL.revokeObjectURL(current.previewUrl);
      return null;
    });
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setUploadError(UPLOAD_MESSAGES.unsupportedImageType);
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      setUploadError(UPLOAD_MESSAGES.imageTooLarge);
      return;
    }
    uploadRef.current?.controller.abort();
    setUploadError(null);
    const controller = new AbortController();
    setUpload({ previewUrl: URL.createObjectURL(file), fraction: 0, controller });
    organizationApi
      .uploadImage(file, {
        signal: controller.signal,
        onProgress: ({ fraction }) =>
          setUpload((current) => (current?.controller === controller ? { ...current, fraction } : current)),
      })
      .then((uploaded) => {
        onChange(uploaded.url);
        finish();
      })
      .catch((reason: unknown) => {
        if (isAbortError(reason) || controller.signal.aborted) return;
        setUploadError(describeError(reason));
        finish();
      });
  };

  const cancel = () => {
    upload?.controller.abort();
    finish();
  };

  const shown = upload?.previewUrl ?? value;
  const message = uploadError ?? error;

  return (
    <div className="logo-field">
      <div className="logo-field__preview">
        {shown ? <img src={shown} alt="Organization logo" /> : <BuildingIcon size={32} />}
      </div>
      <div className="logo-field__body">
        <p className="field__label" id={`${id}-label`}>
          Logo <span className="field__optional">(optional)</span>
        </p>
        <p className="field__hint">
          A square JPEG, PNG or WebP image up to {MAX_IMAGE_MEGABYTES} MB looks best.
        </p>
        {upload && <ProgressBar fraction={upload.fraction} label="Uploading logo" />}
        <div className="logo-field__actions">
          <label className="button button--secondary button--sm file-button">
            <input
              type="file"
              accept={LOGO_TYPES}
              className="visually-hidden"
              onChange={onFile}
              aria-describedby={message ? `${id}-error` : undefined}
            />
            {value || upload ? 'Replace logo' : 'Upload logo'}
          </label>
          {upload && (
            <Button variant="ghost" size="sm" onClick={cancel}>
              Cancel upload
            </Button>
          )}
          {value && !upload && (
            <Button variant="ghost" size="sm" onClick={() => onChange('')}>
              Remove logo
            </Button>
          )}
        </div>
        {message && (
          <p className="field__error" id={`${id}-error`} role="alert">
            {message}
          </p>
        )}
      </div>
    </div>
  );
}
