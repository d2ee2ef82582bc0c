export interface Backend {
  host: string;
  port: number;
}
export interface Nginx {
  port: number;
  baseUrl: string;
  /** nginx's own folder (configuration, pid, temp files). */
  prefix: string;
  /** The master's process id. */
  pid: number | undefined;
  /** Each worker's soft limit on open files (Linux's /proc; [] elsewhere). */
  workerFileLimits(): number[];
  /** What nginx wrote to its error log so far. */
  log(): string;
  /** Rewrites the upstream list and reloads nginx; resolves when the new workers run. */
  setBackends(backends: Backend[]): Promise<void>;
  close(): Promise<void>;
}
export const templatePath: string;
export function renderTemplate(options: { listen: string; backends: Backend[] }): string;
export function startNginx(options: {
  port: number;
  backends: Backend[];
  nginxPath?: string;
}): Promise<Nginx>;
