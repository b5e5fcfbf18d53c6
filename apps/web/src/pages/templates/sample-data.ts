// A template's sample data (the data JSON its previews and the designer fill tokens with) is kept with the
// template on the server (`sampleData`, shared and versioned with it). Earlier versions of the app kept it per
// browser in localStorage under `docsvc:data:<id>`; such a copy is moved into the template once (the template
// page's next save, the designer when it opens), then forgotten here.
import type { SampleData } from "../../api/types";

const key = (templateId: string) => `docsvc:data:${templateId}`;

/** What the data editor shows for a template without sample data. */
export const DEFAULT_SAMPLE_TEXT = '{\n  "name": "world"\n}\n';

/** Sample data as the data editors show it. */
export function sampleText(data: SampleData): string {
  return JSON.stringify(data, null, 2);
}

/**
 * The copy an earlier version of the app left in this browser for a template whose sample data is now kept
 * with the template, or null when there is none.
 */
export function localSampleData(templateId: string): string | null {
  try {
    return localStorage.getItem(key(templateId));
  } catch {
    return null;
  }
}

/** Forgets this browser's copy (moved into the template, or discarded). */
export function forgetLocalSampleData(templateId: string): void {
  try {
    localStorage.removeItem(key(templateId));
  } catch {
    /* storage disabled: nothing was kept */
  }
}
