/**
 * What the knowledge-base operations answer (document 3, part 2), beside `requestId`: documented
 * in the OpenAPI description and checked against real answers by a test. Times are text
 * `yyyy/MM/dd HH:mm:ss` in the tenant's zone.
 */
import { z } from "npm:zod@4.6.7";
import { kbPage } from "../signed-api/answers.ts";
import { described } from "../signed-api/fields.ts";

const int = () => z.number().int();
const time = () => z.string().describe("yyyy/MM/dd HH:mm:ss");
const nullableTime = () => z.string().nullable().describe("yyyy/MM/dd HH:mm:ss; null when never");

export const PublicRepository = z.strictObject({
  id: int(),
  name: z.string(),
  createUser: z.string(),
  updateUser: z.string(),
  createTime: time(),
  updateTime: time(),
});
export const PersonalRepository = z.strictObject({
  id: int(),
  name: z.string(),
  owner: z.string().describe("The management user the repository belongs to."),
  createTime: time(),
});
export const BotRepository = z.strictObject({ id: int(), name: z.string(), createTime: time() });

export interface DirectoryNode {
  id: number;
  repositoryId: number;
  name: string;
  type: "FAQ" | "FILE";
  createTime: string;
  updateTime: string | null;
  createUser: string;
  updateUser: string | null;
  subDirectories: DirectoryNode[] | null;
}
export const Directory: z.ZodType<DirectoryNode> = z.strictObject({
  id: int(),
  repositoryId: int(),
  name: z.string(),
  type: z.enum(["FAQ", "FILE"]),
  createTime: time(),
  updateTime: nullableTime(),
  createUser: z.string(),
  updateUser: z.string().nullable(),
  get subDirectories() {
    return z.array(Directory).nullable().describe("Subdirectories, same shape; null when none.");
  },
}).meta({ id: "KbDirectory" });

const Attachment = z.strictObject({ fileKey: z.string(), fileName: z.string() });

export const Faq = z.strictObject(described({
  id: int(),
  repositoryId: int(),
  directoryId: int(),
  question: z.string(),
  introductionType: int(),
  introduction: z.string(),
  answers: z.array(z.strictObject({
    id: int(),
    content: z.string(),
    type: z.enum(["text", "html"]),
  })),
  similars: z.array(z.strictObject({ question: z.string() })),
  relatedIds: z.array(int()),
  onlineDateFrom: nullableTime(),
  onlineDateTo: nullableTime(),
  createTime: time(),
  updateTime: time(),
  createUser: z.string(),
  updateUser: z.string(),
  attachments: z.array(Attachment),
  introductionAttachments: z.array(Attachment),
}, {
  question: "The entry's title (unique within its directory).",
  introductionType: "1 plain text, 2 rich text.",
  answers: "Answers: text (plain) or html (rich).",
  similars: "Similar questions.",
  relatedIds: "Related entries.",
  onlineDateFrom: "Validity start (closed bound).",
  onlineDateTo: "Validity end (open bound).",
  attachments: "Attachments referenced by the answers (fileKey=...&fileName=... in links).",
  introductionAttachments: "Attachments referenced by the introduction.",
}));

const FileFields = {
  id: int(),
  enterpriseId: int(),
  name: z.string(),
  repositoryId: int(),
  directoryId: int(),
  approveStatus: z.string().nullable(),
  introduction: z.string(),
  likeCount: int(),
  dislikeCount: int(),
  searchCount: int(),
  size: int(),
  type: z.string(),
  createTime: time(),
  updateTime: time(),
  createUser: z.string(),
  updateUser: z.string(),
  fileStatus: z.string(),
  qaRecallRuleId: int(),
  recallRuleName: z.string(),
  effectiveStatus: z.string(),
  tags: z.array(z.strictObject({ id: int(), name: z.string() })),
};
const FILE_TEXTS = {
  size: "Size in bytes.",
  type: "File type (its extension).",
  approveStatus: "Review status (APPROVED).",
  fileStatus: "File status (QA_ONLINE_SUCCESS).",
  effectiveStatus: "EFFECTIVE, NOT_EFFECTIVE before its validity, EXPIRED after it.",
};
export const KbFile = z.strictObject(described(FileFields, FILE_TEXTS));
export const DescribedFile = z.strictObject(described({
  ...FileFields,
  directoryNames: z.array(z.string()),
}, { ...FILE_TEXTS, directoryNames: "Directory names from the first level to the file's." }));

