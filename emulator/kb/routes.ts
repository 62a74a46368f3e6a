/** The knowledge-base operations under `/aikb` (document 3). */
import { z } from "zod";
import { ApiError } from "../signed-api/errors.ts";
import { vBool, vLong, vLongIn, vString, vText } from "../signed-api/fields.ts";
import { defineOperation, type Operation, type OperationContext } from "../signed-api/operation.ts";
import {
  type Caller,
  callerOf,
  createFaq,
  deleteFaq,
  directoryTree,
  editDirectory,
  editFaq,
  faqView,
  findFaq,
  findRepository,
  saveDirectory,
  subtree,
} from "./store.ts";
import { parseLocalText } from "../zoned-time.ts";
import { answer } from "./qa.ts";
import { hitOf, search } from "./search.ts";
import { uploadSignature } from "./attachments.ts";
import {
  createFile,
  deleteFiles,
  directoryNames,
  faqMediaUrl,
  fileMediaUrl,
  fileView,
  findFile,
  recycledItems,
  uploadUrl,
} from "./files.ts";

const NO_PARAMETERS = z.strictObject({});

/** Records carry their enterprise for scoping; responses never show it. */
function withoutEnterprise<T extends { enterpriseId: string }>({ enterpriseId: _, ...rest }: T) {
  return rest;
}

const caller = ({ emulator, enterprise, key }: OperationContext): Caller =>
  callerOf(emulator, key, enterprise.timeZone);

const TIME_TEXT = z.string().regex(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/, {
  error: "must be yyyy/MM/dd HH:mm:ss",
});
/** `yyyy-MM-dd HH:mm:ss`: create_file's validity bounds (a Date in the spec's table). */
const DATE_TIME = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, {
  error: "must be yyyy-MM-dd HH:mm:ss",
});
const KNOWLEDGE_TYPE = z.enum(["FAQ", "FILE"], { error: 'must be "FAQ" or "FILE"' });

/** `offset` (at most 10000) and `limit` (at most 100), both marked required; defaults 0 and 10. */
export const paging = {
  offset: vLongIn(0, 10_000).optional(),
  limit: vLongIn(1, 100).optional(),
};

/** `result`, `pageNumber`, `pageSize`, `totalCount`: the knowledge base's paging shape. */
export function pageOf<T, U>(items: T[], offset = 0, limit = 10, map: (item: T) => U) {
  return {
    result: items.slice(offset, offset + limit).map(map),
    pageNumber: Math.floor(offset / limit) + 1,
    pageSize: limit,
    totalCount: items.length,
  };
}

