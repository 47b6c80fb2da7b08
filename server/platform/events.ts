// Events of an application that other features act on after the commit that made them (a
// notification, a milestone): a feature names the event here, with what it carries, and
// listens with `on`. Listeners run in turn after the transaction committed; one that fails is
// logged and does not stop the others or undo the save. No personal data in a payload: ids only.
import { errorKind, type Log } from "./observability/log";

/** Every event by name, with its payload. */
export interface ApplicationEvents {
  /**
   * The application is submitted: the last act its flows require was just saved (the last
   * borrower's signature, or the borrower's first draw when every other act was in). Fired once
   * per application, by the save that submitted it (server/features/steps/submit.ts).
   */
  applicationSubmitted: {
    applicationId: string;
    /** The role whose save submitted it (the owner's, or a member's such as the co-borrower's). */
    submittedBy: string;
    /** Every borrower role acting on the application with their own account: each is to be told. */
    roles: string[];
    at: Date;
  };
}

export type EventName = keyof ApplicationEvents;
type Listener<E extends EventName> = (payload: ApplicationEvents[E]) => void | Promise<void>;

export function createEvents(log: Pick<Log, "error">) {
  const listeners = new Map<EventName, Listener<EventName>[]>();
  return {
    /** Listens to an event; returns the function that stops listening. */
    on<E extends EventName>(name: E, listener: Listener<E>): () => void {
      const list = (listeners.get(name) ?? []) as Listener<E>[];
      list.push(listener);
      listeners.set(name, list as Listener<EventName>[]);
      return () => {
        const at = list.indexOf(listener);
        if (at >= 0) list.splice(at, 1);
      };
    },
    /** Runs each listener in turn (after the commit); a failure is logged by name only. */
    async emit<E extends EventName>(name: E, payload: ApplicationEvents[E]): Promise<void> {
      for (const listener of [...((listeners.get(name) ?? []) as Listener<E>[])])
        await Promise.resolve()
          .then(() => listener(payload))
          .catch((error: unknown) =>
            log.error({ err: errorKind(error) }, `event ${name}: a listener failed`),
          );
    },
  };
}

export type Events = ReturnType<typeof createEvents>;
