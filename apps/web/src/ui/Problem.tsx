// Shows an API error readably: the problem's detail plus each field's messages (a field whose messages only
// repeat the detail is not listed again: "A workspace must keep at least one Owner." once, not twice).
import { ApiError, messageOf } from "../api/errors";

/** The error box for a failed call; renders nothing without an error. */
export function Problem({ error }: { readonly error: unknown }) {
  if (error === null || error === undefined) return null;
  const detail = messageOf(error);
  const fields = error instanceof ApiError ? Object.entries(error.problem.errors ?? {}).filter(([, messages]) => !messages.every((m) => m === detail)) : [];
  return (
    <div className="problem" role="alert">
      <p>{detail}</p>
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
