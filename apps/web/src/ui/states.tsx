// Loading and empty states, one look everywhere.

/** A polite loading message. */
export function Loading({ what = "Loading" }: { readonly what?: string }) {
  return (
    <p className="loading" role="status" aria-live="polite">
      {what}…
    </p>
  );
}

/** What a list shows when it has nothing. */
export function Empty({ children }: { readonly children: React.ReactNode }) {
  return <div className="empty">{children}</div>;
}
