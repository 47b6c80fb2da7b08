import { useRef } from "react";

/** A ref that always holds this render's value: for handlers that must not close over an older render. */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
