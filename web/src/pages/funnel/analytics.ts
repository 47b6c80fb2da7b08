// First-party funnel analytics from the browser: "viewed" when a step shows, "completed" with its
// time when its answers are saved, "left" with its time when the page goes away unsaved. Events
// carry a random journey id (one per tab, in sessionStorage), the step and the reader's borrower
// role (so the portal counts a co-borrower's steps apart), never an answer or who the applicant is. They are queued and sent in small batches with keepalive, so the last ones
// survive the page closing; a journey's first batch carries a bot-check token (the server stores
// events only of journeys opened so); every failure is swallowed: analytics must never disturb the applicant.
import { useCallback, useEffect, useRef } from "react";
import type { FunnelEvent } from "@engine/generated/schema-types";
import { apiFetch } from "@web/src/api/api-fetch";

const JOURNEY_KEY = "heloc.journey";
const MAX_BATCH = 20; // the server's limit per request
const MAX_DURATION_MS = 86_400_000;
const FLUSH_AFTER_MS = 1000;

function randomUuid(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // crypto.randomUUID exists only in secure contexts; a version 4 UUID by hand elsewhere.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

let memoryJourney: string | null = null;
function journeyId(): string {
  try {
    const saved = sessionStorage.getItem(JOURNEY_KEY);
    if (saved) return saved;
    const id = randomUuid();
    sessionStorage.setItem(JOURNEY_KEY, id);
    return id;
  } catch {
    return (memoryJourney ??= randomUuid()); // storage blocked: one journey per page load
  }
}

let queue: FunnelEvent[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

/** The journey the server has opened (a batch with a bot-check token did): later batches need no token. */
const OPENED_KEY = "heloc.journey.opened";
let memoryOpened: string | null = null;
function opened(): string | null {
  try {
    return sessionStorage.getItem(OPENED_KEY);
  } catch {
    return memoryOpened;
  }
}
function markOpened(id: string | null): void {
  memoryOpened = id;
  try {
    if (id) sessionStorage.setItem(OPENED_KEY, id);
    else sessionStorage.removeItem(OPENED_KEY);
  } catch {
    // storage blocked: kept in memory for this page
  }
}

export function flush(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  while (queue.length) {
    const events = queue.slice(0, MAX_BATCH);
    queue = queue.slice(MAX_BATCH);
    // A journey's first batch carries a bot-check token, which opens it on the server.
    const id = events[0]!.journeyId;
    const first = opened() !== id;
    try {
      void apiFetch(
        "/api/analytics",
        {
          method: "POST",
          keepalive: true,
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ events }),
        },
        { botCheck: first },
      )
        .then((res) => {
          if (res.ok && first) markOpened(id);
          else if (res.status === 403 && !first) markOpened(null); // forgotten by the server: open it again next time
        })
        .catch(() => undefined);
    } catch {
      // never surfaces
    }
  }
}

// Whatever is queued goes out as the page is hidden or closed, whether or not a step is showing.
if (typeof window !== "undefined") {
  window.addEventListener("pagehide", flush);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
  });
}

interface Walk {
  variant: string | null;
  role: string | null;
}

function track(kind: FunnelEvent["kind"], stepId: string, walk: Walk, durationMs?: number): void {
  try {
    const event: FunnelEvent = { journeyId: journeyId(), kind, stepId };
    if (walk.variant) event.variant = walk.variant;
    if (walk.role) event.role = walk.role;
    if (durationMs !== undefined)
      event.durationMs = Math.min(MAX_DURATION_MS, Math.max(0, Math.round(durationMs)));
    queue.push(event);
    timer ??= setTimeout(flush, FLUSH_AFTER_MS);
  } catch {
    // never surfaces
  }
}

/**
 * Tracks one step screen. `variant` is undefined while the step is not shown yet (its answers
 * load), then the journey's variant or null; `role` is the reader's borrower role as step.get
 * says it (null for a visitor, who is the owner). Returns what to call once the step's answers are saved.
 */
export function useStepAnalytics(
  stepId: string,
  variant: string | null | undefined,
  role: string | null | undefined,
): () => void {
  const shown = variant !== undefined;
  const state = useRef({ since: 0, done: true, walk: { variant: null, role: null } as Walk });
  state.current.walk = { variant: variant ?? null, role: role ?? null };

  useEffect(() => {
    if (!shown) return;
    const s = state.current;
    s.since = performance.now();
    s.done = false;
    track("viewed", stepId, s.walk);
    const left = () => {
      if (s.done) return;
      s.done = true;
      track("left", stepId, s.walk, performance.now() - s.since);
      flush();
    };
    window.addEventListener("pagehide", left);
    return () => {
      window.removeEventListener("pagehide", left);
      left();
    };
  }, [stepId, shown]);

  return useCallback(() => {
    const s = state.current;
    if (s.done) return;
    s.done = true;
    track("completed", stepId, s.walk, performance.now() - s.since);
  }, [stepId]);
}
