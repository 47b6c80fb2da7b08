// The visual theme of spec §2: Poppins, square corners, 17px 30px buttons, 20px bold inputs,
// secondary colour #444, a gold success chip. The shell wraps the app in
// <FluentProvider theme={helocTheme}> and bundles the Poppins font files itself. Plain data only:
// the web build ships its values, not Fluent's code that makes them (web/vite.config.ts prebuiltData).
import { webLightTheme, type Theme } from "@fluentui/react-components";

/** The theme's own colours and measures, for styles that Fluent tokens do not cover. */
export const helocTokens = {
  fontFamily: `Poppins, ${webLightTheme.fontFamilyBase}`,
  secondary: "#444",
  /** Success chip background (gold); text on it is near-black for contrast (9.9:1). */
  success: "#D4AF37",
  onSuccess: "#1a1a1a",
  buttonPadding: "17px 30px",
  inputFontSize: "20px",
  inputFontWeight: 700,
  /** Breakpoints (spec §2 and §9), in px. */
  breakpoints: { xs: 0, sm: 600, md: 1000, lg: 1200, xl: 1536 },
} as const;

const square = {
  borderRadiusSmall: "0",
  borderRadiusMedium: "0",
  borderRadiusLarge: "0",
  borderRadiusXLarge: "0",
  borderRadius2XLarge: "0",
  borderRadius3XLarge: "0",
  borderRadius4XLarge: "0",
  borderRadius5XLarge: "0",
  borderRadius6XLarge: "0",
} as Partial<Theme>;

/** Fluent UI v9 light theme with the HELOC font, square corners and secondary colour. */
export const helocTheme: Theme = {
  ...webLightTheme,
  ...square,
  fontFamilyBase: helocTokens.fontFamily,
  fontFamilyNumeric: helocTokens.fontFamily,
  colorNeutralForeground2: helocTokens.secondary,
  colorNeutralForeground2Hover: "#222",
  colorNeutralForeground2Pressed: "#111",
  colorNeutralForeground3: "#555",
};
