// An image's source: a file uploaded into the document as a data: URL, or a {{token}} naming a data field.
import { useId, useState } from "react";
import { TextProp } from "./fields";

/** Images above this size are refused in the browser: the document is stored and synced whole. */
export const MAX_IMAGE_BYTES = 1_500_000;

export function ImageSource({ value, onChange, readOnly }: { readonly value: string | undefined; readonly onChange: (v: string | undefined) => void; readonly readOnly?: boolean }) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const isData = value?.startsWith("data:") ?? false;
  return (
    <>
      {isData
        ? <p className="d-note">An uploaded image ({Math.round((value!.length * 3) / 4 / 1024)} KB). <button type="button" className="link" disabled={readOnly} onClick={() => onChange(undefined)}>Remove</button></p>
        : <TextProp k="src" label="Source ({{token}} or data: URL)" value={value} onChange={onChange} readOnly={readOnly} placeholder="{{logo}}" />}
      {!readOnly && (
        <div className="d-prop">
          <label htmlFor={id}>Upload an image</label>
          <input id={id} type="file" accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml,image/bmp" data-testid="prop-upload"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (!file) return;
              if (file.size > MAX_IMAGE_BYTES) return setError(`The image is larger than ${MAX_IMAGE_BYTES / 1_000_000} MB; use a smaller one.`);
              setError(null);
              const reader = new FileReader();
              reader.onload = () => typeof reader.result === "string" && onChange(reader.result);
              reader.readAsDataURL(file);
            }} />
          {error && <p className="field-error" role="alert">{error}</p>}
        </div>
      )}
    </>
  );
}
