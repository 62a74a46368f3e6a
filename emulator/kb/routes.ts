/** The knowledge-base operations under `/aikb` (document 3). */
import { z } from "zod";
import { ApiError } from "../core/errors.ts";
import { vBool, vLong, vLongIn, vString, vText } from "../signed-api/fields.ts";
import { defineOperation, type Operation } from "../signed-api/operation.ts";
import {
  createFaq,
  deleteFaq,
  directoryTree,
  editDirectory,
  editFaq,
  faqView,
  findFaq,
  findRepository,
  type KbStore,
  saveDirectory,
  subtree,
} from "./store.ts";
import { parseLocalText } from "../core/zoned-time.ts";
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

export function kbOperations(store: KbStore): Operation[] {
  return [
    defineOperation({
      method: "GET",
      path: "/aikb/list_public_repositories",
      readOnly: true,
      params: NO_PARAMETERS,
      handle: ({ tenant: t }) => ({
        result: store.state.publicRepositories
          .filter((r) => r.enterpriseId === t.enterpriseId).map(withoutEnterprise),
      }),
    }),
    defineOperation({
      method: "GET",
      path: "/aikb/list_private_repositories",
      readOnly: true,
      params: NO_PARAMETERS,
      // "Personal" is per management user: the repositories whose owner is the key's username.
      handle: ({ tenant: t }) => ({
        result: store.state.personalRepositories
          .filter((r) => r.enterpriseId === t.enterpriseId && r.owner === t.key.username)
          .map(withoutEnterprise),
      }),
    }),
    defineOperation({
      method: "GET",
      path: "/aikb/describe_bot_repository",
      readOnly: true,
      params: NO_PARAMETERS,
      handle: ({ tenant: t }) => {
        const repository = store.state.botRepositories.find((r) =>
          r.enterpriseId === t.enterpriseId
        );
        if (!repository) {
          throw new ApiError(
            "ResourceNotFound",
            `Enterprise ${t.enterpriseId} has no robot-dedicated repository.`,
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
      handle: ({ tenant: t }, q) => ({
        result: directoryTree(store, t, q.repositoryId, q.type, q.botId),
      }),
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
      handle: ({ tenant: t }, input) => ({ id: saveDirectory(store, t, input) }),
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
      handle: ({ tenant: t }, input) => ({ id: editDirectory(store, t, input) }),
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
      handle: ({ tenant: t }, q) => {
        findRepository(store, t, q.repositoryId);
        const bound = q.botId === undefined ? undefined : new Set(
          store.state.directories.filter((d) => d.botId === q.botId).flatMap((
            d,
          ) => [...subtree(store.state, d.id)]),
        );
        const faqs = store.state.faqs.filter((f) =>
          f.enterpriseId === t.enterpriseId && f.repositoryId === q.repositoryId &&
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
      handle: ({ tenant: t }, input) => ({ id: createFaq(store, t, input) }),
    }),
    defineOperation({
      method: "POST",
      path: "/aikb/edit_faq",
      readOnly: false,
      params: z.strictObject({ id: vLong(), ...FaqFields }),
      handle: ({ tenant: t }, { id, ...input }) => ({ id: editFaq(store, t, id, input) }),
    }),
    defineOperation({
      method: "POST",
      path: "/aikb/delete_faq",
      readOnly: false,
      params: z.strictObject({ id: vLong() }),
      handle: ({ tenant: t }, { id }) => ({ id: deleteFaq(store, t, id) }),
    }),
    defineOperation({
      method: "POST",
      path: "/aikb/describe_faq",
      readOnly: true,
      params: z.strictObject({ id: vLong() }),
      handle: ({ tenant: t }, { id }) => ({ result: faqView(findFaq(store, t, id)) }),
    }),

    defineOperation({
      method: "POST",
      path: "/aikb/get_file_upload_url",
      readOnly: false,
      params: z.strictObject({ fileName: vText(), fileSize: vLongIn(0, 2 * 1024 ** 3) }),
      handle: ({ tenant: t }, { fileName, fileSize }) => ({
        result: uploadUrl(store, t, fileName, fileSize),
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
      handle: ({ tenant: t }, input) => {
        const zone = t.timeZone;
        const at = (text?: string) => (text === undefined ? undefined : parseLocalText(text, zone));
        const fileId = createFile(store, t, {
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
      handle: ({ tenant: t }, q) => {
        findRepository(store, t, q.repositoryId);
        const files = store.state.files.filter((f) =>
          f.enterpriseId === t.enterpriseId && f.repositoryId === q.repositoryId &&
          (q.directoryId === undefined || f.directoryId === q.directoryId) &&
          (q.createTimeStart === undefined ||
            (f.createTime >= q.createTimeStart && f.createTime < q.createTimeEnd!)) &&
          (q.updateTimeStart === undefined ||
            (f.updateTime >= q.updateTimeStart && f.updateTime < q.updateTimeEnd!))
        );
        return pageOf(files, q.offset, q.limit, (f) => fileView(f, store.now));
      },
    }),
    defineOperation({
      method: "POST",
      path: "/aikb/describe_file",
      readOnly: true,
      params: z.strictObject({ id: vLong() }),
      handle: ({ tenant: t }, { id }) => {
        const file = findFile(store, t, id);
        return {
          result: {
            ...fileView(file, store.now),
            directoryNames: directoryNames(store, file.directoryId),
          },
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
      handle: ({ tenant: t }, { repositoryId, fileIds }) => ({
        result: { fileIds: deleteFiles(store, t, repositoryId, fileIds) },
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
        type: z.enum(["ALL", "FAQ", "FILE"], { error: 'must be "ALL", "FAQ" or "FILE"' })
          .optional(),
        ...paging,
      }),
      handle: ({ tenant: t }, q) =>
        pageOf(
          recycledItems(store, t, q, t.timeZone),
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
      handle: ({ tenant: t }, q) => ({
        url: fileMediaUrl(store, t, q.fileId, q.inline ?? false),
      }),
    }),
    defineOperation({
      method: "GET",
      path: "/aikb/describe_faq_media_url",
      readOnly: true,
      params: z.strictObject({ faqId: vLong(), fileKey: vText(), inline: vBool().optional() }),
      handle: ({ tenant: t }, q) => {
        const view = faqView(findFaq(store, t, q.faqId, "faqId"));
        const url = faqMediaUrl(store, t, q.faqId, q.fileKey, q.inline ?? false, [
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
      handle: ({ tenant: t }, body) => ({
        result: answer(
          store,
          t,
          body.content,
          body.conversationId || undefined,
          t.timeZone,
        ),
      }),
    }),
    defineOperation({
      method: "POST",
      path: "/aikb/search_knowledge_on_open",
      readOnly: true,
      params: z.strictObject({
        keyword: vString().optional(),
        orderField: z.enum(
          ["createTime", "searchCount", "likeCount", "updateTime", "actionCount"],
          {
            error: "must be one of createTime, searchCount, likeCount, updateTime, actionCount",
          },
        ).optional(),
        knowledgeType: KNOWLEDGE_TYPE.optional(),
        repositoryIds: z.array(vLong()).optional(),
        directoryIds: z.array(vLong()).optional(),
        ...paging,
      }),
      query: z.strictObject({ username: vString().optional() }),
      handle: ({ tenant: t }, q) => {
        (q.repositoryIds ?? []).forEach((id, i) =>
          findRepository(store, t, id, `repositoryIds[${i}]`)
        );
        const { candidates, terms } = search(store, t, q);
        return pageOf(
          candidates,
          q.offset,
          q.limit,
          (candidate) => hitOf(store, candidate, terms),
        );
      },
    }),
    defineOperation({
      method: "POST",
      path: "/aikb/signature_for_upload",
      readOnly: false,
      params: z.strictObject({ fileName: vText() }),
      handle: (_, { fileName }) => ({
        result: uploadSignature(store, store.now, fileName),
      }),
    }),
  ];
}
