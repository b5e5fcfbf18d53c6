import { htmlLayout, type MailMessage } from "../message.js";

/** The invitation to join a workspace. */
export function inviteMessage(to: string, link: string, workspaceName: string, inviterEmail: string, role: string): MailMessage {
  const lines = [
    `${inviterEmail} invited you to join the workspace "${workspaceName}" on docsvc as ${role}.`,
    `Open the link below and sign in (or sign up) with ${to} to accept. The invitation is valid for 7 days.`,
  ];
  return {
    kind: "invite",
    to,
    subject: `You are invited to ${workspaceName} on docsvc`,
    text: `${lines[0]}\n\n${lines[1]}\n\n${link}\n`,
    html: htmlLayout(lines, "Accept invitation", link),
    link,
  };
}
