// Copies text to the clipboard and says so (the status is announced to screen readers).
import { useState } from "react";

/** A button that copies `text`. */
export function CopyButton({ text, label = "Copy" }: { readonly text: string; readonly label?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      // Clipboard access is refused outside secure contexts: the text stays selectable.
      setState("failed");
    }
  };
  return (
    <>
      <button type="button" onClick={() => void copy()}>{label}</button>
      <span role="status" className="hint">{state === "copied" ? "Copied." : state === "failed" ? "Copy failed: select the text and copy it." : ""}</span>
    </>
  );
}
