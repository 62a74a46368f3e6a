/**
 * One realistic request per signed operation, on the demo tenant, in an order that works from a
 * fresh emulator (a task is created before customers are imported into it, a document uploaded
 * before it is created). The OpenAPI document shows each with the answer a fresh ccemu gives
 * (captured by running them), and a test checks every answer against its documented schema.
 */

export interface ExampleRequest {
  /** `METHOD /path`, as the operation table names it. */
  operation: string;
  /** POST: the JSON body; GET: the query parameters. */
  params: Record<string, unknown>;
  /** Business query parameters of a POST (question answering's `username`). */
  query?: Record<string, string>;
  /**
   * Done before the request, for the storage step it depends on: a document's bytes PUT to its
   * upload URL (`FILE_KEY` in the params becomes its key), or an attachment POSTed with a form and
   * an FAQ entry made to reference it (`ATTACHMENT_KEY` and `ATTACHMENT_FAQ` become theirs).
   */
  before?: "upload-document" | "upload-attachment";
  /** Done after it: let the virtual clock run until the dialing is over. */
  then?: "advance-until-idle";
}

/** The demo tenant every example acts for. */
const DEMO_ENTERPRISE = "7000001";
const rows = JSON.stringify([
  { phone: "13812340001", name: "张三", properties: { 客户姓名: "张三", 分期金额: "12000" } },
  { phone: "13812340002", name: "李四", properties: { 客户姓名: "李四", 分期金额: "8000" } },
]);

export const EXAMPLES: ExampleRequest[] = [
  { operation: "POST /gateway/robot_list", params: { robotStatus: 1 } },
  {
    operation: "POST /gateway/scenevariables",
    params: { enterpriseId: DEMO_ENTERPRISE, robotDefId: 3001 },
  },
  { operation: "POST /gateway/phone_list", params: { enterpriseId: DEMO_ENTERPRISE } },
  {
    operation: "POST /gateway/add_black_info",
    params: {
      enterpriseId: DEMO_ENTERPRISE,
      mobile: "13900001111",
      name: "王五",
      remark: "asked not to be called",
    },
  },
  {
    operation: "POST /gateway/task_create",
    params: {
      enterpriseId: DEMO_ENTERPRISE,
      callJobName: "Instalment follow-up",
      callJobType: 2,
      robotDefId: 3001,
      userPhoneIds: "[501]",
      concurrencyQuota: 1,
      concurrencyNum: 2,
      repeatCall: true,
      repeatCallRule: '[{"interval":30,"phoneStatus":8,"times":1}]',
    },
  },
  {
    operation: "POST /gateway/task_import",
    params: { enterpriseId: DEMO_ENTERPRISE, callJobId: 80001, customerInfoVOList: rows },
  },
  {
    operation: "POST /gateway/task_execute",
    params: { enterpriseId: DEMO_ENTERPRISE, callJobId: 80001, command: 1 },
    then: "advance-until-idle",
  },
  {
    operation: "POST /gateway/task_list",
    params: { enterpriseId: DEMO_ENTERPRISE, pageNum: 1, pageSize: 20 },
  },
  { operation: "POST /gateway/task", params: { enterpriseId: DEMO_ENTERPRISE, callJobId: 80001 } },
  {
    operation: "POST /gateway/calljob_status_list",
    params: { enterpriseId: DEMO_ENTERPRISE, callJobIdList: "[80001]" },
  },
  {
    operation: "POST /gateway/call_done_list",
    params: { enterpriseId: DEMO_ENTERPRISE, callJobId: 80001, pageNum: 1, pageSize: 20 },
  },
  {
    operation: "POST /gateway/call_not_start_list",
    params: { enterpriseId: DEMO_ENTERPRISE, callJobId: 80001, pageNum: 1, pageSize: 20 },
  },
  {
    operation: "POST /gateway/call_detail",
    params: { enterpriseId: DEMO_ENTERPRISE, callInstanceId: 900000001 },
  },

  { operation: "GET /aikb/list_public_repositories", params: {} },
  { operation: "GET /aikb/list_private_repositories", params: {} },
  { operation: "GET /aikb/describe_bot_repository", params: {} },
  { operation: "GET /aikb/list_directory_tree", params: { repositoryId: 101, type: "FAQ" } },
  {
    operation: "POST /aikb/save_directory",
    params: { repositoryId: 101, name: "Invoices", type: "FAQ", parentId: 1001 },
  },
  {
    operation: "POST /aikb/edit_directory",
    params: { directoryId: 1006, name: "Invoices and receipts" },
  },
  {
    operation: "POST /aikb/create_faq",
    params: {
      repositoryId: 101,
      directoryId: 1006,
      question: "如何开发票？",
      answers: [{ content: "在订单详情页点击“申请发票”。", type: "text" }],
      similars: ["怎么开发票"],
    },
  },
  {
    operation: "POST /aikb/edit_faq",
    params: {
      id: 2007,
      repositoryId: 101,
      directoryId: 1006,
      question: "如何开发票？",
      answers: [{
        content: "在订单详情页点击“申请发票”，电子发票 24 小时内发到邮箱。",
        type: "text",
      }],
      similars: ["怎么开发票", "发票在哪里申请"],
    },
  },
  { operation: "POST /aikb/describe_faq", params: { id: 2007 } },
  { operation: "POST /aikb/list_faqs", params: { repositoryId: 101, offset: 0, limit: 10 } },
  {
    operation: "POST /aikb/get_file_upload_url",
    params: { fileName: "returns.txt", fileSize: 38 },
  },
  {
    operation: "POST /aikb/create_file",
    params: { repositoryId: 101, directoryId: 1004, fileName: "returns.txt", fileKey: "FILE_KEY" },
    before: "upload-document",
  },
  { operation: "POST /aikb/list_files", params: { repositoryId: 101, offset: 0, limit: 10 } },
  { operation: "POST /aikb/describe_file", params: { id: 5004 } },
  { operation: "GET /aikb/describe_file_media_url", params: { fileId: 5004, inline: "true" } },
  { operation: "POST /aikb/signature_for_upload", params: { fileName: "manual.pdf" } },
  {
    operation: "POST /aikb/chat_conversation_on_open",
    params: { content: "退款多久到账？" },
    query: { username: "admin" },
  },
  {
    operation: "POST /aikb/search_knowledge_on_open",
    params: { keyword: "退款", offset: 0, limit: 10 },
    query: { username: "admin" },
  },
  { operation: "POST /aikb/delete_faq", params: { id: 2007 } },
  { operation: "POST /aikb/delete_files", params: { repositoryId: 101, fileIds: [5004] } },
  {
    operation: "POST /aikb/list_recycled_items",
    params: { repositoryId: 101, type: "ALL", offset: 0, limit: 10 },
  },
  {
    operation: "GET /aikb/describe_faq_media_url",
    params: { faqId: "ATTACHMENT_FAQ", fileKey: "ATTACHMENT_KEY", inline: "false" },
    before: "upload-attachment",
  },

  {
    operation: "POST /livechat/third_part_bot_register",
    params: {
      name: "Order assistant",
      domain: "https://agent.example.com",
      authEnabled: true,
      authentication: { type: "TOKEN", token: "agent-secret-token" },
      pushConfigList: [
        { type: "Open", uri: "/open", httpMethod: "POST" },
        { type: "Message", uri: "/message", httpMethod: "POST" },
      ],
      platform: "Default",
    },
  },
];
