import type { TMediaItem, TMediaKind } from '@medhire/contract/organization';
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES, UPLOAD_MESSAGES } from '@medhire/contract/uploads';
import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError } from '../../../lib/http.ts';
import { isAbortError } from '../../../lib/upload.ts';
import { organizationApi } from '../api/organization-api.ts';

export interface MediaUpload {
  id: string;
  name: string;
  kind: TMediaKind;
  /** A local preview of the file while it uploads. */
  previewUrl: string;
  fraction: number;
  status: 'uploading' | 'failed';
  error?: string;
}

function kindOf(file: File): TMediaKind | null {
  if (file.type.startsWith('image/')) return 'image';
  if (file.type.startsWith('video/')) return 'video';
  return null;
}

let nextUploadId = 0;

/**
 * Photos and videos on their way to the server, each with its own progress. A finished upload
 * leaves this list and is handed to `onUploaded` (the form's media list).
 */
export function useMediaUploads(onUploaded: (item: TMediaItem) => void) {
  const [uploads, setUploads] = useState<MediaUpload[]>([]);
  const files = useRef(new Map<string, { file: File; controller: AbortController }>());
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;

  const patch = useCallback((id: string, change: Partial<MediaUpload>) => {
    setUploads((current) => current.map((upload) => (upload.id === id ? { ...upload, ...change } : upload)));
  }, []);

  const drop = useCallback((id: string) => {
    setUploads((current) => {
      const upload = current.find((entry) => entry.id === id);
      if (upload) URL.revokeObjectURL(upload.previewUrl);
      return current.filter((entry) => entry.id !== id);
    });
    files.current.delete(id);
  }, []);

  const start = useCallback(
    (id: string, file: File) => {
      const controller = new AbortController();
      files.current.set(id, { file, controller });
      patch(id, { status: 'uploading', fraction: 0, error: undefined });
      organizationApi
        .uploadMedia(file, {
          signal: controller.signal,
          onProgress: ({ fraction }) => patch(id, { fraction }),
        })
        .then(({ media }) => {
          // The profile keeps what it shows: key, address, thumbnail and kind.
          for (const { key, url, thumbnailUrl, kind } of media) {
            onUploadedRef.current(thumbnailUrl ? { key, url, thumbnailUrl, kind } : { key, url, kind });
          }
          drop(id);
        })
        .catch((error: unknown) => {
          if (isAbortError(error) || controller.signal.aborted) return;
          patch(id, { status: 'failed', error: describeError(error) });
        });
    },
    [patch, drop],
  );

  /**
   * Starts uploading the chosen files. Files that cannot be uploaded (not a photo or video, or
   * over the size limit) are returned with the reason, without a round trip.
   */
  const add = useCallback(
    (chosen: Iterable<File>): { name: string; reason: string }[] => {
      const rejected: { name: string; reason: string }[] = [];
      const added: MediaUpload[] = [];
      const toStart: [string, File][] = [];
      for (const file of chosen) {
        const kind = kindOf(file);
        if (!kind) {
          rejected.push({ name: file.name, reason: UPLOAD_MESSAGES.unsupportedType });
          continue;
        }
        if (file.size > (kind === 'image' ? MAX_IMAGE_BYTES : MAX_VIDEO_BYTES)) {
          const reason = kind === 'image' ? UPLOAD_MESSAGES.imageTooLarge : UPLOAD_MESSAGES.videoTooLarge;
          rejected.push({ name: file.name, reason });
          continue;
        }
        nextUploadId += 1;
        const id = `upload-${nextUploadId}`;
        added.push({
          id,
          name: file.name,
          kind,
          previewUrl: URL.createObjectURL(file),
          fraction: 0,
          status: 'uploading',
        });
        toStart.push([id, file]);
      }
      setUploads((current) => [...current, ...added]);
      for (const [id, file] of toStart) start(id, file);
      return rejected;
    },
    [start],
  );

  const cancel = useCallback(
    (id: string) => {
      files.current.get(id)?.controller.abort();
      drop(id);
    },
    [drop],
  );

  const retry = useCallback(
    (id: string) => {
      const entry = files.current.get(id);
      if (entry) start(id, entry.file);
    },
    [start],
  );

  // Leaving the page cancels what is still uploading.
  useEffect(
    () => () => {
      for (const { controller } of files.current.values()) controller.abort();
    },
    [],
  );

  const isUploading = uploads.some((upload) => upload.status === 'uploading');
  return { uploads, add, cancel, retry, isUploading };
}