/** A start and its end come together or not at all (spec 4.3, 4.4). */
export function bothOrNeither(start: string, end: string) {
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

export const kbOperations: Operation[] = [
  defineOperation({
    method: "GET",
    path: "/aikb/list_public_repositories",
    readOnly: true,
    params: NO_PARAMETERS,
    handle: ({ emulator, enterprise }) => ({
      result: emulator.state.kb.publicRepositories
        .filter((r) => r.enterpriseId === enterprise.enterpriseId).map(withoutEnterprise),
    }),
  }),
  defineOperation({
    method: "GET",
    path: "/aikb/list_private_repositories",
    readOnly: true,
    params: NO_PARAMETERS,
    // "Personal" is per management user: the repositories whose owner is the key's username.
    handle: ({ emulator, enterprise, key }) => ({
      result: emulator.state.kb.personalRepositories
        .filter((r) => r.enterpriseId === enterprise.enterpriseId && r.owner === key.username)
        .map(withoutEnterprise),
    }),
  }),
  defineOperation({
    method: "GET",
    path: "/aikb/describe_bot_repository",
    readOnly: true,
    params: NO_PARAMETERS,
    handle: ({ emulator, enterprise }) => {
      const repository = emulator.state.kb.botRepositories.find((r) =>
        r.enterpriseId === enterprise.enterpriseId
      );
      if (!repository) {
        throw new ApiError(
          "ResourceNotFound",
          `Enterprise ${enterprise.enterpriseId} has no robot-dedicated repository.`,
        );
      }
      return { result: withoutEnterprise(repository) };
    },
  }),

  defineOperation({
    method: "GET",
    path: "/aikb/list_directory_tree",
    readOnly: true,
    params: z.strictObject({
      repositoryId: vLong(),
      botId: vLong().optional(),
      type: KNOWLEDGE_TYPE,
    }),
    handle: (ctx, q) => ({ result: directoryTree(caller(ctx), q.repositoryId, q.type, q.botId) }),
  }),
  defineOperation({
    method: "POST",
    path: "/aikb/save_directory",
    readOnly: false,
    params: z.strictObject({
      repositoryId: vLong(),
      name: vText(),
      type: KNOWLEDGE_TYPE,
      parentId: vLong().optional(),
    }),
    handle: (ctx, input) => ({ id: saveDirectory(caller(ctx), input) }),
  }),
  defineOperation({
    method: "POST",
    path: "/aikb/edit_directory",
    readOnly: false,
    params: z.strictObject({
      directoryId: vLong(),
      targetRepositoryId: vLong().optional(),
      name: vText().optional(),
      targetDirectoryId: vLong().optional(),
    }),
    handle: (ctx, input) => ({ id: editDirectory(caller(ctx), input) }),
  }),
  defineOperation({
    method: "POST",
    path: "/aikb/list_faqs",
    readOnly: true,
    params: z.strictObject({
      repositoryId: vLong(),
      botId: vLong().optional(),
      updateTimeStart: TIME_TEXT.optional(),
      updateTimeEnd: TIME_TEXT.optional(),
      ...paging,
    }).superRefine(bothOrNeither("updateTimeStart", "updateTimeEnd")),
    handle: (ctx, q) => {
      const c = caller(ctx);
      findRepository(c, q.repositoryId);
      const bound = q.botId === undefined ? undefined : new Set(
        c.state.kb.directories.filter((d) => d.botId === q.botId).flatMap((
          d,
        ) => [...subtree(c.state, d.id)]),
      );
      const faqs = c.state.kb.faqs.filter((f) =>
        f.enterpriseId === c.enterpriseId && f.repositoryId === q.repositoryId &&
        (bound === undefined || bound.has(f.directoryId)) &&
        (q.updateTimeStart === undefined ||
          (f.updateTime >= q.updateTimeStart && f.updateTime < q.updateTimeEnd!))
      );
      return pageOf(faqs, q.offset, q.limit, faqView);
    },
  }),
  defineOperation({
    method: "POST",
    path: "/aikb/create_faq",
    readOnly: false,
    params: z.strictObject(FaqFields),
    handle: (ctx, input) => ({ id: createFaq(caller(ctx), input) }),
  }),
  defineOperation({
    method: "POST",
    path: "/aikb/edit_faq",
    readOnly: false,
    params: z.strictObject({ id: vLong(), ...FaqFields }),
    handle: (ctx, { id, ...input }) => ({ id: editFaq(caller(ctx), id, input) }),
  }),
  defineOperation({
    method: "POST",
    path: "/aikb/delete_faq",
    readOnly: false,
    params: z.strictObject({ id: vLong() }),
    handle: (ctx, { id }) => ({ id: deleteFaq(caller(ctx), id) }),
  }),
  defineOperation({
    method: "POST",
    path: "/aikb/describe_faq",
    readOnly: true,
    params: z.strictObject({ id: vLong() }),
    handle: (ctx, { id }) => ({ result: faqView(findFaq(caller(ctx), id)) }),
  }),

  defineOperation({
    method: "POST",
    path: "/aikb/get_file_upload_url",
    readOnly: false,
    params: z.strictObject({ fileName: vText(), fileSize: vLongIn(0, 2 * 1024 ** 3) }),
    handle: (ctx, { fileName, fileSize }) => ({
      result: uploadUrl(ctx.emulator, caller(ctx), fileName, fileSize),
    }),
  }),
  defineOperation({
    method: "POST",
    path: "/aikb/create_file",
    readOnly: false,
    params: z.strictObject({
      repositoryId: vLong(),
      directoryId: vLong(),
      fileName: vText(),
      fileKey: vText(),
      introduction: vString().optional(),
      tags: z.array(vLong()).optional(),
      effectiveFrom: DATE_TIME.optional(),
      effectiveTo: DATE_TIME.optional(),
    }),
    handle: (ctx, input) => {
      const zone = ctx.enterprise.timeZone;
      const at = (text?: string) => (text === undefined ? undefined : parseLocalText(text, zone));
      const fileId = createFile(ctx.emulator, caller(ctx), {
        ...input,
        effectiveFrom: at(input.effectiveFrom),
        effectiveTo: at(input.effectiveTo),
      });
      return { result: { fileId } };
    },
  }),
  defineOperation({
    method: "POST",
    path: "/aikb/list_files",
    readOnly: true,
    params: z.strictObject({
      repositoryId: vLong(),
      directoryId: vLong().optional(),
      createTimeStart: TIME_TEXT.optional(),
      createTimeEnd: TIME_TEXT.optional(),
      updateTimeStart: TIME_TEXT.optional(),
      updateTimeEnd: TIME_TEXT.optional(),
      ...paging,
    }).superRefine(bothOrNeither("createTimeStart", "createTimeEnd")).superRefine(
      bothOrNeither("updateTimeStart", "updateTimeEnd"),
    ),
    handle: (ctx, q) => {
      const c = caller(ctx);
      findRepository(c, q.repositoryId);
      const files = c.state.kb.files.filter((f) =>
        f.enterpriseId === c.enterpriseId && f.repositoryId === q.repositoryId &&
        (q.directoryId === undefined || f.directoryId === q.directoryId) &&
        (q.createTimeStart === undefined ||
          (f.createTime >= q.createTimeStart && f.createTime < q.createTimeEnd!)) &&
        (q.updateTimeStart === undefined ||
          (f.updateTime >= q.updateTimeStart && f.updateTime < q.updateTimeEnd!))
      );
      return pageOf(files, q.offset, q.limit, (f) => fileView(f, c.now));
    },
  }),
  defineOperation({
    method: "POST",
    path: "/aikb/describe_file",
    readOnly: true,
    params: z.strictObject({ id: vLong() }),
    handle: (ctx, { id }) => {
      const c = caller(ctx);
      const file = findFile(c, id);
      return {
        result: { ...fileView(file, c.now), directoryNames: directoryNames(c, file.directoryId) },
      };
    },
  }),
  defineOperation({
    method: "POST",
    path: "/aikb/delete_files",
    readOnly: false,
    params: z.strictObject({
      repositoryId: vLong(),
      fileIds: z.array(vLong()).min(1, { error: "must name at least one file" }),
    }),
    handle: (ctx, { repositoryId, fileIds }) => ({
      result: { fileIds: deleteFiles(caller(ctx), repositoryId, fileIds) },
    }),
  }),
  defineOperation({
    method: "POST",
    path: "/aikb/list_recycled_items",
    readOnly: true,
    params: z.strictObject({
      repositoryId: vLong(),
      deleteUser: vString().optional(),
      keyword: vString().optional(),
      type: z.enum(["ALL", "FAQ", "FILE"], { error: 'must be "ALL", "FAQ" or "FILE"' }).optional(),
      ...paging,
    }),
    handle: (ctx, q) =>
      pageOf(
        recycledItems(caller(ctx), q, ctx.enterprise.timeZone),
        q.offset,
        q.limit,
        (item) => item,
      ),
  }),
  defineOperation({
    method: "GET",
    path: "/aikb/describe_file_media_url",
    readOnly: true,
    params: z.strictObject({ fileId: vLong(), inline: vBool().optional() }),
    handle: (ctx, q) => ({
      url: fileMediaUrl(ctx.emulator, caller(ctx), q.fileId, q.inline ?? false),
    }),
  }),
  defineOperation({
    method: "GET",
    path: "/aikb/describe_faq_media_url",
    readOnly: true,
    params: z.strictObject({ faqId: vLong(), fileKey: vText(), inline: vBool().optional() }),
    handle: (ctx, q) => {
      const c = caller(ctx);
      const view = faqView(findFaq(c, q.faqId, "faqId"));
      const url = faqMediaUrl(ctx.emulator, c, q.faqId, q.fileKey, q.inline ?? false, [
        ...view.attachments,
        ...view.introductionAttachments,
      ]);
      return { url };
    },
  }),

  defineOperation({
    method: "POST",
    path: "/aikb/chat_conversation_on_open",
    readOnly: true,
    params: z.strictObject({
      content: vText(),
      conversationId: vString().optional(),
      userId: vString().optional(),
    }),
    // `username` names the asking user (spec 5.2); it is not a credential.
    query: z.strictObject({ username: vText() }),
    handle: (ctx, body) => ({
      result: answer(
        ctx.emulator,
        caller(ctx),
        body.content,
        body.conversationId || undefined,
        ctx.enterprise.timeZone,
      ),
    }),
  }),
  defineOperation({
    method: "POST",
    path: "/aikb/search_knowledge_on_open",
    readOnly: true,
    params: z.strictObject({
      keyword: vString().optional(),
      orderField: z.enum(["createTime", "searchCount", "likeCount", "updateTime", "actionCount"], {
        error: "must be one of createTime, searchCount, likeCount, updateTime, actionCount",
      }).optional(),
      knowledgeType: KNOWLEDGE_TYPE.optional(),
      repositoryIds: z.array(vLong()).optional(),
      directoryIds: z.array(vLong()).optional(),
      ...paging,
    }),
    query: z.strictObject({ username: vString().optional() }),
    handle: (ctx, q) => {
      const c = caller(ctx);
      (q.repositoryIds ?? []).forEach((id, i) => findRepository(c, id, `repositoryIds[${i}]`));
      const { candidates, terms } = search(c, q);
      return pageOf(candidates, q.offset, q.limit, (candidate) => hitOf(c, candidate, terms));
    },
  }),
  defineOperation({
    method: "POST",
    path: "/aikb/signature_for_upload",
    readOnly: false,
    params: z.strictObject({ fileName: vText() }),
    handle: ({ emulator }, { fileName }) => ({
      result: uploadSignature(emulator, emulator.clock.now(), fileName),
    }),
  }),
];
