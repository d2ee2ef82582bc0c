/**
 * Loads modules one after another, each evaluated in a task of its own. Module evaluation is one task per import;
 * a module that builds many schemas when it loads (the contract's zod schemas) costs tens of milliseconds on a
 * budget phone, and several such modules imported together make one long task the customer's tap waits behind.
 * A page out of sight gets no timers worth waiting for: there the modules load at once.
 */
export async function loadInTasks(loaders: readonly (() => Promise<unknown>)[]): Promise<void> {
  for (const load of loaders) {
    await load();
    if (document.visibilityState !== "hidden")
      await new Promise<void>((resume) => setTimeout(resume, 0));
  }
}
