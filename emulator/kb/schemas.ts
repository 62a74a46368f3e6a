/**
 * The knowledge base's shapes (document 3): the records fixtures and the state hold (part 2) and
 * the request body of every operation (part 4). Longer than most files because every shape of the
 * area is written here and nowhere else.
 */
import { z } from "npm:zod@4.6.7";
import { defineSlice } from "../core/state.ts";
import { described, vBool, vLong, vLongIn, vString, vText } from "../signed-api/fields.ts";

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

// ---- Request bodies (document 3, part 4) ----

/** What each request field means (part 4), attached to every request schema that has it. */
const FIELDS = {
  repositoryId: "Repository ID (public, robot-dedicated, or a personal one of the key's user).",
  botId: "Only what is bound to this robot.",
  type: "FAQ (question-answer library) or FILE (document library).",
  name: "Directory name (unique among its siblings).",
  parentId: "Parent directory; omitted: at the root.",
  directoryId: "Directory ID.",
  targetRepositoryId: "Repository to move the directory to.",
  targetDirectoryId: "New parent; omitted when moving: the root of the target repository.",
  updateTimeStart: "Updated from (closed bound), yyyy/MM/dd HH:mm:ss; with updateTimeEnd.",
  updateTimeEnd: "Updated until (open bound), yyyy/MM/dd HH:mm:ss; with updateTimeStart.",
  createTimeStart: "Created from (closed bound), yyyy/MM/dd HH:mm:ss; with createTimeEnd.",
  createTimeEnd: "Created until (open bound), yyyy/MM/dd HH:mm:ss; with createTimeStart.",
  offset: "Records to skip, default 0, at most 10000.",
  limit: "Page size, default 10, at most 100.",
  id: "The entry's (or document's) ID.",
  question: "The entry's title; unique within its directory.",
  answers: "Answers, each content and type (text plain, html rich); they overwrite on edit.",
  introductionType: "1 plain text, 2 rich text.",
  introduction: "Introduction (or a document's note).",
  similars: "Similar questions; overwrite on edit (omitted or empty: deleted).",
  relatedIds: "Related entries; overwrite on edit (omitted or empty: deleted).",
  onlineDateFrom: "Validity start, yyyy/MM/dd HH:mm:ss.",
  onlineDateTo: "Validity end, yyyy/MM/dd HH:mm:ss.",
  fileName: "File name with its extension.",
  fileSize: "Size in bytes (the upload must match it).",
  fileKey: "The storage key: from get_file_upload_url, or an attachment's.",
  tags: "Knowledge tag IDs.",
  effectiveFrom: "Valid from, yyyy-MM-dd HH:mm:ss.",
  effectiveTo: "Valid until, yyyy-MM-dd HH:mm:ss.",
  fileIds: "Document IDs to delete.",
  deleteUser: "Deleted by this user.",
  keyword: "Text to look for (every term must match).",
  fileId: "Document ID.",
  inline: "true: a preview link; otherwise a download link.",
  faqId: "FAQ entry ID.",
  content: "The question.",
  conversationId: "Omitted on a dialogue's first message; then the one the answer gave.",
  userId: "The asking user's ID (sent by the vendor's sample; not used).",
  orderField: "createTime, searchCount (popularity), likeCount, updateTime or actionCount (views).",
  knowledgeType: "FAQ or FILE.",
  repositoryIds: "Search in these repositories (with directoryIds: the intersection).",
  directoryIds: "Search in these directories and below.",
  username: "The asking user's login name (not a credential).",
};

const NO_PARAMETERS = z.strictObject({});

const TIME_TEXT = z.string().regex(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/, {
  error: "must be yyyy/MM/dd HH:mm:ss",
});
/** `yyyy-MM-dd HH:mm:ss`: create_file's validity bounds (a Date in the spec's table). */
const DATE_TIME = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, {
  error: "must be yyyy-MM-dd HH:mm:ss",
});
const KNOWLEDGE_TYPE = z.enum(["FAQ", "FILE"], { error: 'must be "FAQ" or "FILE"' });

/** `offset` (at most 10000) and `limit` (at most 100), both marked required; defaults 0 and 10. */
const paging = {
  offset: vLongIn(0, 10_000).optional(),
  limit: vLongIn(1, 100).optional(),
};

/** A start and its end come together or not at all (spec 4.3, 4.4). */
function bothOrNeither(start: string, end: string) {
  return (body: Record<string, unknown>, ctx: z.RefinementCtx) => {
    if ((body[start] === undefined) !== (body[end] === undefined)) {
      const missing = body[start] === undefined ? start : end;
      ctx.addIssue({
        code: "invalid_type",
        expected: "string",
        path: [missing],
        input: undefined,
        message: `required with ${missing === start ? end : start}`,
      });
    }
  };
}

export const ListPublicRepositoriesRequest = NO_PARAMETERS;
export const ListPrivateRepositoriesRequest = NO_PARAMETERS;
export const DescribeBotRepositoryRequest = NO_PARAMETERS;

export const ListDirectoryTreeRequest = z.strictObject(described({
  repositoryId: vLong(),
  botId: vLong().optional(),
  type: KNOWLEDGE_TYPE,
}, FIELDS));

export const SaveDirectoryRequest = z.strictObject(described({
  repositoryId: vLong(),
  name: vText(),
  type: KNOWLEDGE_TYPE,
  parentId: vLong().optional(),
}, FIELDS));
export type SaveDirectoryInput = z.infer<typeof SaveDirectoryRequest>;

