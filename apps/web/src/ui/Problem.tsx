// Shows an API error readably: the problem's detail plus each field's messages.
import { ApiError, messageOf } from "../api/errors";

/** The error box for a failed call; renders nothing without an error. */
export function Problem({ error }: { readonly error: unknown }) {
  if (error === null || error === undefined) return null;
  const fields = error instanceof ApiError ? Object.entries(error.problem.errors ?? {}) : [];
  return (
    <div className="problem" role="alert">
      <p>{messageOf(error)}</p>
      {fields.length > 0 && (
        <ul>
          {fields.map(([field, messages]) => (
            <li key={field}>
              <code>{field}</code>: {messages.join(" ")}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
