/**
 * A small but varied tenant for ccemu A in the `ccemu fixtures` round trip: two scripts with
 * variables, two lines, a task not started with customers and a finished one with a call, three
 * kinds of repository with directories, FAQ entries (one only named in another's relatedIds) and
 * a document. Nothing of it is the demo tenant's, so what C answers can only come from the file.
 */
import { UPSTREAM_ENTERPRISE as E, UPSTREAM_KEY, UPSTREAM_SECRET } from "./helpers.ts";

const at = (iso: string) => Date.parse(iso);

const TASK_DEFAULTS = {
  enterpriseId: E,
  jobType: 2,
  robotDefId: 4101,
  userPhoneIds: [601],
  concurrencyNum: 1,
  concurrencyQuota: 1,
  startDate: null,
  remark: "",
  mobile: null,
  openElasticity: false,
  priority: null,
  repeatCall: false,
  repeatCallRule: [],
  restoreAi: false,
  smsType: 0,
  smsTemplateId: null,
  smsSendLevel: null,
  wechatPush: false,
  levelAssignTypeEnabled: false,
  workingTimeRuleList: [],
  permitRepeatNum: false,
};

const CALL_DEFAULTS = {
  enterpriseId: E,
  callInstanceStatus: 0,
  finishStatus: null,
  duration: 0,
  chatRound: 0,
  startTime: null,
  endTime: null,
  calledTimes: 0,
  hangUp: null,
  intention: null,
  labels: [],
  rule: null,
  callerPhone: null,
  endsAt: null,
  nextAttemptAt: null,
};

const outbound = {
  scripts: [
    {
      enterpriseId: E,
      robotDefId: 4101,
      robotName: "分期提醒",
      industryOneName: "金融",
      industryTwoName: "消费金融",
      robotStatus: 5,
      deployTime: "2026-02-01 09:30:00",
      variables: ["客户姓名", "分期金额"],
      resultDefs: [
        { name: "意向等级", values: ["A级(有明确意向)", "B级(可能有意向)"] },
        { name: "关注点", values: ["利率", "期限"] },
      ],
    },
    {
      enterpriseId: E,
      robotDefId: 4102,
      robotName: "Satisfaction survey",
      robotStatus: 0,
      variables: ["product"],
    },
  ],
  lines: [
    {
      enterpriseId: E,
      userPhoneId: 601,
      phone: "02158880001",
      phoneName: "Shanghai trunk",
      phoneType: 2,
      sceneType: 2,
      billPeriod: 30,
      rateType: 1,
      nonlocalSellingRate: 12,
      localSellingRate: 8,
      lineAmount: 88.5,
    },
    { enterpriseId: E, userPhoneId: 602, phone: "13800000602", phoneType: 0, sceneType: 3 },
  ],
  blacklist: [{ enterpriseId: E, blackListId: 7, mobile: "13900000007", createTime: 0 }],
  tasks: [
    {
      ...TASK_DEFAULTS,
      callJobId: 81001,
      jobName: "March instalments",
      callJobStatus: 0,
      concurrencyNum: 2,
      remark: "batch 3",
      priority: 3,
      repeatCall: true,
      repeatCallRule: [{ interval: 30, phoneStatus: 8, times: 2 }],
      smsType: 1,
      smsTemplateId: 12,
      smsSendLevel: "A级(有明确意向)",
      workingTimeRuleList: [{
        weeks: [1, 2, 3, 4, 5],
        timeRanges: [{ startTime: "08:30", endTime: "12:00" }, {
          startTime: "13:30",
          endTime: "20:00",
        }],
      }],
      createTime: at("2026-03-01T02:00:00Z"),
    },
    {
      ...TASK_DEFAULTS,
      callJobId: 81002,
      jobName: "February follow-up",
      callJobStatus: 2,
      startDate: at("2026-02-10T01:00:00Z"),
      createTime: at("2026-02-10T00:30:00Z"),
    },
  ],
  calls: [
    {
      ...CALL_DEFAULTS,
      callInstanceId: 900100001,
      callJobId: 81001,
      customerTelephone: "13700000001",
      customerName: "王先生",
      properties: { 客户姓名: "王先生", 分期金额: "3000" },
    },
    {
      ...CALL_DEFAULTS,
      callInstanceId: 900100002,
      callJobId: 81001,
      customerTelephone: "13700000002",
      customerName: "",
      properties: { 客户姓名: "李女士", 分期金额: "1200", 备注: "VIP" },
    },
    {
      ...CALL_DEFAULTS,
      callInstanceId: 900100003,
      callJobId: 81002,
      customerTelephone: "13700000003",
      customerName: "赵先生",
      properties: { 客户姓名: "赵先生", 分期金额: "800" },
      callInstanceStatus: 2,
      finishStatus: 0,
      duration: 65,
      chatRound: 4,
      startTime: at("2026-02-10T01:05:00Z"),
      endTime: at("2026-02-10T01:06:05Z"),
      calledTimes: 2,
      hangUp: 1,
      intention: "A级(有明确意向)",
      labels: ["利率", "期限"],
      rule: "table",
      callerPhone: "02158880001",
    },
  ],
};

