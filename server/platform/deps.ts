/**
 * The process-wide dependencies as the modules see them: an interface the composition root fills in
 * (server/app-deps.ts, by declaration merging), so a module names what it is handed (`deps: AppDeps`, the request
 * context) without importing the root that builds it (decision 0065 "Dependencies handed in"). What it holds:
 * `ProcessDeps` (database, configuration, clock, logger, tenant, stores; server/process-deps.ts) and `services`,
 * the domain services built once (server/services.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by server/app-deps.ts (declaration merging)
export interface AppDeps {}
