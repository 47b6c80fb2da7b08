// What a page shows while its code or data loads. A CSS spinner in the look of Fluent's: it shows
// before any Fluent code has loaded (the first paint of every page).
export function PageLoading({ label = "Loading" }: { label?: string }) {
  return (
    <div className="page center-state">
      <div className="spinner" role="progressbar" aria-label={label}>
        <span className="spinner__ring" aria-hidden="true" />
        <span className="spinner__label" aria-hidden="true">{label}</span>
      </div>
    </div>
  );
}
