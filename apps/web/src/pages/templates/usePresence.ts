// Presence: a heartbeat while the page is open (the server forgets a viewer 30 s after the last one), the
// other viewers polled, and an explicit leave on navigation.
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { presence } from "../../api/endpoints";
import type { Viewer } from "../../api/types";

const HEARTBEAT_MS = 10_000;
const POLL_MS = 5_000;

/** The other users viewing template `id`. */
export function usePresence(id: string, selfId: string): readonly Viewer[] {
  useEffect(() => {
    const beat = () => void presence.heartbeat(id).catch(() => undefined);
    beat();
    const timer = setInterval(beat, HEARTBEAT_MS);
    return () => {
      clearInterval(timer);
      void presence.leave(id).catch(() => undefined);
    };
  }, [id]);
  const viewers = useQuery({ queryKey: ["presence", id], queryFn: () => presence.viewers(id), refetchInterval: POLL_MS });
  return (viewers.data ?? []).filter((v) => v.userId !== selfId);
}
