// Sample data used to be kept per browser (localStorage, `docsvc:data:<id>`); it is now the template's, shared
// in the room and saved with it. A copy this browser still holds is moved into the template once: taken as the
// shared data when the template has none, forgotten when it says the same, and otherwise offered (use it or
// discard it), since the shared data may be a collaborator's. Viewers cannot write it, so theirs stays put.
import { useEffect, useState } from "react";
import { forgetLocalSampleData, localSampleData } from "../../pages/templates/sample-data";
import { sameJson } from "@docsvc/collab-doc";
import { sampleDataOf } from "./session";
import type { DesignerDoc } from "./useDesignerDoc";

/** The local copy on offer (null when none), and the two answers. */
export interface LocalSampleDataOffer {
  readonly text: string | null;
  use(): void;
  discard(): void;
}

/** Moves or offers this browser's old copy of template `templateId`'s sample data, once. */
export function useLocalSampleData(templateId: string, collab: DesignerDoc): LocalSampleDataOffer {
  const [offer, setOffer] = useState<string | null>(null);
  const ready = collab.status === "online" && collab.canEdit && collab.document !== undefined;
  useEffect(() => {
    if (!ready) return;
    const local = localSampleData(templateId);
    if (local === null) return;
    const shared = collab.sampleDataText;
    if (shared.trim() === "") {
      collab.replaceSampleData(local);
      forgetLocalSampleData(templateId);
    } else if (shared === local || (sampleDataOf(local) !== undefined && sameJson(sampleDataOf(shared), sampleDataOf(local)))) {
      forgetLocalSampleData(templateId);
    } else {
      setOffer(local);
    }
    // Once, when the room is ready: later changes of the shared text are not a reason to look again.
  }, [ready, templateId]);
  return {
    text: offer,
    use: () => {
      if (offer !== null) collab.replaceSampleData(offer);
      forgetLocalSampleData(templateId);
      setOffer(null);
    },
    discard: () => {
      forgetLocalSampleData(templateId);
      setOffer(null);
    },
  };
}
