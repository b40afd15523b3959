/** Chunk-load time-out of spec 000 section 9. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Error raised when a lazily loaded screen does not arrive in time. */
export class ChunkLoadTimeoutError extends Error {
  constructor(ms: number) {
    super(`Loading the screen took longer than ${ms} ms`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

/** Resolves like `promise`, or rejects with `ChunkLoadTimeoutError` after `ms` milliseconds. */
export function withTimeout<T>(promise: Promise<T>, ms: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadTimeoutError(ms)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