const kb = {
  publicRepositories: [{
    enterpriseId: E,
    id: 111,
    name: "Help center",
    createUser: "ops",
    updateUser: "admin",
    createTime: "2026/02/01 10:00:00",
    updateTime: "2026/02/03 11:00:00",
  }],
  personalRepositories: [
    {
      enterpriseId: E,
      id: 211,
      name: "ops notes",
      owner: "ops",
      createTime: "2026/02/01 10:30:00",
    },
  ],
  botRepositories: [
    { enterpriseId: E, id: 311, name: "Robot KB", createTime: "2026/02/01 11:00:00" },
  ],
  directories: [
    [1101, 111, "售后", "FAQ", null, null],
    [1102, 111, "退款", "FAQ", 1101, null],
    [1103, 111, "Manuals", "FILE", null, null],
    [1104, 311, "Robot answers", "FAQ", null, 4101],
    [1105, 211, "Drafts", "FAQ", null, null],
  ].map(([id, repositoryId, name, type, parentId, botId]) => ({
    enterpriseId: E,
    id,
    repositoryId,
    name,
    type,
    parentId,
    botId,
    createTime: "2026/02/02 09:00:00",
    updateTime: id === 1101 ? "2026/02/05 09:00:00" : null,
    createUser: "ops",
    updateUser: id === 1101 ? "admin" : null,
  })),
  faqs: [
    {
      id: 2101,
      repositoryId: 111,
      directoryId: 1101,
      question: "如何退款？",
      introduction: "退款说明",
      answers: [{
        id: 31,
        content:
          '<p>见 <a href="https://kb.example/d?fileKey=att-1.pdf&fileName=refund.pdf">退款</a></p>',
        type: "html",
      }],
      similars: [{ question: "退款流程" }],
      relatedIds: [2103],
      onlineDateFrom: "2026/02/01 00:00:00",
    },
    {
      id: 2102,
      repositoryId: 111,
      directoryId: 1102,
      question: "How long does a refund take?",
      answers: [{ id: 32, content: "Three working days.", type: "text" }],
    },
    {
      id: 2103,
      repositoryId: 211,
      directoryId: 1105,
      question: "Draft: refund exceptions",
      answers: [{ id: 33, content: "Not read through the proxy.", type: "text" }],
    },
    {
      id: 2104,
      repositoryId: 311,
      directoryId: 1104,
      question: "Hello?",
      answers: [{ id: 34, content: "Hi, how can I help?", type: "text" }],
    },
  ].map((faq) => ({
    enterpriseId: E,
    createTime: "2026/02/03 10:00:00",
    updateTime: "2026/02/04 10:00:00",
    createUser: "ops",
    updateUser: "ops",
    ...faq,
  })),
  files: [{
    enterpriseId: E,
    id: 5101,
    name: "manual.pdf",
    repositoryId: 111,
    directoryId: 1103,
    fileKey: "f-manual.pdf",
    introduction: "The product manual",
    likeCount: 3,
    searchCount: 9,
    size: 2048,
    type: "pdf",
    createTime: "2026/02/06 10:00:00",
    updateTime: "2026/02/07 10:00:00",
    tags: [{ id: 1, name: "guide" }],
  }],
};

/** A's fixture: its own tenant, signed with the upstream key B forwards with. */
export const UPSTREAM_TENANT = {
  enterprises: [{ enterpriseId: E, name: "Upstream tenant", timeZone: "Asia/Shanghai" }],
  accessKeys: [{
    accessKeyId: UPSTREAM_KEY,
    accessKeySecret: UPSTREAM_SECRET,
    enterpriseId: E,
    username: "ops",
  }],
  outbound,
  kb,
};

/** The reads recorded through B: every operation a fixture is read from. */
export const READS: { method: string; path: string; body?: object; query?: [string, string][] }[] =
  [
    { method: "POST", path: "/gateway/robot_list", body: { robotStatus: 0, enterpriseId: E } },
    { method: "POST", path: "/gateway/robot_list", body: { robotStatus: 1, enterpriseId: E } },
    {
      method: "POST",
      path: "/gateway/scenevariables",
      body: { enterpriseId: E, robotDefId: 4101 },
    },
    {
      method: "POST",
      path: "/gateway/scenevariables",
      body: { enterpriseId: E, robotDefId: 4102 },
    },
    { method: "POST", path: "/gateway/phone_list", body: { enterpriseId: E } },
    { method: "POST", path: "/gateway/task_list", body: { enterpriseId: E } },
    { method: "POST", path: "/gateway/task", body: { enterpriseId: E, callJobId: 81001 } },
    { method: "POST", path: "/gateway/task", body: { enterpriseId: E, callJobId: 81002 } },
    {
      method: "POST",
      path: "/gateway/call_not_start_list",
      body: { enterpriseId: E, callJobId: 81001 },
    },
    {
      method: "POST",
      path: "/gateway/call_done_list",
      body: { enterpriseId: E, callJobId: 81002 },
    },
    {
      method: "POST",
      path: "/gateway/call_detail",
      body: { enterpriseId: E, callInstanceId: 900100003 },
    },
    { method: "GET", path: "/aikb/list_public_repositories" },
    { method: "GET", path: "/aikb/list_private_repositories" },
    { method: "GET", path: "/aikb/describe_bot_repository" },
    {
      method: "GET",
      path: "/aikb/list_directory_tree",
      query: [["repositoryId", "111"], ["type", "FAQ"]],
    },
    {
      method: "GET",
      path: "/aikb/list_directory_tree",
      query: [["repositoryId", "111"], ["type", "FILE"]],
    },
    {
      method: "GET",
      path: "/aikb/list_directory_tree",
      query: [["repositoryId", "311"], ["type", "FAQ"], ["botId", "4101"]],
    },
    {
      method: "GET",
      path: "/aikb/list_directory_tree",
      query: [["repositoryId", "211"], ["type", "FAQ"]],
    },
    { method: "POST", path: "/aikb/list_faqs", body: { repositoryId: 111 } },
    { method: "POST", path: "/aikb/list_faqs", body: { repositoryId: 311 } },
    { method: "POST", path: "/aikb/describe_faq", body: { id: 2101 } },
    { method: "POST", path: "/aikb/list_files", body: { repositoryId: 111 } },
    { method: "POST", path: "/aikb/describe_file", body: { id: 5101 } },
  ];
