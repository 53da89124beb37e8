import { builder } from "../../builder.js";

builder.queryField("health", (t) =>
  t.string({
    // Kept nullable as first published (fields are non-null by default since).
    nullable: true,
    description: 'Answers "ok" once the server and its database answer.',
    resolve: async (_root, _args, { db }) => {
      await db.prisma.$queryRaw`SELECT 1`;
      return "ok";
    },
  }),
);
