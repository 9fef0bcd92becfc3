/**
 * A Vitest reporter (beside the default one, in both Vitest configs) that ends a run with one line
 * for each test that failed, each test file that could not run (an import that threw, a hook that
 * failed) and each error thrown outside a test, each with the first line of its error:
 *
 *   Failed (2):
 *     FAIL apps/api/src/x.test.ts > orders > refuses a second accept: expected 200 to be 409
 *     ERROR outside any test (Unhandled Rejection): connection terminated
 *
 * The default reporter names them first too, but far above the end when an error's stack is long;
 * `npm test` repeats the last lines of a failed script (scripts/lanes.ts), and these lines are
 * what a reader of only the tail of a run needs. Prints nothing when everything passed.
 */
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

/** The first line of an error's message (its name before it when that is not in the message), at most 300 characters. */
export function firstLine(error: { name?: string; message?: string } | undefined): string {
  const message = (error?.message ?? '').split('\n')[0]!.trim();
  const named =
    error?.name && error.name !== 'Error' && error.name !== 'AssertionError' && !message.startsWith(error.name)
      ? `${error.name}: ${message}`
      : message;
  return (named || 'no message').slice(0, 300);
}

/** The closing lines for these modules and unhandled errors: [] when nothing failed. */
export function failedLines(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): string[] {
  const lines: string[] = [];
  for (const testModule of testModules) {
    const file = testModule.relativeModuleId;
    for (const error of testModule.errors()) lines.push(`  FAIL ${file} (the file did not run): ${firstLine(error)}`);
    for (const test of testModule.children.allTests('failed'))
      lines.push(`  FAIL ${file} > ${test.fullName}: ${firstLine(test.result().errors?.[0])}`);
  }
  // Vitest names what an unhandled error was ('Unhandled Rejection', 'Uncaught Exception') in `type`
  for (const error of unhandledErrors)
    lines.push(`  ERROR outside any test${typeof error.type === 'string' ? ` (${error.type})` : ''}: ${firstLine(error)}`);
  return lines.length ? ['', `Failed (${lines.length}):`, ...lines] : [];
}

/** The reporter: Vitest loads this module's default export by its path. */
export default class FailedTestsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    const lines = failedLines(testModules, unhandledErrors);
    if (lines.length) process.stdout.write(`${lines.join('\n')}\n`);
  }
}
