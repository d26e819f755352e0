// The site the markup tests build retell's Astro posts with: the blog starter's shape (a content collection
// of .md and .mdx, rendered in a layout that prints the title as JSX does), no integrations but MDX.
import { defineConfig } from "astro/config";
import mdx from "@astrojs/mdx";

export default defineConfig({
  site: "https://example.org",
  integrations: [mdx()],
  // Vite's cache in the site's folder, not in node_modules (shared between builds: .ci/run's cache)
  vite: { cacheDir: "./.vite-cache" },
});
