// The frame of the signed-out pages: a centred card with the product name.
import type { ReactNode } from "react";

/** A centred card with a heading. */
export function AuthCard({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="auth-card">
        <p className="brand" aria-hidden="true">docsvc</p>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
