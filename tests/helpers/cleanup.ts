/**
 * Runs every cleanup step even when an earlier one fails (a PostgreSQL postmaster must never
 * outlive the tests), then throws all the failures together.
 */
export async function runEveryStep(steps: readonly (() => unknown)[]): Promise<void> {
  const errors: unknown[] = [];
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) throw new AggregateError(errors, 'cleanup failed');
}
