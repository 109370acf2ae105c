import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

/** The state file is held by another running server. */
export class StateLockedError extends Error {
  readonly code = 'STATE_LOCKED';
  constructor(message: string) {
    super(message);
    this.name = 'StateLockedError';
  }
}

/** True when a process with this pid runs (EPERM: it runs under another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `<file>.lock` for this process: created exclusively with our pid. A lock whose pid no
 * longer runs (the server was killed) is stale and taken over; a live one is refused with
 * StateLockedError naming the file and the pid. Returns the function that releases it.
 */
export function lockStateFile(file: string): () => void {
  const lock = `${file}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lock, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(lock, 'utf8').trim() === String(process.pid)) rmSync(lock, { force: true });
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder = NaN;
    try {
      holder = Number(readFileSync(lock, 'utf8').trim());
    } catch {
      continue; // released meanwhile: try again
    }
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) {
      throw new StateLockedError(
        `${file} is in use by another svc-mock server (pid ${holder}, lock file ${lock}); two servers cannot share one state file`,
      );
    }
    rmSync(lock, { force: true }); // stale: its process is gone
  }
  throw new StateLockedError(`${file}: could not take the lock file ${lock}`);
}
