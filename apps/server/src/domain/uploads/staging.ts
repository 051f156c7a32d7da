import { randomUUID } from 'node:crypto';
import { type FileHandle, mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** A temporary file a large upload is written to while it arrives, before it is stored. */
export interface StagedFile {
  filePath: string;
  handle: FileHandle;
}

export interface Staging {
  create(extension: string): Promise<StagedFile>;
  /** Closes and removes every file this staging created. */
  dispose(): Promise<void>;
}

/** Temporary files of one request, in `dir` (outside the served uploads folder). */
export function createStaging(dir: string): Staging {
  const files: StagedFile[] = [];
  return {
    async create(extension) {
      await mkdir(dir, { recursive: true });
      const filePath = path.join(dir, `${randomUUID()}.${extension}`);
      const handle = await open(filePath, 'wx', 0o600);
      const file = { filePath, handle };
      files.push(file);
      return file;
    },
    async dispose() {
      for (const file of files.splice(0)) {
        await file.handle.close().catch(() => {});
        await rm(file.filePath, { force: true });
      }
    },
  };
}

/**
 * Removes staged files a crashed process left behind. Only old ones: another process sharing
 * the folder may be receiving an upload right now.
 */
export async function removeStaleStagedFiles(dir: string, olderThanMs = 60 * 60_000): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const cutoff = Date.now() - olderThanMs;
  for (const name of names) {
    const filePath = path.join(dir, name);
    const info = await stat(filePath).catch(() => undefined);
    if (info?.isFile() && info.mtimeMs < cutoff) await rm(filePath, { force: true });
  }
}
