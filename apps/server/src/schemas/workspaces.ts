// Request bodies of workspaces, invites, API keys and admin operations.
import * as v from "valibot";
import { PLANS } from "../services/plans.js";
import { EmailField, RoleField } from "./common.js";

export const InviteMemberBody = v.object({
  email: EmailField,
  role: v.optional(RoleField, "Editor"),
});

export const UpdateMemberRoleBody = v.object({
  role: RoleField,
});

export const CreateApiKeyBody = v.object({
  name: v.pipe(
    v.string("name must be a string."),
    v.trim(),
    v.nonEmpty("name must not be empty."),
    v.maxLength(100, "name must be at most 100 characters."),
  ),
});

export const SetWorkspacePlanRequest = v.object({
  plan: v.picklist(PLANS, `plan must be one of ${PLANS.join(", ")}.`),
});

export const AdminWorkspacesQuery = v.object({
  search: v.optional(v.string()),
});
