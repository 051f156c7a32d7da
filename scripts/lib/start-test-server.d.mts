export interface StartTestServerOptions {
  /** Seed the demo organisation and its demo employer login (DEMO_DATA=true). */
  demoData?: boolean;
  /** Refuse to start when apps/web/dist/index.html is missing (default true). */
  requireWebBuild?: boolean;
  /** How long to wait for GET /api/health to answer ok (default 60 s). */
  startTimeoutMs?: number;
  /** Extra environment variables for the server process. */
  env?: Record<string, string>;
  /** Extra options for node itself, e.g. ['--cpu-prof']. */
  nodeArgs?: string[];
  /** A DATA_DIR made by prepareDataDir, copied into the new one before the server starts. */
  dataDirFrom?: string;
  /** Leave the data directory in place when the server stops (default false). */
  keepDataDir?: boolean;
}

export interface TestServer {
  baseURL: string;
  port: number;
  dataDir: string;
  pid: number;
  /** Ends the server process and deletes its data directory. */
  stop(): Promise<void>;
  /** The last 64 KiB the server printed on stdout and stderr. */
  output(): string;
}

export const repoRoot: string;
export function findFreePort(): Promise<number>;
export function prepareDataDir(options?: StartTestServerOptions): Promise<string>;
export function startTestServer(options?: StartTestServerOptions): Promise<TestServer>;
