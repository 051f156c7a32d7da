import { createReadStream } from 'node:fs';
import { access, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { type ExportFile, exportFilePath, exportsDirOf, writeZip } from './export-files.ts';

/** What the browser is told about the file it downloads. */
export interface ExportFileMeta {
  fileKey: string;
  fileName: string;
}

/**
 * Where finished exports are kept: private storage, never served statically. Keys are the
 * export rows' `fileKey` (`<organizationId>/<exportId>.zip`), made by the server only.
 */
export interface ExportStore {
  /** Writes the files as one ZIP under the key; answers its size in bytes. */
  save(fileKey: string, files: readonly ExportFile[]): Promise<number>;
  /** Whether the file is still there (an expired export's file is purged). */
  exists(fileKey: string): Promise<boolean>;
  /** The file's bytes, for the server to stream after its own checks. */
  read(fileKey: string): Promise<Readable>;
  /**
   * A short-lived link that downloads the file without passing through the server, when the
   * storage can sign one (S3); absent on local disk.
   */
  signedUrl?(file: ExportFileMeta): Promise<string>;
  /** Removes the file; removing one that is already gone is not an error. */
  delete(fileKey: string): Promise<void>;
}

/** Exports on local disk under DATA_DIR/exports (one instance, or a shared volume). */
export function createLocalExportStore(dataDir: string): ExportStore {
  const pathOf = (fileKey: string) => exportFilePath(exportsDirOf(dataDir), fileKey);
  return {
    save: (fileKey, files) => writeZip(pathOf(fileKey), files),
    async exists(fileKey) {
      try {
        await access(pathOf(fileKey));
        return true;
      } catch {
        return false;
      }
    },
    async read(fileKey) {
      return createReadStream(pathOf(fileKey));
    },
    async delete(fileKey) {
      await rm(pathOf(fileKey), { force: true });
    },
  };
}
