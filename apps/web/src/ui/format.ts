// Dates and numbers as people read them.

/** "23 Nov 2026, 15:04" in the browser's locale. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return "never";
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** 1234 → "1,234". */
export function formatCount(n: number): string {
  return n.toLocaleString();
}
