import { htmlLayout, type MailMessage } from "../message.js";

/** The address-verification email sent on signup and on resend. */
export function verifyEmailMessage(to: string, link: string): MailMessage {
  const lines = [
    "Welcome to docsvc.",
    "Please confirm your email address by opening the link below. The link is valid for 24 hours.",
    "If you did not create an account, you can ignore this email.",
  ];
  return {
    kind: "verify-email",
    to,
    subject: "Confirm your email address",
    text: `${lines[0]}\n\n${lines[1]}\n\n${link}\n\n${lines[2]}\n`,
    html: htmlLayout(lines, "Confirm email address", link),
    link,
  };
}
