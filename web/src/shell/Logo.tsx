// The site mark: a roof line over a rising line of credit. Decorative next to the site name.
export function Logo() {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" fill="#14755E" />
      <path d="M6 15 16 7l10 8" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="square" />
      <path d="M9 25l5-5 3 3 6-7" fill="none" stroke="#D4AF37" strokeWidth="2.5" strokeLinecap="square" />
    </svg>
  );
}
