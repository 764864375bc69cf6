// Polling for a state a test waits on (a server that has taken an edit, a
// process that has gone): no time is asserted, only a generous bound kept.

/** Polls until `ready` holds; past `boundMs`, throws `failure()`. */
export async function until(
  ready: () => boolean | Promise<boolean>,
  failure: () => string = () => 'never got there',
  boundMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + boundMs;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(failure());
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