export const EditDirectoryRequest = z.strictObject(described({
  directoryId: vLong(),
  targetRepositoryId: vLong().optional(),
  name: vText().optional(),
  targetDirectoryId: vLong().optional(),
}, FIELDS));
export type EditDirectoryInput = z.infer<typeof EditDirectoryRequest>;

export const ListFaqsRequest = z.strictObject(described({
  repositoryId: vLong(),
  botId: vLong().optional(),
  updateTimeStart: TIME_TEXT.optional(),
  updateTimeEnd: TIME_TEXT.optional(),
  ...paging,
}, FIELDS)).superRefine(bothOrNeither("updateTimeStart", "updateTimeEnd"));
export type ListFaqsQuery = z.infer<typeof ListFaqsRequest>;

const FaqFields = {
  repositoryId: vLong(),
  directoryId: vLong(),
  question: vText(),
  answers: z.array(
    z.strictObject({
      content: z.string(),
      type: z.enum(["text", "html"], { error: 'must be "text" or "html"' }),
    }),
  ).min(1, { error: "must hold at least one answer" }),
  introductionType: z.union([z.literal(1), z.literal(2)], { error: "must be 1 or 2" }).optional(),
  introduction: vString().optional(),
  similars: z.array(vText()).optional(),
  relatedIds: z.array(vLong()).optional(),
  onlineDateFrom: TIME_TEXT.optional(),
  onlineDateTo: TIME_TEXT.optional(),
};
export const CreateFaqRequest = z.strictObject(described(FaqFields, FIELDS));
export type FaqInput = z.infer<typeof CreateFaqRequest>;
export const EditFaqRequest = z.strictObject(described({ id: vLong(), ...FaqFields }, FIELDS));
export const DeleteFaqRequest = z.strictObject(described({ id: vLong() }, FIELDS));
export const DescribeFaqRequest = z.strictObject(described({ id: vLong() }, FIELDS));

export const GetFileUploadUrlRequest = z.strictObject(described({
  fileName: vText(),
  fileSize: vLongIn(0, 2 * 1024 ** 3),
}, FIELDS));

export const CreateFileRequest = z.strictObject(described({
  repositoryId: vLong(),
  directoryId: vLong(),
  fileName: vText(),
  fileKey: vText(),
  introduction: vString().optional(),
  tags: z.array(vLong()).optional(),
  effectiveFrom: DATE_TIME.optional(),
  effectiveTo: DATE_TIME.optional(),
}, FIELDS));
export type CreateFileInput = z.infer<typeof CreateFileRequest>;

export const ListFilesRequest = z.strictObject(described({
  repositoryId: vLong(),
  directoryId: vLong().optional(),
  createTimeStart: TIME_TEXT.optional(),
  createTimeEnd: TIME_TEXT.optional(),
  updateTimeStart: TIME_TEXT.optional(),
  updateTimeEnd: TIME_TEXT.optional(),
  ...paging,
}, FIELDS)).superRefine(bothOrNeither("createTimeStart", "createTimeEnd")).superRefine(
  bothOrNeither("updateTimeStart", "updateTimeEnd"),
);
export type ListFilesQuery = z.infer<typeof ListFilesRequest>;

export const DescribeFileRequest = z.strictObject(described({ id: vLong() }, FIELDS));

export const DeleteFilesRequest = z.strictObject(described({
  repositoryId: vLong(),
  fileIds: z.array(vLong()).min(1, { error: "must name at least one file" }),
}, FIELDS));

export const ListRecycledItemsRequest = z.strictObject(described({
  repositoryId: vLong(),
  deleteUser: vString().optional(),
  keyword: vString().optional(),
  type: z.enum(["ALL", "FAQ", "FILE"], { error: 'must be "ALL", "FAQ" or "FILE"' }).optional(),
  ...paging,
}, FIELDS));
export type RecycledQuery = z.infer<typeof ListRecycledItemsRequest>;

export const DescribeFileMediaUrlRequest = z.strictObject(described({
  fileId: vLong(),
  inline: vBool().optional(),
}, FIELDS));

export const DescribeFaqMediaUrlRequest = z.strictObject(described({
  faqId: vLong(),
  fileKey: vText(),
  inline: vBool().optional(),
}, FIELDS));

export const ChatConversationRequest = z.strictObject(described({
  content: vText(),
  conversationId: vString().optional(),
  userId: vString().optional(),
}, FIELDS));
/** `username` names the asking user (spec 5.2); it is not a credential. */
export const ChatConversationQuery = z.strictObject(described({ username: vText() }, FIELDS));

export const SearchKnowledgeRequest = z.strictObject(described({
  keyword: vString().optional(),
  orderField: z.enum(
    ["createTime", "searchCount", "likeCount", "updateTime", "actionCount"],
    { error: "must be one of createTime, searchCount, likeCount, updateTime, actionCount" },
  ).optional(),
  knowledgeType: KNOWLEDGE_TYPE.optional(),
  repositoryIds: z.array(vLong()).optional(),
  directoryIds: z.array(vLong()).optional(),
  ...paging,
}, FIELDS));
export type SearchQuery = z.infer<typeof SearchKnowledgeRequest>;
export const SearchKnowledgeQuery = z.strictObject(
  described({ username: vString().optional() }, FIELDS),
);

export const SignatureForUploadRequest = z.strictObject(described({ fileName: vText() }, FIELDS));

// ---- Control bodies (`/_emulator/kb`) ----

export const ControlSearchRequest = z.strictObject(described({
  keyword: z.string().optional(),
  knowledgeType: z.enum(["FAQ", "FILE"]).optional(),
  repositoryIds: z.array(z.number().int()).optional(),
  limit: z.number().int().min(1).max(100).default(20),
}, FIELDS));
