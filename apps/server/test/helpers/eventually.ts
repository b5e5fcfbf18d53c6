// Waiting on a condition instead of sleeping for a guessed time: the tests poll what they wait for.

/** Resolves once `check` holds (polling every 10 ms), or rejects after `ms`. */
export async function eventually(check: () => boolean, ms = 5000, what = "condition"): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
