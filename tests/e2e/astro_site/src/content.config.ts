import { defineCollection, z } from "astro:content";
import { glob } from "astro/loaders";

// As in Astro's blog starter; the posts folder is given by the test (RETELL_ASTRO_POSTS).
const blog = defineCollection({
  loader: glob({ base: process.env.RETELL_ASTRO_POSTS ?? "./src/content/blog", pattern: "**/*.{md,mdx}" }),
  schema: ({ image }) =>
    z.object({
      title: z.string(),
      description: z.string(),
      pubDate: z.coerce.date(),
      heroImage: image().optional(),
      tags: z.array(z.string()).default([]),
      draft: z.boolean().default(false),
    }),
});

export const collections = { blog };