export const RecycledItem = z.strictObject(described({
  enterpriseId: int(),
  repositoryId: int(),
  faqId: int().nullable(),
  fileId: int().nullable(),
  directoryId: int(),
  type: z.enum(["FAQ", "FILE"]),
  name: z.string(),
  deleteUser: z.string(),
  deleteTime: time(),
}, {
  faqId: "Set when type is FAQ.",
  fileId: "Set when type is FILE.",
}));

export const AnswerMessage = z.strictObject(described({
  conversationId: z.string(),
  content: z.string(),
  files: z.array(z.strictObject({ id: int(), name: z.string(), fileKey: z.string() })),
  faqs: z.array(z.strictObject({ id: int(), name: z.string() })),
  createTime: z.string(),
  messageId: z.string(),
}, {
  conversationId: "Send it back with the next message to continue the dialogue.",
  content: "The answer.",
  files: "Documents the answer came from.",
  faqs: "FAQ entries the answer came from.",
  createTime: "Local date-time with its offset.",
}));

export const SearchHit = z.strictObject(described({
  id: z.string(),
  question: z.string(),
  name: z.string(),
  repositoryId: int(),
  directoryId: int(),
  updateTime: time(),
  likeCount: int(),
  dislikeCount: int(),
  searchCount: int(),
  actionCount: int(),
  liked: z.boolean(),
  directoryNames: z.array(z.string()),
  answers: z.array(z.strictObject({ faqId: int(), content: z.string(), type: z.string() })),
  content: z.string(),
  introduction: z.string(),
  objectKey: z.string(),
  type: z.string(),
  similarList: z.array(z.string()),
  knowledgeType: z.enum(["FAQ", "FILE"]),
  attachments: z.array(Attachment),
}, {
  id: "Knowledge ID.",
  question: "FAQ title (matched terms in <em>).",
  name: "Name (matched terms in <em>).",
  content: "Main content (matched terms in <em>).",
  objectKey: "Storage key of the content.",
}));

const idAnswer = (what: string) => z.strictObject({ id: int().describe(what) });
const urlAnswer = z.strictObject({ url: z.string().describe("A temporary media link.") });

/** Each operation's answer beside `requestId`. */
export const ANSWERS = {
  publicRepositories: z.strictObject({ result: z.array(PublicRepository) }),
  personalRepositories: z.strictObject({ result: z.array(PersonalRepository) }),
  botRepository: z.strictObject({ result: BotRepository }),
  directoryTree: z.strictObject({ result: z.array(Directory) }),
  saveDirectory: idAnswer("The directory's ID."),
  editDirectory: idAnswer("The directory's ID."),
  listFaqs: z.strictObject(kbPage(Faq)),
  createFaq: idAnswer("The entry's ID."),
  editFaq: idAnswer("The entry's ID."),
  deleteFaq: idAnswer("The deleted entry's ID."),
  describeFaq: z.strictObject({ result: Faq }),
  uploadUrl: z.strictObject({
    result: z.strictObject({
      uploadUrl: z.string().describe("PUT the file's bytes here (Content-Length required)."),
      fileKey: z.string().describe("Name it in create_file."),
    }),
  }),
  createFile: z.strictObject({ result: z.strictObject({ fileId: int() }) }),
  listFiles: z.strictObject(kbPage(KbFile)),
  describeFile: z.strictObject({ result: DescribedFile }),
  deleteFiles: z.strictObject({
    result: z.strictObject({ fileIds: z.array(int()).describe("Deleted IDs.") }),
  }),
  listRecycled: z.strictObject(kbPage(RecycledItem)),
  fileMediaUrl: urlAnswer,
  faqMediaUrl: urlAnswer,
  chat: z.strictObject({ result: AnswerMessage }),
  search: z.strictObject(kbPage(SearchHit)),
  signatureForUpload: z.strictObject({
    result: z.strictObject(described({
      ossAccessKeyId: z.string(),
      signature: z.string(),
      host: z.string(),
      key: z.string(),
      policy: z.string(),
      rawHtmlContent: z.string(),
      escapedHtmlContent: z.string(),
    }, {
      signature: "Valid 10 minutes.",
      host: "POST the file here as multipart/form-data with the other fields.",
      key: "The file's storage key.",
      policy: "Base64 policy text.",
      rawHtmlContent: "A link to the file, for an answer's HTML.",
      escapedHtmlContent: "The same, HTML-escaped.",
    })),
  }),
};
