import { builder } from "../../builder.js";

builder.queryField("health", (t) =>
  t.string({
    // Kept nullable as first published (fields are non-null by default since).
    nullable: true,
    description:
      'Answers "ok" when the server and its database are up (for uptime checks); null, with ' +
      "an error, when the database does not answer.",
    resolve: async (_root, _args, { db }) => {
      await db.prisma.$queryRaw`SELECT 1`;
      return "ok";
    },
  }),
);
