// A markdown element's text as the canvas shows it: headings, paragraphs, bullet and numbered lists, rules,
// bold, italic, inline code and link text, built as React nodes (raw HTML is shown as text, never parsed, as
// the renderer drops it). An approximation for placing things; the preview shows the exact render.
import type { ReactNode } from "react";

const INLINE = /(\*\*[^*]+\*\*|__[^_]+__|\*[^*]+\*|_[^_]+_|`[^`]+`|\[[^\]]+\]\([^)]*\))/g;

function inline(text: string): ReactNode[] {
  return text.split(INLINE).map((part, i) => {
    if (/^(\*\*|__).+\1$/.test(part)) return <strong key={i}>{part.slice(2, -2)}</strong>;
    if (/^(\*|_).+\1$/.test(part)) return <em key={i}>{part.slice(1, -1)}</em>;
    if (/^`.+`$/.test(part)) return <code key={i}>{part.slice(1, -1)}</code>;
    const link = /^\[([^\]]+)\]\([^)]*\)$/.exec(part);
    if (link) return <u key={i}>{link[1]}</u>;
    return part;
  });
}

export function MarkdownView({ text }: { readonly text: string }) {
  const blocks: ReactNode[] = [];
  text.split(/\n/).forEach((line, i) => {
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) blocks.push(<div key={i} style={{ fontWeight: 700, fontSize: `${Math.max(1, 1.6 - heading[1]!.length * 0.15)}em` }}>{inline(heading[2]!)}</div>);
    else if (/^\s*([-*+])\s+/.test(line)) blocks.push(<div key={i} style={{ paddingLeft: "1.2em", textIndent: "-0.8em" }}>• {inline(line.replace(/^\s*[-*+]\s+/, ""))}</div>);
    else if (/^\s*\d+[.)]\s+/.test(line)) blocks.push(<div key={i} style={{ paddingLeft: "1.2em", textIndent: "-1em" }}>{inline(line.trim())}</div>);
    else if (/^\s*(-{3,}|\*{3,}|_{3,})\s*$/.test(line)) blocks.push(<hr key={i} style={{ margin: "0.3em 0", border: 0, borderTop: "1px solid currentColor", opacity: 0.4 }} />);
    else if (line.trim() === "") blocks.push(<div key={i} style={{ height: "0.6em" }} />);
    else blocks.push(<div key={i}>{inline(line)}</div>);
  });
  return <>{blocks}</>;
}
