/** Knowledge-base records as fixtures and state hold them (document 3, part 2). */
import { z } from "zod";

/** `yyyy/MM/dd HH:mm:ss`, the knowledge base's time text. */
const KB_TIME = z.string().regex(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/, {
  error: "must be yyyy/MM/dd HH:mm:ss",
});

export const PublicRepositorySchema = z.strictObject({
  enterpriseId: z.string(),
  id: z.number().int().positive(),
  name: z.string().min(1),
  createUser: z.string().default("admin"),
  updateUser: z.string().default("admin"),
  createTime: KB_TIME,
  updateTime: KB_TIME,
});

/** A personal repository, listed to the keys whose `username` is its `owner`. */
export const PersonalRepositorySchema = z.strictObject({
  enterpriseId: z.string(),
  id: z.number().int().positive(),
  name: z.string().min(1),
  owner: z.string().min(1),
  createTime: KB_TIME,
});

export const BotRepositorySchema = z.strictObject({
  enterpriseId: z.string(),
  id: z.number().int().positive(),
  name: z.string().min(1),
  createTime: KB_TIME,
});

export const KbStateSchema = z.strictObject({
  publicRepositories: z.array(PublicRepositorySchema).default(() => []),
  personalRepositories: z.array(PersonalRepositorySchema).default(() => []),
  botRepositories: z.array(BotRepositorySchema).default(() => []),
});
export type KbState = z.infer<typeof KbStateSchema>;
