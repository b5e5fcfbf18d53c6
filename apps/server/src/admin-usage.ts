// The admin commands' usage text, apart from admin-cli.ts so that `docsvc --help` loads no database code.
import { PLANS } from "./services/plans.js";

/** The `docsvc admin` lines of the usage text. */
export const ADMIN_USAGE = `  docsvc admin plans                             list the plans and their entitlements (PLANS_FILE applied)
  docsvc admin workspaces [search]               list workspaces (id, plan, name), optionally by name, id or member email
  docsvc admin plan <workspace-id> [plan]        show a workspace's plan, or set it (${PLANS.join(", ")})
`;
