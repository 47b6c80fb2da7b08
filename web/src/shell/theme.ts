// The light theme of the public pages, the login forms and the portal, and the funnel's (the
// renderer's helocTheme in the site's brand colour). Plain data made by Fluent's theme functions:
// the web build makes them once and ships the values (web/vite.config.ts prebuiltData), not the
// functions and colour palettes that make them.
import { createLightTheme, type BrandVariants, type Theme } from "@fluentui/react-components";
import { helocTheme } from "@engine/react/theme";

/** A deep green ramp (brand 80 is the primary colour; white on it is 5.6:1). */
const brand: BrandVariants = {
  10: "#020F0B",
  20: "#07201A",
  30: "#0A2E25",
  40: "#0C3B30",
  50: "#0E493B",
  60: "#105746",
  70: "#126652",
  80: "#14755E",
  90: "#25836C",
  100: "#3A917B",
  110: "#509F8A",
  120: "#67AD9A",
  130: "#7FBBAA",
  140: "#98C9BB",
  150: "#B2D7CC",
  160: "#CCE5DD",
};

export const colors = {
  secondary: "#444444",
  successChip: "#D4AF37",
  ink: "#1A1A1A",
  paper: "#FFFFFF",
  tint: "#F3F8F6",
} as const;

export const fontFamily = "'Poppins', 'Segoe UI', system-ui, -apple-system, sans-serif";

const light = createLightTheme(brand);

/**
 * The brand colour tokens alone, laid over the funnel's helocTheme so the whole site shares one
 * brand colour (helocTheme itself keeps Fluent's default blue).
 */
export const brandTokens: Partial<Theme> = Object.fromEntries(
  Object.entries(light).filter(([name]) => /Brand|CompoundBrand/.test(name)),
) as Partial<Theme>;

export const shellTheme: Theme = {
  ...light,
  fontFamilyBase: fontFamily,
  // Square corners on buttons and inputs (spec §2 "Visual theme").
  borderRadiusSmall: "0",
  borderRadiusMedium: "0",
  borderRadiusLarge: "0",
  colorNeutralForeground2: colors.secondary,
};

/**
 * The funnel's theme, helocTheme with the site's brand colour, as what it changes of shellTheme
 * (the funnel page lays it over shellTheme, which every page has loaded): a few dozen tokens.
 */
export const funnelThemeOverShell: Partial<Theme> = Object.fromEntries(
  Object.entries({ ...helocTheme, ...brandTokens }).filter(
    ([name, value]) => shellTheme[name as keyof Theme] !== value,
  ),
);
