import { htmlLayout, type MailMessage } from "../message.js";

/** Excerpt length in the email: enough to recognise the comment, short enough for a notification. */
const EXCERPT_CHARS = 280;

/** Tells a member they were @mentioned in a template comment. */
export function mentionMessage(to: string, link: string, authorEmail: string, templateName: string, body: string): MailMessage {
  const chars = [...body.trim()];
  const excerpt = chars.length > EXCERPT_CHARS ? `${chars.slice(0, EXCERPT_CHARS).join("")}…` : chars.join("");
  const lines = [`${authorEmail} mentioned you in a comment on "${templateName}":`, excerpt];
  return {
    kind: "mention",
    to,
    subject: `${authorEmail} mentioned you on ${templateName}`,
    text: `${lines[0]}\n\n${lines[1]}\n\n${link}\n`,
    html: htmlLayout(lines, "Open the template", link),
    link,
  };
}
