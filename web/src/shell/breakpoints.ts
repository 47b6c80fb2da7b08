// Spec §2/§9 breakpoints, in px. `up("md")` gives the media query for "md and wider" (makeStyles);
// global.css writes the same values in its @media rules, since CSS cannot import them.
export const breakpoints = { xs: 0, sm: 600, md: 1000, lg: 1200, xl: 1536 } as const;

export type Breakpoint = keyof typeof breakpoints;

export const up = (name: Breakpoint) => `@media (min-width: ${breakpoints[name]}px)`;
