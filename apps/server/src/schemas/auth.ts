// Request bodies of /api/auth/*; component names as the specification names them.
import * as v from "valibot";
import { EmailField, newPasswordField } from "./common.js";

export const SignUpBody = v.object({
  email: EmailField,
  password: newPasswordField("password"),
});

export const LoginBody = v.object({
  email: EmailField,
  password: v.pipe(v.string("password must be a string."), v.nonEmpty("password is required.")),
});

export const VerifyEmailBody = v.object({
  token: v.pipe(v.string("token must be a string."), v.nonEmpty("token is required.")),
});

export const EmailBody = v.object({
  email: EmailField,
});

export const ResetPasswordBody = v.object({
  token: v.pipe(v.string("token must be a string."), v.nonEmpty("token is required.")),
  newPassword: newPasswordField("newPassword"),
});

export const ChangePasswordBody = v.object({
  currentPassword: v.pipe(v.string("currentPassword must be a string."), v.nonEmpty("currentPassword is required.")),
  newPassword: newPasswordField("newPassword"),
});
