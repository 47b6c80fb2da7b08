// Poppins from the bundled @fontsource files (no font CDN): the weights the pages use.
import "@fontsource/poppins/400.css";
import "@fontsource/poppins/500.css";
import "@fontsource/poppins/600.css";
import "@fontsource/poppins/700.css";
