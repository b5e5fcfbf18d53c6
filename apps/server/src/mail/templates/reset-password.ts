import { htmlLayout, type MailMessage } from "../message.js";

/** The password-reset email sent by forgot-password. */
export function resetPasswordMessage(to: string, link: string): MailMessage {
  const lines = [
    "Someone asked to reset the password of your docsvc account.",
    "Open the link below to choose a new password. The link is valid for 1 hour and works once.",
    "If it was not you, ignore this email: your password stays as it is.",
  ];
  return {
    kind: "reset-password",
    to,
    subject: "Reset your password",
    text: `${lines[0]}\n\n${lines[1]}\n\n${link}\n\n${lines[2]}\n`,
    html: htmlLayout(lines, "Choose a new password", link),
    link,
  };
}
