// The preview's data JSON is the user's scratch input, not part of the template: kept per template in this
// browser (localStorage), so it survives reloads without being stored on the server.

const key = (templateId: string) => `docsvc:data:${templateId}`;

/** The saved data text, or a default. */
export function loadSampleData(templateId: string): string {
  try {
    return localStorage.getItem(key(templateId)) ?? '{\n  "name": "world"\n}\n';
  } catch {
    return "{}";
  }
}

/** Saves the data text (quota errors are ignored: the data is only a convenience). */
export function saveSampleData(templateId: string, text: string): void {
  try {
    localStorage.setItem(key(templateId), text);
  } catch {
    /* storage full or disabled */
  }
}

/** Whether data was saved for this template in this browser. */
export function hasSampleData(templateId: string): boolean {
  try {
    return localStorage.getItem(key(templateId)) !== null;
  } catch {
    return false;
  }
}

/**
 * The copy an earlier version of the app left in this browser for a template whose sample data is now kept
 * with the template (the designer moves it there once), or null when there is none.
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
