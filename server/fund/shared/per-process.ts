import type { AppDeps } from '../../platform/deps';

/**
 * The service of the process `deps` that `build` makes, built on the first call and kept for as long as `deps` lives
 * (one per process, decision 0036), so that a resolver does not rebuild its service for every request.
 */
export function perProcess<T extends object>(build: (deps: AppDeps) => T): (deps: AppDeps) => T {
  const built = new WeakMap<AppDeps, T>();
  return (deps) => {
    let service = built.get(deps);
    if (!service) {
      service = build(deps);
      built.set(deps, service);
    }
    return service;
  };
}
