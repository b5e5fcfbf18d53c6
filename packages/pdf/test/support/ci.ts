// Under CI=true a missing tool or service is a failure, not a skip: .ci/run installs or checks every one the suite
// uses, so a skip there would only hide that a part of the suite never ran.

/** `reason` (why a test cannot run here) when skipping is allowed; under CI=true it throws instead. */
export function skipUnlessCi(reason: string | undefined): string | undefined {
  if (reason !== undefined && process.env["CI"] === "true") throw new Error(`CI=true and a test's tool is missing: ${reason}`);
  return reason;
}
