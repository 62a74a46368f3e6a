/** Knowledge-base records as fixtures and state hold them (document 3, part 2). */
import { z } from "zod";
import { defineSlice } from "../core/state.ts";

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

/** A directory (spec 2.2): one knowledge type, a parent (null at the root), optionally bound to a robot. */
export const DirectorySchema = z.strictObject({
  enterpriseId: z.string(),
  id: z.number().int().positive(),
  repositoryId: z.number().int().positive(),
  name: z.string().min(1),
  type: z.enum(["FAQ", "FILE"]),
  parentId: z.number().int().positive().nullable().default(null),
  botId: z.number().int().nullable().default(null),
  createTime: KB_TIME,
  updateTime: KB_TIME.nullable().default(null),
  createUser: z.string().default("admin"),
  updateUser: z.string().nullable().default(null),
});

/** A question-answer entry (spec 2.3). */
export const FaqSchema = z.strictObject({
  enterpriseId: z.string(),
  id: z.number().int().positive(),
  repositoryId: z.number().int().positive(),
  directoryId: z.number().int().positive(),
  question: z.string().min(1),
  introductionType: z.union([z.literal(1), z.literal(2)]).default(1),
  introduction: z.string().default(""),
  answers: z.array(z.strictObject({
    id: z.number().int().positive(),
    content: z.string(),
    type: z.enum(["text", "html"]),
  })).min(1),
  similars: z.array(z.strictObject({ question: z.string().min(1) })).default(() => []),
  relatedIds: z.array(z.number().int().positive()).default(() => []),
  onlineDateFrom: KB_TIME.nullable().default(null),
  onlineDateTo: KB_TIME.nullable().default(null),
  createTime: KB_TIME,
  updateTime: KB_TIME,
  createUser: z.string().default("admin"),
  updateUser: z.string().default("admin"),
});
export type Faq = z.infer<typeof FaqSchema>;

/** A document (spec 2.4). Its bytes live in the emulator's media store under `fileKey`. */
export const FileSchema = z.strictObject({
  enterpriseId: z.string(),
  id: z.number().int().positive(),
  name: z.string().min(1),
  repositoryId: z.number().int().positive(),
  directoryId: z.number().int().positive(),
  fileKey: z.string(),
  approveStatus: z.string().nullable().default("APPROVED"),
  introduction: z.string().default(""),
  likeCount: z.number().int().default(0),
  dislikeCount: z.number().int().default(0),
  searchCount: z.number().int().default(0),
  actionCount: z.number().int().default(0),
  size: z.number().int().min(0),
  type: z.string(),
  createTime: KB_TIME,
  updateTime: KB_TIME,
  createUser: z.string().default("admin"),
  updateUser: z.string().default("admin"),
  tags: z.array(z.strictObject({ id: z.number().int(), name: z.string() })).default(() => []),
  /** Epoch ms bounds of validity (effectiveFrom/effectiveTo); null: open. */
  effectiveFrom: z.number().int().nullable().default(null),
  effectiveTo: z.number().int().nullable().default(null),
  /** Text of text-like documents, searched and used by question answering. */
  text: z.string().default(""),
});
export type KbFile = z.infer<typeof FileSchema>;

/** A deleted FAQ or document in the recycle bin (spec 2.5). */
export const RecycledSchema = z.strictObject({
  enterpriseId: z.string(),
  repositoryId: z.number().int(),
  faqId: z.number().int().nullable(),
  fileId: z.number().int().nullable(),
  directoryId: z.number().int(),
  type: z.enum(["FAQ", "FILE"]),
  name: z.string(),
  deleteUser: z.string(),
  /** Epoch ms; shown as KB time text. */
  deleteTime: z.number().int(),
});
export type Recycled = z.infer<typeof RecycledSchema>;

/** A pre-signed upload address handed out by get_file_upload_url. */
export const UploadSchema = z.strictObject({
  enterpriseId: z.string(),
  fileKey: z.string(),
  fileName: z.string(),
  fileSize: z.number().int().min(0),
  expiresAt: z.number().int(),
  uploaded: z.boolean(),
  used: z.boolean(),
});
export type Upload = z.infer<typeof UploadSchema>;

export const KbStateSchema = z.strictObject({
  publicRepositories: z.array(PublicRepositorySchema).default(() => []),
  personalRepositories: z.array(PersonalRepositorySchema).default(() => []),
  botRepositories: z.array(BotRepositorySchema).default(() => []),
  directories: z.array(DirectorySchema).default(() => []),
  faqs: z.array(FaqSchema).default(() => []),
  files: z.array(FileSchema).default(() => []),
  recycled: z.array(RecycledSchema).default(() => []),
  uploads: z.array(UploadSchema).default(() => []),
  /** What question answering says when nothing matches. */
  fallbackAnswer: z.string().default(
    "抱歉，知识库中暂时没有找到相关答案。Sorry, the knowledge base has no answer to that yet.",
  ),
});
export type KbState = z.infer<typeof KbStateSchema>;

export const kbSlice = defineSlice<KbState>({
  name: "kb",
  schema: KbStateSchema,
  sequences: {
    directoryId: { ids: (s) => s.directories.map((d) => d.id), first: 1001 },
    faqId: { ids: (s) => s.faqs.map((f) => f.id), first: 2001 },
    faqAnswerId: { ids: (s) => s.faqs.flatMap((f) => f.answers.map((a) => a.id)), first: 1 },
    fileId: { ids: (s) => s.files.map((f) => f.id), first: 5001 },
  },
  lists: [
    { path: "kb.publicRepositories", id: "id", space: "repository" },
    { path: "kb.personalRepositories", id: "id", space: "repository" },
    { path: "kb.botRepositories", id: "id", space: "repository" },
    { path: "kb.directories", id: "id", space: "directory" },
    { path: "kb.faqs", id: "id", space: "FAQ" },
    { path: "kb.files", id: "id", space: "file" },
  ],
});
