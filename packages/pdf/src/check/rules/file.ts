// File structure (ISO 19005-2 6.1): the header, the binary comment after it, the file identifier, no encryption.
import { finding, type CheckContext, type CheckFinding } from "../context.js";

export function fileRules(ctx: CheckContext): CheckFinding[] {
  const archive = ctx.archive;
  if (archive === undefined) return [];
  const out: CheckFinding[] = [];
  const head = Buffer.from(ctx.head).toString("latin1");
  const header = /^%PDF-1\.([0-9])(\r\n|\r|\n)/.exec(head);
  if (header === null || Number(header[1]) > 7) {
    out.push(finding(archive.standard, "6.1.2-1", "the file must begin at byte 0 with a %PDF-1.n header (n from 0 to 7) and an end-of-line"));
  } else {
    // The comment line right after the header: % and at least four bytes above 127 (the file is binary).
    const after = head.slice(header[0].length);
    const comment = /^%([^\r\n]*)/.exec(after);
    const high = comment === null ? 0 : [...comment[1]!].filter((c) => c.charCodeAt(0) > 127).length;
    if (high < 4) out.push(finding(archive.standard, "6.1.2-2", "the header must be followed by a comment of at least four bytes above 127 (the binary marker)"));
  }
  const id = ctx.model.array(ctx.model.trailer["/ID"]);
  if (id === undefined || id.length !== 2) out.push(finding(archive.standard, "6.1.3-1", "the trailer must hold a file identifier (/ID with two strings)"));
  if (ctx.model.encrypted || ctx.model.trailer["/Encrypt"] !== undefined) out.push(finding(archive.standard, "6.1.3-2", "the file must not be encrypted (the trailer holds /Encrypt)"));
  return out;
}
