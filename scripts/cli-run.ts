/** A mistake in how a command was called: printed with the usage, exit code 2. */
export class UsageError extends Error {}

/**
 * Runs a command's `main` and prints what it returns. A UsageError prints the usage (exit 2); any other
 * error its message (exit 1), or what `describe` makes of it; a non-Error is thrown on.
 */
export async function runCli(
  main: (args: string[]) => Promise<string>,
  usage: string,
  describe: (error: Error) => string = (error) => error.message,
): Promise<void> {
  try {
    console.log(await main(process.argv.slice(2)));
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${usage}`);
      process.exitCode = 2;
    } else if (error instanceof Error) {
      console.error(describe(error));
      process.exitCode = 1;
    } else {
      throw error;
    }
  }
}
