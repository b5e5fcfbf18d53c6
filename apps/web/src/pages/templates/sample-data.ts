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
