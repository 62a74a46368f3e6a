/** The knowledge-base operations under `/aikb` (document 3): one call into the domain each. */
import { defineOperation, type Operation } from "../signed-api/operation.ts";
import { uploadSignature } from "./attachments.ts";
import { directoryTree, editDirectory, saveDirectory } from "./directories.ts";
import { createFaq, deleteFaq, editFaq, faqView, findFaq, listFaqs } from "./faqs.ts";
import { createFile, deleteFiles, describeFile, listFiles, uploadUrl } from "./files.ts";
import { faqMediaUrl, fileMediaUrl } from "./media-links.ts";
import { answer } from "./qa.ts";
import { listRecycled } from "./recycle-bin.ts";
import {
  ChatConversationQuery,
  ChatConversationRequest,
  CreateFaqRequest,
  CreateFileRequest,
  DeleteFaqRequest,
  DeleteFilesRequest,
  DescribeBotRepositoryRequest,
  DescribeFaqMediaUrlRequest,
  DescribeFaqRequest,
  DescribeFileMediaUrlRequest,
  DescribeFileRequest,
  EditDirectoryRequest,
  EditFaqRequest,
  GetFileUploadUrlRequest,
  ListDirectoryTreeRequest,
  ListFaqsRequest,
  ListFilesRequest,
  ListPrivateRepositoriesRequest,
  ListPublicRepositoriesRequest,
  ListRecycledItemsRequest,
  SaveDirectoryRequest,
  SearchKnowledgeQuery,
  SearchKnowledgeRequest,
  SignatureForUploadRequest,
} from "./schemas.ts";
import { searchKnowledge } from "./search.ts";
import { botRepository, type KbStore, personalRepositories, publicRepositories } from "./store.ts";

export function kbOperations(store: KbStore): Operation[] {
  return [
    defineOperation({
      method: "GET",
      path: "/aikb/list_public_repositories",
      readOnly: true,
      params: ListPublicRepositoriesRequest,
      handle: ({ tenant }) => ({ result: publicRepositories(store, tenant) }),
    }),
    defineOperation({
      method: "GET",
      path: "/aikb/list_private_repositories",
      readOnly: true,
      params: ListPrivateRepositoriesRequest,
      handle: ({ tenant }) => ({ result: personalRepositories(store, tenant) }),
    }),
    defineOperation({
      method: "GET",
      path: "/aikb/describe_bot_repository",
      readOnly: true,
      params: DescribeBotRepositoryRequest,
      handle: ({ tenant }) => ({ result: botRepository(store, tenant) }),
    }),
    defineOperation({
      method: "GET",
      path: "/aikb/list_directory_tree",
      readOnly: true,
      params: ListDirectoryTreeRequest,
      handle: ({ tenant }, q) => ({
        result: directoryTree(store, tenant, q.repositoryId, q.type, q.botId),
      }),
    }),
    defineOperation({
      method: "POST",
      path: "/aikb/save_directory",
      readOnly: false,
      params: SaveDirectoryRequest,
      handle: ({ tenant }, input) => ({ id: saveDirectory(store, tenant, input) }),
    }),
    defineOperation({
      method: "POST",
      path: "/aikb/edit_directory",
      readOnly: false,
      params: EditDirectoryRequest,
      handle: ({ tenant }, input) => ({ id: editDirectory(store, tenant, input) }),
    }),
    defineOperation({
      method: "POST",
      path: "/aikb/list_faqs",
      readOnly: true,
      params: ListFaqsRequest,
      handle: ({ tenant }, q) => listFaqs(store, tenant, q),
    }),
    defineOperation({
      method: "POST",
      path: "/aikb/create_faq",
      readOnly: false,
      params: CreateFaqRequest,
      handle: ({ tenant }, input) => ({ id: createFaq(store, tenant, input) }),
    }),
    defineOperation({
      method: "POST",
      path: "/aikb/edit_faq",
      readOnly: false,
      params: EditFaqRequest,
      handle: ({ tenant }, { id, ...input }) => ({ id: editFaq(store, tenant, id, input) }),
    }),
    defineOperation({
      method: "POST",
      path: "/aikb/delete_faq",
      readOnly: false,
      params: DeleteFaqRequest,
      handle: ({ tenant }, { id }) => ({ id: deleteFaq(store, tenant, id) }),
    }),
    defineOperation({
      method: "POST",
      path: "/aikb/describe_faq",
      readOnly: true,
      params: DescribeFaqRequest,
      handle: ({ tenant }, { id }) => ({ result: faqView(findFaq(store, tenant, id)) }),
    }),
    defineOperation({
      method: "POST",
      path: "/aikb/get_file_upload_url",
      readOnly: false,
      params: GetFileUploadUrlRequest,
      handle: ({ tenant }, q) => ({ result: uploadUrl(store, tenant, q.fileName, q.fileSize) }),
    }),
    defineOperation({
      method: "POST",
      path: "/aikb/create_file",
      readOnly: false,
      params: CreateFileRequest,
      handle: ({ tenant }, input) => ({ result: { fileId: createFile(store, tenant, input) } }),
    }),
    defineOperation({
      method: "POST",
      path: "/aikb/list_files",
      readOnly: true,
      params: ListFilesRequest,
      handle: ({ tenant }, q) => listFiles(store, tenant, q),
    }),
    defineOperation({
      method: "POST",
      path: "/aikb/describe_file",
      readOnly: true,
      params: DescribeFileRequest,
      handle: ({ tenant }, { id }) => ({ result: describeFile(store, tenant, id) }),
    }),
    defineOperation({
      method: "POST",
      path: "/aikb/delete_files",
      readOnly: false,
      params: DeleteFilesRequest,
      handle: ({ tenant }, q) => ({
        result: { fileIds: deleteFiles(store, tenant, q.repositoryId, q.fileIds) },
      }),
    }),
    defineOperation({
      method: "POST",
      path: "/aikb/list_recycled_items",
      readOnly: true,
      params: ListRecycledItemsRequest,
      handle: ({ tenant }, q) => listRecycled(store, tenant, q),
    }),
    defineOperation({
      method: "GET",
      path: "/aikb/describe_file_media_url",
      readOnly: true,
      params: DescribeFileMediaUrlRequest,
      handle: ({ tenant }, q) => ({
        url: fileMediaUrl(store, tenant, q.fileId, q.inline ?? false),
      }),
    }),
    defineOperation({
      method: "GET",
      path: "/aikb/describe_faq_media_url",
      readOnly: true,
      params: DescribeFaqMediaUrlRequest,
      handle: ({ tenant }, q) => ({
        url: faqMediaUrl(store, tenant, q.faqId, q.fileKey, q.inline ?? false),
      }),
    }),
    defineOperation({
      method: "POST",
      path: "/aikb/chat_conversation_on_open",
      readOnly: true,
      params: ChatConversationRequest,
      query: ChatConversationQuery,
      handle: ({ tenant }, body) => ({
        result: answer(store, tenant, body.content, body.conversationId || undefined),
      }),
    }),
    defineOperation({
      method: "POST",
      path: "/aikb/search_knowledge_on_open",
      readOnly: true,
      params: SearchKnowledgeRequest,
      query: SearchKnowledgeQuery,
      handle: ({ tenant }, q) => searchKnowledge(store, tenant, q),
    }),
    defineOperation({
      method: "POST",
      path: "/aikb/signature_for_upload",
      readOnly: false,
      params: SignatureForUploadRequest,
      handle: (_, { fileName }) => ({ result: uploadSignature(store, store.now, fileName) }),
    }),
  ];
}
